import { lazy, Suspense, useState, type FormEvent } from 'react';
import { bogotaToday } from '@togo/domain/bogota-time';
import {
  BLOG_BODY_MAX,
  BLOG_MSG,
  BLOG_TITLE_MAX,
  isHttpsImageUrl,
  isIsoDate,
  type BlogArticleInput,
  type OperatorBlogArticle,
} from '@togo/domain/content/blog.contract';
import { isApiError } from '../../../lib/api-client.ts';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { errorText, isStaleVersion } from '../../lib/operator-messages.ts';
import { saveBlogArticle } from './blog-api.ts';
import { fieldErrors } from './content-api.ts';
import { a11y, Field } from './EntryForm.tsx';

// The Markdown renderer (marked + DOMPurify) loads with the editor's preview only.
const MarkdownBody = lazy(() => import('../../../components/ui/MarkdownBody.tsx'));

interface BlogEditorProps {
  /** null: a new article. */
  article: OperatorBlogArticle | null;
  onDone: (saved: OperatorBlogArticle | null) => void;
  /** Loads the article as it is now (a save refused because someone saved it since, decision 096). */
  onReload: () => void;
}

/** Write or edit an article: title, cover (https URL, previewed), Markdown body with a preview, date, state. */
export function BlogEditor({ article, onDone, onReload }: BlogEditorProps) {
  const [titulo, setTitulo] = useState(article?.titulo ?? '');
  const [portada, setPortada] = useState(article?.portada ?? '');
  const [cuerpo, setCuerpo] = useState(article?.cuerpo ?? '');
  const [fecha, setFecha] = useState(article?.fecha_publicacion ?? bogotaToday(new Date()));
  const [publicado, setPublicado] = useState(article?.publicado ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);
  const cover = portada.trim();
  const coverOk = cover === '' || isHttpsImageUrl(cover);

  function check(): BlogArticleInput | null {
    const found: Record<string, string> = {};
    if (!titulo.trim()) found.titulo = 'Escribe el título.';
    if (!coverOk) found.portada = BLOG_MSG.coverHttps;
    if (!cuerpo.trim()) found.cuerpo = 'Escribe el artículo.';
    if (!isIsoDate(fecha)) found.fecha_publicacion = BLOG_MSG.badDate;
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    return { titulo: titulo.trim(), portada: cover, cuerpo, fecha_publicacion: fecha, publicado };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = check();
    if (!input) return;
    setBusy(true);
    setStale(false);
    try {
      onDone(await saveBlogArticle(article, input));
    } catch (err) {
      if (isStaleVersion(err)) setStale(true);
      else
        setErrors(isApiError(err) && err.status === 400 ? fieldErrors(err.body) : { detail: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  const id = (name: string) => `blog-${name}`;
  return (
    <form
      className="ct-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={article ? 'Editar artículo' : 'Nuevo artículo'}
    >
      <h2>{article ? `Editar «${article.titulo}»` : 'Nuevo artículo'}</h2>
      {errors.detail ? (
        <p role="alert" className="field-error">
          {errors.detail}
        </p>
      ) : null}
      {stale ? <StaleVersionNotice onReload={onReload} /> : null}
      <div className="blog-editor">
        <div className="blog-editor__fields">
          <Field id={id('titulo')} label="Título" error={errors.titulo}>
            <input
              {...a11y(id('titulo'), errors.titulo)}
              maxLength={BLOG_TITLE_MAX}
              value={titulo}
              onChange={(e) => setTitulo(e.target.value)}
            />
          </Field>
          <Field
            id={id('portada')}
            label="Imagen de portada (dirección https://, opcional)"
            error={errors.portada}
          >
            <input
              {...a11y(id('portada'), errors.portada)}
              type="url"
              inputMode="url"
              placeholder="https://…"
              value={portada}
              onChange={(e) => setPortada(e.target.value)}
            />
          </Field>
          <Field
            id={id('cuerpo')}
            label="Artículo (Markdown: ## título, **negrita**, [enlace](https://…), - lista)"
            error={errors.cuerpo}
          >
            <textarea
              {...a11y(id('cuerpo'), errors.cuerpo)}
              rows={14}
              maxLength={BLOG_BODY_MAX}
              value={cuerpo}
              onChange={(e) => setCuerpo(e.target.value)}
            />
          </Field>
          <div className="ct-form__grid">
            <Field id={id('fecha')} label="Fecha de publicación" error={errors.fecha_publicacion}>
              <input
                {...a11y(id('fecha'), errors.fecha_publicacion)}
                type="date"
                value={fecha}
                onChange={(e) => setFecha(e.target.value)}
              />
            </Field>
            <fieldset className="blog-editor__state">
              <legend>Estado</legend>
              <label className="ct-check">
                <input
                  type="radio"
                  name="blog-estado"
                  checked={!publicado}
                  onChange={() => setPublicado(false)}
                />
                Borrador (solo en la consola)
              </label>
              <label className="ct-check">
                <input
                  type="radio"
                  name="blog-estado"
                  checked={publicado}
                  onChange={() => setPublicado(true)}
                />
                Publicado (los conductores lo ven desde la fecha)
              </label>
            </fieldset>
          </div>
        </div>
        <section className="blog-editor__preview" aria-label="Vista previa">
          <h3>Vista previa</h3>
          <article className="blog-preview">
            {cover && coverOk ? (
              <img className="blog-preview__cover" src={cover} alt="Portada del artículo" />
            ) : null}
            <p className="blog-preview__title">{titulo.trim() || 'Sin título'}</p>
            <p className="ct-muted">{isIsoDate(fecha) ? fecha.split('-').reverse().join('-') : ''}</p>
            <Suspense fallback={<p role="status">Preparando la vista previa…</p>}>
              <MarkdownBody markdown={cuerpo || '_El artículo aparecerá aquí._'} />
            </Suspense>
          </article>
        </section>
      </div>
      <div className="ct-form__actions">
        <button type="button" className="btn btn--secondary" onClick={() => onDone(null)}>
          Cancelar
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Guardando…' : publicado ? 'Guardar y publicar' : 'Guardar borrador'}
        </button>
      </div>
    </form>
  );
}
