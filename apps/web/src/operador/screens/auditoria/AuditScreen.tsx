import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  AUDIT_ENTITIES,
  auditActionLabel,
  auditChangedFields,
  auditObjectLabel,
} from '@togo/domain/operator/audit-labels';
import type { AuditEntry } from '@togo/domain/operator/operator-console.contract';
import {
  AUDIT_EXPORT_PATH,
  auditPageSchema,
  type AuditExportFormat,
} from '@togo/domain/operator/operator-dashboard.contract';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { formatDateTime } from '../../components/format.ts';
import { operatorDownload, operatorRequest } from '../../lib/operator-api.ts';
import { operatorErrorMessage } from '../../lib/operator-messages.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const PAGE_SIZE = 25;
const FILTERS = ['desde', 'hasta', 'staff', 'accion'] as const;
type Filter = (typeof FILTERS)[number];

function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="op-muted">—</span>;
  return <pre className="op-json">{JSON.stringify(value, null, 1)}</pre>;
}

/** What changed, named before the full before/after (issue 38: "highlight what changed"). */
function ChangedFields({ antes, despues }: { antes: unknown; despues: unknown }) {
  const fields = auditChangedFields(antes, despues);
  if (fields.length === 0) return <>Ver antes y después</>;
  return (
    <>
      Cambió: <strong>{fields.join(', ')}</strong>
    </>
  );
}

const columns: Column<AuditEntry>[] = [
  { key: 'fecha', header: 'Fecha', sortable: true, render: (r) => formatDateTime(r.fecha) },
  { key: 'staff', header: 'Miembro', render: (r) => r.staff },
  { key: 'accion', header: 'Acción', render: (r) => auditActionLabel(r.accion) },
  { key: 'objeto', header: 'Objeto', render: (r) => auditObjectLabel(r.objeto) },
  {
    key: 'cambio',
    header: 'Cambio',
    render: (r) => (
      <details>
        <summary>
          <ChangedFields antes={r.antes} despues={r.despues} />
        </summary>
        <div className="op-change">
          <div>
            <strong>Antes</strong>
            <Change value={r.antes} />
          </div>
          <div>
            <strong>Después</strong>
            <Change value={r.despues} />
          </div>
        </div>
      </details>
    ),
  },
];

/**
 * /operador/auditoria (admin): every console write, filtered by dates, staff and action, paged and sorted on
 * the server. Filters and page live in the address, so a view can be shared or reloaded.
 */
export default function AuditScreen() {
  usePageTitle('Auditoría');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orden = params.get('orden') === 'asc' ? 'asc' : 'desc';
  const applied = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<Filter, string>;
  const [draft, setDraft] = useState(applied);
  const [dateError, setDateError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<AuditExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const query = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE), orden });
  for (const f of FILTERS) if (applied[f]) query.set(f, applied[f]);
  const audit = useQuery({
    queryKey: ['operador', 'auditoria', query.toString()],
    queryFn: ({ signal }) =>
      operatorRequest(`/api/operador/auditoria/?${query.toString()}`, { schema: auditPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

  /** The filters applied on screen (not the ones being typed), as a file (issue 38). */
  async function exportAs(formato: AuditExportFormat) {
    setExportError(null);
    setExporting(formato);
    const q = new URLSearchParams({ formato, orden });
    for (const f of FILTERS) if (applied[f]) q.set(f, applied[f]);
    try {
      await operatorDownload(`${AUDIT_EXPORT_PATH}?${q.toString()}`, `auditoria.${formato}`);
    } catch (err) {
      setExportError(operatorErrorMessage(err, 'No pudimos exportar la auditoría.'));
    } finally {
      setExporting(null);
    }
  }

  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    if (draft.desde && draft.hasta && draft.desde > draft.hasta) {
      setDateError('La fecha final debe ser igual o posterior a la inicial.');
      return;
    }
    setDateError(null);
    update({ ...draft, page: '' });
  }

  return (
    <section className="op-screen" aria-labelledby="op-auditoria">
      <h1 id="op-auditoria" className="op-screen__title">
        Auditoría
      </h1>
      <form className="op-card op-filters" onSubmit={apply} aria-label="Filtros de auditoría">
        <label className="field">
          <span className="field__label">Desde</span>
          <input
            className="input"
            type="date"
            value={draft.desde}
            onChange={(e) => setDraft({ ...draft, desde: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">Hasta</span>
          <input
            className="input"
            type="date"
            value={draft.hasta}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? 'aud-fecha-error' : undefined}
            onChange={(e) => setDraft({ ...draft, hasta: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">Miembro (correo)</span>
          <input
            className="input"
            type="search"
            value={draft.staff}
            maxLength={254}
            onChange={(e) => setDraft({ ...draft, staff: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">Qué se cambió</span>
          <select
            className="input"
            value={draft.accion}
            onChange={(e) => setDraft({ ...draft, accion: e.target.value })}
          >
            <option value="">Todo</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
            {/* An address written by hand (or an older link) keeps its text as an option. */}
            {draft.accion && !AUDIT_ENTITIES.some((e) => e.value === draft.accion) ? (
              <option value={draft.accion}>{draft.accion}</option>
            ) : null}
          </select>
        </label>
        <div className="op-filters__actions">
          <button type="submit" className="btn btn--primary op-btn-sm">
            Filtrar
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const empty = { desde: '', hasta: '', staff: '', accion: '' };
              setDraft(empty);
              setDateError(null);
              update({ ...empty, page: '' });
            }}
          >
            Limpiar
          </button>
        </div>
        {dateError ? (
          <p id="aud-fecha-error" className="field-error op-filters__error" role="alert">
            {dateError}
          </p>
        ) : null}
      </form>
      <div className="op-filters__actions" role="group" aria-label="Exportar con estos filtros">
        {(['xlsx', 'csv'] as const).map((formato) => (
          <button
            key={formato}
            type="button"
            className="btn btn--secondary op-btn-sm"
            disabled={exporting !== null}
            onClick={() => void exportAs(formato)}
          >
            {exporting === formato ? 'Exportando…' : formato === 'xlsx' ? 'Exportar Excel' : 'Exportar CSV'}
          </button>
        ))}
      </div>
      {exportError ? (
        <p className="op-alert op-alert--error" role="alert">
          {exportError}
        </p>
      ) : null}
      <DataTable
        caption="Registro de auditoría"
        columns={columns}
        rows={audit.data?.data}
        rowKey={(r, i) => `${r.fecha}-${i}`}
        loading={audit.isFetching}
        error={audit.isError ? operatorErrorMessage(audit.error, 'No pudimos cargar la auditoría.') : null}
        onRetry={() => void audit.refetch()}
        empty="No hay registros con estos filtros."
        sort={{ key: 'fecha', order: orden }}
        onSort={(s) => update({ orden: s.order, page: '' })}
      />
      {audit.data ? (
        <Pagination
          page={page}
          pageSize={PAGE_SIZE}
          total={audit.data.total}
          onPage={(p) => update({ page: p > 1 ? String(p) : '' })}
        />
      ) : null}
    </section>
  );
}
