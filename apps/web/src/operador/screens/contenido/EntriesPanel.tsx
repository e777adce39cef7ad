import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OperatorCatalogEntry } from '@togo/domain/operator/operator-content.contract';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { errorText, isStaleVersion } from '../../lib/operator-messages.ts';
import { catalogEntries, deleteEntry, getEntry } from './content-api.ts';
import { EntryForm } from './EntryForm.tsx';

const PAGE_SIZE = 20;

/**
 * The entries of one catalogue (server-side filter, search and pages), with create, edit and delete. In banner
 * mode each row shows its image and the form uploads one.
 */
export function EntriesPanel({
  groups,
  banner,
  labels = {},
}: {
  groups: string[];
  banner: boolean;
  labels?: Record<string, string>;
}) {
  const [group, setGroup] = useState(groups[0] ?? '');
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<OperatorCatalogEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<OperatorCatalogEntry | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [stale, setStale] = useState(false);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['operador', 'contenido', 'entradas', group, search, page],
    queryFn: ({ signal }) =>
      catalogEntries({ clave_padre: group, q: search, page, page_size: PAGE_SIZE }, signal),
    // Another catalogue, search or page keeps the rows on screen until its answer comes.
    placeholderData: keepPreviousData,
  });
  /** After a change every catalogue's pages are read again (an entry may move between pages). */
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ['operador', 'contenido', 'entradas'] });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / PAGE_SIZE)) : 1;
  const lastOrder = list.data?.results.reduce((max, e) => Math.max(max, e.orden), 0) ?? 0;

  async function remove(entry: OperatorCatalogEntry) {
    setRemoving(null);
    setStale(false);
    try {
      await deleteEntry(entry);
      setNotice({ ok: true, text: `«${entry.valor || entry.clave}» se eliminó.` });
      refresh();
    } catch (err) {
      if (isStaleVersion(err)) {
        setNotice(null);
        setStale(true);
      } else setNotice({ ok: false, text: errorText(err) });
    }
  }

  /** After a 409 (decision 096): the rows, and the entry being edited, as they are now. */
  async function reload(entry: OperatorCatalogEntry | null) {
    setStale(false);
    refresh();
    try {
      if (entry) setEditing(await getEntry(entry.id));
      setNotice({ ok: true, text: 'Se cargó la versión actual.' });
    } catch (err) {
      setEditing(null);
      setNotice({ ok: false, text: errorText(err) });
    }
  }

  return (
    <div className="ct-panel">
      <div className="ct-toolbar">
        <label className="ct-inline">
          <span>{banner ? 'Ubicación' : 'Catálogo'}</span>
          <select
            value={group}
            onChange={(e) => {
              setGroup(e.target.value);
              setPage(1);
              setEditing(null);
            }}
          >
            {groups.map((g) => (
              <option key={g} value={g}>
                {labels[g] ?? g}
              </option>
            ))}
          </select>
        </label>
        {!banner ? (
          <form
            className="ct-inline"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setSearch(q.trim());
              setPage(1);
            }}
          >
            <label htmlFor="ct-buscar" className="visually-hidden">
              Buscar por clave o valor
            </label>
            <input
              id="ct-buscar"
              placeholder="Buscar clave o valor"
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            <button type="submit" className="btn btn--secondary">
              Buscar
            </button>
          </form>
        ) : null}
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          {banner ? '+ Nuevo banner' : '+ Nueva entrada'}
        </button>
      </div>

      <div aria-live="polite">
        {notice ? (
          <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'ct-ok' : 'field-error'}>
            {notice.text}
          </p>
        ) : null}
      </div>
      {stale ? <StaleVersionNotice onReload={() => void reload(null)} /> : null}

      {editing ? (
        <EntryForm
          key={editing === 'new' ? `new-${group}` : `${editing.id}:${editing.version}`}
          clavePadre={group}
          entry={editing === 'new' ? null : editing}
          banner={banner}
          nextOrder={lastOrder + 10}
          onReload={() => void reload(editing === 'new' ? null : editing)}
          onDone={(saved) => {
            setEditing(null);
            if (saved) {
              setNotice({
                ok: true,
                text: `«${saved.valor || saved.clave}» se guardó. Los conductores ya lo ven.`,
              });
              refresh();
            }
          }}
        />
      ) : null}

      {list.error && !list.isFetching ? (
        <div role="alert">
          <p className="field-error">{errorText(list.error)}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void list.refetch()}>
            Reintentar
          </button>
        </div>
      ) : null}
      {list.isPending ? <p role="status">Cargando…</p> : null}
      {list.data && list.data.results.length === 0 ? <p className="ct-muted">No hay entradas.</p> : null}
      {list.data && list.data.results.length > 0 ? (
        <table className="ct-table">
          <caption className="visually-hidden">Entradas de {labels[group] ?? group}</caption>
          <thead>
            <tr>
              {banner ? <th scope="col">Imagen</th> : null}
              <th scope="col">Clave</th>
              <th scope="col">{banner ? 'Título' : 'Valor'}</th>
              <th scope="col">Orden</th>
              <th scope="col">Estado</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {list.data.results.map((entry) => (
              <tr key={entry.id}>
                {banner ? (
                  <td>
                    {entry.detalle_archivos[0] ? (
                      <img className="ct-thumb" src={entry.detalle_archivos[0].archivo} alt="" />
                    ) : null}
                  </td>
                ) : null}
                <td className="ct-mono">{entry.clave}</td>
                <td>
                  {entry.valor}
                  {banner && entry.valor_json.alias_url_app ? (
                    <span className="ct-muted ct-block">{entry.valor_json.alias_url_app}</span>
                  ) : null}
                </td>
                <td>{entry.orden}</td>
                <td>
                  <span className={entry.activo ? 'ct-pill ct-pill--on' : 'ct-pill'}>
                    {entry.activo ? 'Activo' : 'Oculto'}
                  </span>
                  {entry.editado ? <span className="ct-muted ct-block">Editado en la consola</span> : null}
                </td>
                <td className="ct-actions">
                  <button type="button" className="pp-link" onClick={() => setEditing(entry)}>
                    Editar<span className="visually-hidden"> {entry.clave}</span>
                  </button>
                  <button type="button" className="pp-link ct-danger" onClick={() => setRemoving(entry)}>
                    Eliminar<span className="visually-hidden"> {entry.clave}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {pages > 1 ? (
        <nav className="ct-pages" aria-label="Páginas">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Anterior
          </button>
          <span>
            Página {page} de {pages}
          </span>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Siguiente
          </button>
        </nav>
      ) : null}
      <Dialog
        open={removing !== null}
        variant="warning"
        title="¿Eliminar esta entrada?"
        confirmText="Sí, eliminar"
        cancelText="Cancelar"
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>
          «{removing?.valor || removing?.clave}» dejará de mostrarse a los conductores. Un reinicio no la
          vuelve a crear.
        </p>
      </Dialog>
    </div>
  );
}
