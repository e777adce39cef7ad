import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  SupportBooking,
  SupportDelivery,
  SupportUserDetail,
  SupportVehicle,
} from '@togo/domain/operator/operator-support.contract';
import { fetchUserBookings, fetchUserDeliveries, supportKeys } from './support-api.ts';
import { operatorErrorMessage } from '../../lib/operator-messages.ts';
import {
  bookingStateLabel,
  channelLabel,
  deliveryKindLabel,
  deliveryStateLabel,
  deliveryTone,
  formatDay,
  formatInstant,
  refundLabel,
  serviceLabel,
  vehicleClassLabel,
} from './support-labels.ts';

export function VehiclesTable({ vehicles }: { vehicles: SupportVehicle[] }) {
  if (vehicles.length === 0) return <p className="sp-empty">El conductor no tiene vehículos registrados.</p>;
  return (
    <div className="sp-table-wrap">
      <table className="sp-table">
        <caption className="sp-sr-only">Vehículos del conductor</caption>
        <thead>
          <tr>
            <th scope="col">Placa</th>
            <th scope="col">Ciudad</th>
            <th scope="col">Clase</th>
          </tr>
        </thead>
        <tbody>
          {vehicles.map((v) => (
            <tr key={v.id}>
              <td data-label="Placa" className="sp-plate">
                {v.placa}
              </td>
              <td data-label="Ciudad">{v.ciudad ?? 'Sin ciudad'}</td>
              <td data-label="Clase">{v.clase ? vehicleClassLabel(v.clase) : 'Sin consultar'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BookingRow({ b }: { b: SupportBooking }) {
  return (
    <tr>
      <td data-label="Servicio">{serviceLabel(b.servicio)}</td>
      <td data-label="Sede">{b.sede}</td>
      <td data-label="Fecha">
        {formatDay(b.fecha)} · {b.hora}
      </td>
      <td data-label="Placa" className="sp-plate">
        {b.placa}
      </td>
      <td data-label="Estado">{bookingStateLabel(b.estado)}</td>
      <td data-label="Pago">
        {b.pagado ? 'Pagado' : 'Sin pago'}
        {b.estado_reembolso ? <span className="sp-note"> · {refundLabel(b.estado_reembolso)}</span> : null}
      </td>
    </tr>
  );
}

function DeliveryRow({ d }: { d: SupportDelivery }) {
  return (
    <tr>
      <td data-label="Fecha">{formatInstant(d.fecha)}</td>
      <td data-label="Canal">{channelLabel(d.canal)}</td>
      <td data-label="Tipo">{deliveryKindLabel(d.tipo)}</td>
      <td data-label="Aviso">{d.titulo}</td>
      <td data-label="Estado">
        <span className={`sp-badge sp-badge--${deliveryTone(d.estado)}`}>{deliveryStateLabel(d.estado)}</span>
        {d.motivo ? <span className="sp-note"> · {d.motivo}</span> : null}
      </td>
    </tr>
  );
}

/** Rows of page `page` (≥ 2) of a sub-list, or a row saying it is loading or failed. */
function MoreRows<T extends { id: string | number }>(props: {
  columns: number;
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<{ data: T[] }>;
  row: (item: T) => ReactNode;
}) {
  const page = useQuery({ queryKey: props.queryKey, queryFn: ({ signal }) => props.load(signal) });
  if (page.isPending) {
    return (
      <tr>
        <td colSpan={props.columns} role="status">
          Cargando…
        </td>
      </tr>
    );
  }
  if (page.isError) {
    return (
      <tr>
        <td colSpan={props.columns} role="alert">
          {operatorErrorMessage(page.error, 'No pudimos cargar más.')}{' '}
          <button type="button" className="btn btn--secondary op-btn-sm" onClick={() => void page.refetch()}>
            Reintentar
          </button>
        </td>
      </tr>
    );
  }
  return <>{page.data.data.map((item) => props.row(item))}</>;
}

function PagedTable<T extends { id: string | number }>(props: {
  caption: string;
  headers: string[];
  first: { data: T[]; total: number; page_size: number };
  empty: string;
  more: (page: number) => {
    queryKey: readonly unknown[];
    load: (signal: AbortSignal) => Promise<{ data: T[] }>;
  };
  row: (item: T) => ReactNode;
}) {
  const [pages, setPages] = useState(1);
  const { first } = props;
  if (first.total === 0) return <p className="sp-empty">{props.empty}</p>;
  const shown = Math.min(first.total, pages * first.page_size);
  return (
    <>
      <div className="sp-table-wrap">
        <table className="sp-table">
          <caption className="sp-sr-only">{props.caption}</caption>
          <thead>
            <tr>
              {props.headers.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {first.data.map((item) => props.row(item))}
            {Array.from({ length: pages - 1 }, (_, i) => {
              const more = props.more(i + 2);
              return (
                <MoreRows
                  key={i + 2}
                  columns={props.headers.length}
                  queryKey={more.queryKey}
                  load={more.load}
                  row={props.row}
                />
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="sp-more">
        <span className="op-muted" aria-live="polite">
          {shown} de {first.total}
        </span>
        {shown < first.total ? (
          <button type="button" className="btn btn--secondary op-btn-sm" onClick={() => setPages(pages + 1)}>
            Ver más
          </button>
        ) : null}
      </div>
    </>
  );
}

export function BookingsTable({ user }: { user: SupportUserDetail }) {
  return (
    <PagedTable<SupportBooking>
      caption="Agendamientos del conductor"
      headers={['Servicio', 'Sede', 'Fecha', 'Placa', 'Estado', 'Pago']}
      first={user.agendamientos}
      empty="El conductor no tiene agendamientos."
      more={(page) => ({
        queryKey: supportKeys.list(user.id, 'agendamientos', page),
        load: (signal) => fetchUserBookings(user.id, page, signal),
      })}
      row={(b) => <BookingRow key={b.id} b={b} />}
    />
  );
}

export function DeliveriesTable({ user }: { user: SupportUserDetail }) {
  return (
    <PagedTable<SupportDelivery>
      caption="Avisos enviados al conductor"
      headers={['Fecha', 'Canal', 'Tipo', 'Aviso', 'Estado']}
      first={user.avisos}
      empty="No se le han enviado avisos."
      more={(page) => ({
        queryKey: supportKeys.list(user.id, 'avisos', page),
        load: (signal) => fetchUserDeliveries(user.id, page, signal),
      })}
      row={(d) => <DeliveryRow key={d.id} d={d} />}
    />
  );
}
