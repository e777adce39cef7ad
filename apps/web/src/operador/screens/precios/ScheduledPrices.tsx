import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { bogotaToday } from '@togo/domain/bogota-time';
import { vehicleClassLabel } from '@togo/domain/labels';
import { formatCop } from '@togo/domain/money';
import {
  PRICE_SCHEDULE_PATHS,
  priceScheduleListSchema,
  type PriceSchedule,
} from '@togo/domain/operator/price-schedule.contract';
import { operatorRequest } from '../../lib/operator-api.ts';
import { errorMessage } from '../../lib/ops-error-message.ts';
import { groupedInput, itemId, pesos, type PriceItem } from './price-items.ts';

const shown = (date: string) => date.split('-').reverse().join('-');

/** The row's name as the price table shows it (vehicle classes in words). */
const nameOf = (s: PriceSchedule) => (s.tipo === 'rtm' ? vehicleClassLabel(s.nombre) : s.nombre);

export const SCHEDULES_KEY = ['operador', 'precios', 'programados'];

/** Schedules one price from a future day (decision 118). */
function ScheduleForm({ items, onScheduled }: { items: PriceItem[]; onScheduled: (m: string) => void }) {
  const [target, setTarget] = useState('');
  const [value, setValue] = useState('');
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = bogotaToday(new Date());
  const item = items.find((i) => itemId(i) === target);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!item || !value || !date) {
      setError('Elige el precio, el valor nuevo y la fecha.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await operatorRequest(PRICE_SCHEDULE_PATHS.list, {
        method: 'POST',
        body: { tipo: item.kind, clave: item.key, precio: pesos(value), vigente_desde: date },
      });
      onScheduled(`${item.label} costará ${formatCop(pesos(value))} desde el ${shown(date)}.`);
      setTarget('');
      setValue('');
      setDate('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="pr-schedule-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="pr-field">
        <label htmlFor="pr-s-item">Precio</label>
        <select id="pr-s-item" value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">Elige…</option>
          {items.map((i) => (
            <option key={itemId(i)} value={itemId(i)}>
              {i.label} ({formatCop(i.precio)})
            </option>
          ))}
        </select>
      </div>
      <div className="pr-field">
        <label htmlFor="pr-s-value">Precio nuevo</label>
        <span className="pr-money">
          <span aria-hidden="true">$</span>
          <input
            id="pr-s-value"
            inputMode="numeric"
            value={value}
            onChange={(e) => setValue(groupedInput(e.target.value))}
          />
        </span>
      </div>
      <div className="pr-field">
        <label htmlFor="pr-s-date">Desde el día</label>
        <input
          id="pr-s-date"
          type="date"
          min={today}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </div>
      <button type="submit" className="ops-button" disabled={busy}>
        {busy ? 'Programando…' : 'Programar'}
      </button>
      {error ? (
        <p className="ops-error pr-schedule-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** Pending scheduled prices, soonest first; each can be cancelled until its day. */
export function ScheduledPrices({
  items,
  canEdit,
  onChanged,
}: {
  items: PriceItem[];
  canEdit: boolean;
  onChanged: (m: string) => void;
}) {
  const list = useQuery({
    queryKey: SCHEDULES_KEY,
    queryFn: ({ signal }) =>
      operatorRequest(PRICE_SCHEDULE_PATHS.list, { schema: priceScheduleListSchema, signal }),
  });
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function cancel(s: PriceSchedule) {
    setCancelling(s.id);
    setError(null);
    try {
      await operatorRequest(PRICE_SCHEDULE_PATHS.one(s.id), { method: 'DELETE' });
      onChanged(`Se canceló el cambio de ${nameOf(s)} del ${shown(s.vigente_desde)}.`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setCancelling(null);
      void list.refetch();
    }
  }

  const rows = list.data?.results ?? [];
  return (
    <section className="ops-card" aria-labelledby="pr-scheduled-title">
      <h2 id="pr-scheduled-title">Cambios programados</h2>
      <p className="ops-hint">
        Un precio programado rige desde las 00:00 (hora de Bogotá) del día elegido. Las citas agendadas antes
        conservan el precio con el que se agendaron.
      </p>
      {canEdit ? (
        <ScheduleForm
          items={items}
          onScheduled={(m) => {
            onChanged(m);
            void list.refetch();
          }}
        />
      ) : null}
      {error ? (
        <p className="ops-error" role="alert">
          {error}
        </p>
      ) : null}
      {list.isPending ? <p role="status">Cargando cambios programados…</p> : null}
      {!list.isPending && rows.length === 0 ? <p className="ops-empty">No hay cambios programados.</p> : null}
      {rows.length > 0 ? (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">Desde</th>
                <th scope="col">Precio</th>
                <th scope="col">Actual → nuevo</th>
                <th scope="col">Programó</th>
                {canEdit ? (
                  <th scope="col">
                    <span className="ops-sr-only">Acciones</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td className="ops-nowrap">{shown(s.vigente_desde)}</td>
                  <th scope="row">{nameOf(s)}</th>
                  <td className="pr-amount">
                    {formatCop(s.precio_actual)} → <strong>{formatCop(s.precio)}</strong>
                  </td>
                  <td>{s.creado_por}</td>
                  {canEdit ? (
                    <td>
                      <button
                        type="button"
                        className="ops-button ops-button--ghost"
                        disabled={cancelling !== null}
                        aria-label={`Cancelar el cambio de ${nameOf(s)}`}
                        onClick={() => void cancel(s)}
                      >
                        {cancelling === s.id ? 'Cancelando…' : 'Cancelar'}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
