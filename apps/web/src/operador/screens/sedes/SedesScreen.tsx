import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  BRANCH_ORDERS,
  OPERATOR_OPS_PATHS,
  operatorBranchPageSchema,
  type BranchOrder,
  type OperatorBranch,
} from '@togo/domain/operator/operator-ops.contract';
import { DataTable, type Column, type SortState } from '../../components/DataTable.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { operatorRequest } from '../../lib/operator-api.ts';
import { useMay } from '../../lib/staff-role.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { errorMessage } from '../../lib/ops-error-message.ts';
import { BranchFilters } from './BranchFilters.tsx';
import { BranchForm } from './BranchForm.tsx';
import { ClosuresPanel } from './ClosuresPanel.tsx';
import '../../components/operator-screens.css';

export const SEDES_PAGE_SIZE = 20;

/** Weekdays and Saturday on their own lines, neither broken (a narrow column would split every time). */
const hours = (b: OperatorBranch) => (
  <>
    <span className="ops-nowrap">
      L-V {b.horario.lunes_viernes.apertura}–{b.horario.lunes_viernes.cierre}
    </span>
    <br />
    <span className="ops-nowrap">
      {b.horario.sabado ? `Sáb ${b.horario.sabado.apertura}–${b.horario.sabado.cierre}` : 'Sáb cerrado'}
    </span>
  </>
);

const isOrder = (v: string | null): v is BranchOrder =>
  (BRANCH_ORDERS as readonly (string | null)[]).includes(v);

function columns(actions: (b: OperatorBranch) => ReactNode): Column<OperatorBranch>[] {
  return [
    {
      key: 'nombre',
      header: 'Sede',
      sortable: true,
      render: (b) => (
        <>
          {b.nombre}
          <br />
          <small>{b.id}</small>
        </>
      ),
    },
    { key: 'servicio', header: 'Servicio', render: (b) => b.servicio },
    { key: 'ciudad', header: 'Ciudad', sortable: true, render: (b) => b.ciudad_nombre },
    { key: 'horario', header: 'Horario', render: hours },
    { key: 'capacidad', header: 'Capacidad por hora', numeric: true, render: (b) => b.capacidad },
    {
      key: 'atiende',
      header: 'Atiende',
      render: (b) => `${b.atiende.join(', ')}${b.a_domicilio ? ' · a domicilio' : ''}`,
    },
    { key: 'activa', header: 'Estado', render: (b) => (b.activa ? 'Activa' : 'Inactiva') },
    { key: 'acciones', header: 'Acciones', render: actions },
  ];
}

/**
 * Branches (decisions 037, 039): list paged, filtered (city, name) and sorted (name, city) on the server, with
 * filters, order and page in the address; create, edit and day closures.
 */
export default function SedesScreen() {
  usePageTitle('Sedes');
  const canEdit = useMay('sedes.editar');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const rawOrder = params.get('orden');
  const orden: BranchOrder = isOrder(rawOrder) ? rawOrder : 'nombre';
  const ciudad = params.get('ciudad') ?? '';
  const q = params.get('q') ?? '';
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<OperatorBranch | 'new' | null>(null);
  const [closing, setClosing] = useState<OperatorBranch | null>(null);

  const query = new URLSearchParams({ page: String(page), page_size: String(SEDES_PAGE_SIZE), orden });
  if (ciudad) query.set('ciudad', ciudad);
  if (q) query.set('q', q);
  const list = useQuery({
    queryKey: ['operador', 'sedes', query.toString()],
    queryFn: ({ signal }) =>
      operatorRequest(`${OPERATOR_OPS_PATHS.branches}?${query.toString()}`, {
        schema: operatorBranchPageSchema,
        signal,
      }),
    // Another page, order or filter keeps the rows on screen until its answer comes.
    placeholderData: keepPreviousData,
  });
  const reload = () => void list.refetch();
  /** After a 409 (decision 096): the list is read again and the form reopens on the branch's current version. */
  async function reloadEditing(id: string) {
    const fresh = (await list.refetch()).data?.data.find((b) => b.id === id) ?? null;
    setEditing(fresh);
    setNotice(fresh ? 'Se cargó la versión actual.' : null);
  }

  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  }

  const sort: SortState = { key: orden.replace('-', ''), order: orden.startsWith('-') ? 'desc' : 'asc' };
  function onSort(next: SortState) {
    // A new column starts ascending; the sorted one flips.
    const order = next.key === sort.key ? next.order : 'asc';
    const value = `${order === 'desc' ? '-' : ''}${next.key}`;
    update({ orden: value === 'nombre' ? '' : value, page: '' });
  }

  const actions = (b: OperatorBranch) => (
    <div className="ops-actions">
      {canEdit && (
        <button
          type="button"
          className="ops-button"
          aria-label={`Editar ${b.nombre}`}
          onClick={() => setEditing(b)}
        >
          Editar
        </button>
      )}
      <button
        type="button"
        className="ops-button ops-button--ghost"
        aria-label={`Cierres de ${b.nombre}`}
        onClick={() => setClosing(b)}
      >
        Cierres
      </button>
    </div>
  );

  return (
    <section className="ops-screen" aria-labelledby="sedes-title">
      <h1 id="sedes-title">Sedes</h1>
      {canEdit ? (
        <div className="ops-toolbar">
          <button type="button" className="ops-button" onClick={() => setEditing('new')}>
            Nueva sede
          </button>
        </div>
      ) : (
        <p className="ops-readonly">Tu rol puede consultar las sedes y sus cierres, pero no modificarlos.</p>
      )}
      <BranchFilters
        ciudad={ciudad}
        q={q}
        cities={list.data?.ciudades ?? []}
        onApply={(f) => update({ ...f, page: '' })}
      />
      {notice && (
        <p role="status" className="ops-notice">
          {notice}
        </p>
      )}
      {editing && canEdit && (
        <BranchForm
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
          branch={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onReload={() => {
            if (editing !== 'new') void reloadEditing(editing.id);
          }}
          onSaved={(b) => {
            setEditing(null);
            setNotice(`Sede ${b.nombre} guardada.`);
            reload();
          }}
        />
      )}
      {closing && <ClosuresPanel key={closing.id} branch={closing} />}
      <DataTable
        caption="Lista de sedes"
        columns={columns(actions)}
        rows={list.data?.data}
        rowKey={(b) => b.id}
        loading={list.isFetching}
        error={list.error && !list.isFetching ? errorMessage(list.error) : null}
        onRetry={reload}
        empty={ciudad || q ? 'No hay sedes con estos filtros.' : 'No hay sedes.'}
        sort={sort}
        onSort={onSort}
        layout="stack"
      />
      {list.data ? (
        <Pagination
          page={page}
          pageSize={SEDES_PAGE_SIZE}
          total={list.data.total}
          noun="sedes"
          one="sede"
          onPage={(p) => update({ page: p > 1 ? String(p) : '' })}
        />
      ) : null}
    </section>
  );
}
