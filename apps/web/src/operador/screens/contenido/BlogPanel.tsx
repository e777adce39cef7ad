import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OperatorBlogArticle } from '@togo/domain/content/blog.contract';
import { bogotaToday } from '@togo/domain/bogota-time';
import { errorText } from '../../lib/operator-messages.ts';
import { useMay } from '../../lib/staff-role.tsx';
import { blogArticles, getBlogArticle } from './blog-api.ts';
import { BlogEditor } from './BlogEditor.tsx';

const KEY = ['operador', 'contenido', 'blog'];

function stateOf(a: OperatorBlogArticle, today: string): { text: string; on: boolean } {
  if (!a.publicado) return { text: 'Borrador', on: false };
  if (a.fecha_publicacion > today) return { text: 'Programado', on: false };
  return { text: 'Publicado', on: true };
}

/** The blog (issue 38): drafts and published articles, newest first; an editor with a preview. */
export function BlogPanel() {
  const canEdit = useMay('contenido.editar');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => blogArticles(signal) });
  // 'new', an article being edited, or nothing.
  const [editing, setEditing] = useState<OperatorBlogArticle | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const today = bogotaToday(new Date());

  async function reload(id: number) {
    const current = await getBlogArticle(id);
    setEditing(current);
    setNotice('Se cargó la versión actual.');
    await queryClient.invalidateQueries({ queryKey: KEY });
  }

  if (editing !== null) {
    const article = editing === 'new' ? null : editing;
    return (
      <>
        {notice ? (
          <p role="status" className="ct-ok">
            {notice}
          </p>
        ) : null}
        <BlogEditor
          key={article ? `${article.id}-${article.version}` : 'new'}
          article={article}
          onDone={(saved) => {
            setEditing(null);
            if (saved)
              setNotice(
                saved.publicado
                  ? `«${saved.titulo}» está publicado${saved.fecha_publicacion > today ? ` desde el ${saved.fecha_publicacion.split('-').reverse().join('-')}` : ''}.`
                  : `«${saved.titulo}» se guardó como borrador.`,
              );
            void queryClient.invalidateQueries({ queryKey: KEY });
          }}
          onReload={() => void (article ? reload(article.id) : undefined)}
        />
      </>
    );
  }

  return (
    <div className="ct-panel">
      <div className="ct-toolbar">
        <h2>Blog</h2>
        {canEdit ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
          >
            Nuevo artículo
          </button>
        ) : null}
      </div>
      <p className="ct-muted">
        Los conductores ven los artículos publicados desde su fecha, en Otros › Blog. Los borradores nunca
        salen de la consola.
      </p>
      {notice ? (
        <p role="status" className="ct-ok">
          {notice}
        </p>
      ) : null}
      {list.error ? (
        <p role="alert" className="field-error">
          {errorText(list.error)}
        </p>
      ) : null}
      {!list.data && !list.error ? <p role="status">Cargando artículos…</p> : null}
      {list.data && list.data.length === 0 ? <p>Aún no hay artículos.</p> : null}
      {list.data && list.data.length > 0 ? (
        <table className="ct-table">
          <thead>
            <tr>
              <th scope="col">Título</th>
              <th scope="col">Fecha</th>
              <th scope="col">Estado</th>
              {canEdit ? (
                <th scope="col">
                  <span className="ops-sr-only">Acciones</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {list.data.map((a) => {
              const state = stateOf(a, today);
              return (
                <tr key={a.id}>
                  <th scope="row">{a.titulo}</th>
                  <td>{a.fecha_publicacion.split('-').reverse().join('-')}</td>
                  <td>
                    <span className={state.on ? 'ct-pill ct-pill--on' : 'ct-pill'}>{state.text}</span>
                  </td>
                  {canEdit ? (
                    <td className="ct-actions">
                      <button
                        type="button"
                        className="pp-link"
                        aria-label={`Editar ${a.titulo}`}
                        onClick={() => {
                          setNotice(null);
                          setEditing(a);
                        }}
                      >
                        Editar
                      </button>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
