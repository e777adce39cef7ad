import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { OperatorNamedUrl } from '@togo/domain/operator/operator-content.contract';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { errorText, isStaleVersion } from '../../lib/operator-messages.ts';
import { deleteUrl, fieldErrors, namedUrls, saveUrl } from './content-api.ts';

function UrlRow({
  item,
  onSaved,
  onDelete,
  onReload,
}: {
  item: OperatorNamedUrl;
  onSaved: (text: string) => void;
  onDelete: () => void;
  /** Loads the current URLs again (a save refused because someone saved this one since, decision 096). */
  onReload: () => void;
}) {
  const [url, setUrl] = useState(item.url);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = `url-${item.name}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setStale(false);
    try {
      await saveUrl(item.name, url.trim(), item.version);
      onSaved(`La URL «${item.name}» se guardó.`);
    } catch (err) {
      if (isStaleVersion(err)) setStale(true);
      else
        setError(
          isApiError(err) && err.status === 400
            ? (fieldErrors(err.body).url ?? errorText(err))
            : errorText(err),
        );
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="ct-url">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={id} className="ct-mono ct-url__name">
          {item.name}
          {item.editado ? <span className="ct-muted"> · editada</span> : null}
        </label>
        <input
          id={id}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn btn--secondary" disabled={busy || url === item.url}>
          Guardar
        </button>
        <button type="button" className="pp-link ct-danger" onClick={onDelete}>
          Eliminar<span className="visually-hidden"> {item.name}</span>
        </button>
        {error ? (
          <p id={`${id}-error`} className="field-error ct-url__error">
            {error}
          </p>
        ) : null}
      </form>
      {stale ? <StaleVersionNotice onReload={onReload} /> : null}
    </li>
  );
}

/** Named URLs (togo-urls): change, add and delete; drivers' apps read them at every request. */
export function UrlsPanel() {
  const list = useQuery({
    queryKey: ['operador', 'contenido', 'urls'],
    queryFn: ({ signal }) => namedUrls(signal),
  });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [removing, setRemoving] = useState<OperatorNamedUrl | null>(null);
  const [stale, setStale] = useState(false);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saved = (text: string) => {
    setNotice({ ok: true, text });
    void list.refetch();
  };
  /** After a 409: the current URLs replace this tab's (each row remounts on its new version). */
  const reload = () => {
    setStale(false);
    saved('Se cargó la versión actual.');
  };

  async function create(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      await saveUrl(name.trim(), url.trim(), null);
      setName('');
      setUrl('');
      saved(`La URL «${name.trim()}» se creó.`);
    } catch (err) {
      setErrors(isApiError(err) && err.status === 400 ? fieldErrors(err.body) : { detail: errorText(err) });
    }
  }

  async function remove(target: OperatorNamedUrl) {
    setRemoving(null);
    setStale(false);
    try {
      await deleteUrl(target);
      saved(`La URL «${target.name}» se eliminó.`);
    } catch (err) {
      if (isStaleVersion(err)) {
        setNotice(null);
        setStale(true);
      } else setNotice({ ok: false, text: errorText(err) });
    }
  }

  return (
    <div className="ct-panel">
      <div aria-live="polite">
        {notice ? (
          <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'ct-ok' : 'field-error'}>
            {notice.text}
          </p>
        ) : null}
      </div>
      {stale ? <StaleVersionNotice onReload={reload} /> : null}
      {list.error && !list.isFetching ? (
        <p role="alert" className="field-error">
          {errorText(list.error)}
        </p>
      ) : null}
      {list.isPending ? <p role="status">Cargando URLs…</p> : null}
      {list.data?.length === 0 ? <p className="ct-muted">No hay URLs configuradas.</p> : null}
      <ul className="ct-urls">
        {list.data?.map((item) => (
          <UrlRow
            key={`${item.name}:${item.version}`}
            item={item}
            onSaved={saved}
            onDelete={() => setRemoving(item)}
            onReload={reload}
          />
        ))}
      </ul>
      <form className="ct-form" onSubmit={(e) => void create(e)} noValidate aria-label="Nueva URL">
        <h3>Nueva URL</h3>
        {errors.detail ? (
          <p role="alert" className="field-error">
            {errors.detail}
          </p>
        ) : null}
        <div className="ct-form__grid">
          <div className="ct-field">
            <label htmlFor="ct-url-name">Nombre (minúsculas, dígitos y _)</label>
            <input
              id="ct-url-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'ct-url-name-error' : undefined}
            />
            {errors.name ? (
              <p id="ct-url-name-error" className="field-error">
                {errors.name}
              </p>
            ) : null}
          </div>
          <div className="ct-field">
            <label htmlFor="ct-url-url">Dirección (https://… o /static/…)</label>
            <input
              id="ct-url-url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? 'ct-url-url-error' : undefined}
            />
            {errors.url ? (
              <p id="ct-url-url-error" className="field-error">
                {errors.url}
              </p>
            ) : null}
          </div>
        </div>
        <div className="ct-form__actions">
          <button type="submit" className="btn btn--primary">
            Crear URL
          </button>
        </div>
      </form>
      <Dialog
        open={removing !== null}
        variant="warning"
        title="¿Eliminar esta URL?"
        confirmText="Sí, eliminar"
        cancelText="Cancelar"
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>Las pantallas que usan «{removing?.name}» dejarán de encontrarla.</p>
      </Dialog>
    </div>
  );
}
