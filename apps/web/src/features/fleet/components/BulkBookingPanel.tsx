import { franjaText } from '@togo/domain/booking/booking.rules';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flattenErrorMessages } from '@togo/domain/http-errors';
import { formatCop } from '@togo/domain/money';
import type { FleetAlert } from '@togo/domain/fleet/fleet-alerts.contract';
import { errorDetail, isApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/formatters.ts';
import {
  consecutiveHours,
  useBulkBookingMutation,
  useFreeHoursQuery,
  usePicoPlacaQuery,
  useRtmBranchesQuery,
} from '../api/bulk-booking.ts';
import { BulkBookingPicoPlaca } from './BulkBookingPicoPlaca.tsx';

/** Tomorrow in Bogotá, 'YYYY-MM-DD'. */
function tomorrow(): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Bogota' });
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export interface BulkBookingPanelProps {
  vehicles: FleetAlert[];
  onClose: () => void;
}

/**
 * Bulk RTM booking (decision 038): the selected vehicles at one branch of one city, on one date, one hour per
 * vehicle (filled with consecutive free hours, each changeable), paid at the branch. All or nothing: a full hour
 * books none and says which. Before booking it warns of each vehicle's pico y placa at its hour (issue 37).
 */
export function BulkBookingPanel({ vehicles, onClose }: BulkBookingPanelProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const cities = [
    ...new Map(vehicles.filter((v) => v.ciudad_codigo && v.ciudad).map((v) => [v.ciudad_codigo, v.ciudad])),
  ];
  const [ciudad, setCiudad] = useState<string | null>(cities[0]?.[0] ?? null);
  const [sede, setSede] = useState<string | null>(null);
  const [fecha, setFecha] = useState(tomorrow);
  // Hours the user changed for this branch and date; otherwise consecutive free hours.
  const [picked, setPicked] = useState<{ key: string; hours: string[] } | null>(null);
  const branches = useRtmBranchesQuery(ciudad);
  const free = useFreeHoursQuery(sede, fecha || null);
  const book = useBulkBookingMutation();
  const plates = vehicles.map((v) => v.placa);
  const pico = usePicoPlacaQuery(sede ? ciudad : null, fecha || null, plates);

  useEffect(() => heading.current?.focus(), []);
  const key = `${sede ?? ''}|${fecha}`;
  const hours = picked?.key === key ? picked.hours : consecutiveHours(free.data ?? [], vehicles.length);
  const setHour = (i: number, franja: string) =>
    setPicked({ key, hours: hours.map((h, j) => (j === i ? franja : h)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sede) return;
    book.mutate({
      sede,
      fecha,
      vehiculos: vehicles.map((v, i) => ({ placa: v.placa, franja: hours[i] ?? '' })),
    });
  };

  const errorText = book.isError
    ? (errorDetail(book.error) ??
      (isApiError(book.error) ? flattenErrorMessages(book.error.body).join(' ') : null) ??
      'No se pudo agendar, intenta nuevamente.')
    : null;

  if (book.data) {
    return (
      <section className="fleet-card fleet-bulk" aria-labelledby={`${id}-done`}>
        <h2 id={`${id}-done`} className="fleet-card__title" tabIndex={-1} ref={heading}>
          ¡Listo! {book.data.mensaje}
        </h2>
        <p role="status">
          {formatDate(book.data.agendamientos[0]?.fecha_agenda ?? fecha)} en {book.data.sede.nombre},{' '}
          {book.data.sede.direccion} ({book.data.sede.ciudad}). Pago en la sede: {formatCop(book.data.total)}.
        </p>
        <ul className="fleet-bulk__done">
          {book.data.agendamientos.map((a) => (
            <li key={a.id}>
              <strong>{a.placa}</strong> — {franjaText(a.franja)}, referencia {a.referencia}
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Cerrar
        </button>
      </section>
    );
  }

  const ready = sede !== null && fecha !== '' && hours.every((h) => h !== '');
  return (
    <form className="fleet-card fleet-bulk" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`} className="fleet-card__title" tabIndex={-1} ref={heading}>
        Agendar {vehicles.length === 1 ? '1 vehículo' : `${vehicles.length} vehículos`}
      </h2>
      {cities.length === 0 ? (
        <p role="alert">Los vehículos seleccionados no tienen ciudad registrada.</p>
      ) : (
        <>
          <div className="fleet-bulk__fields">
            <label>
              Ciudad
              <select
                value={ciudad ?? ''}
                onChange={(e) => {
                  setCiudad(e.target.value);
                  setSede(null);
                }}
              >
                {cities.map(([code, name]) => (
                  <option key={code} value={code ?? ''}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Sede
              <select value={sede ?? ''} onChange={(e) => setSede(e.target.value || null)}>
                <option value="">{branches.isPending ? 'Cargando sedes…' : 'Selecciona una sede'}</option>
                {(branches.data ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.nombre} — {b.direccion}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Fecha
              <input type="date" value={fecha} min={tomorrow()} onChange={(e) => setFecha(e.target.value)} />
            </label>
          </div>
          {branches.data && branches.data.length === 0 ? (
            <p role="status">No hay sedes de revisión técnico-mecánica en esta ciudad.</p>
          ) : null}
          {sede ? (
            free.isPending ? (
              <p role="status">Consultando horarios…</p>
            ) : free.isError ? (
              <p role="alert">No se pudieron consultar los horarios, intenta nuevamente.</p>
            ) : (free.data ?? []).length === 0 ? (
              <p role="status">No hay horarios disponibles ese día, elige otra fecha.</p>
            ) : (
              <fieldset className="fleet-bulk__hours">
                <legend>Hora por vehículo</legend>
                <button type="button" className="btn btn--secondary" onClick={() => setPicked(null)}>
                  Asignar horas consecutivas
                </button>
                <ul>
                  {vehicles.map((v, i) => (
                    <li key={v.placa}>
                      <label>
                        <span className="fleet-table__plate">{v.placa}</span>
                        <select
                          aria-label={`Hora para ${v.placa}`}
                          value={hours[i] ?? ''}
                          onChange={(e) => setHour(i, e.target.value)}
                        >
                          <option value="">Sin hora (no quedan cupos)</option>
                          {(free.data ?? []).map((h) => (
                            <option key={h.franja} value={h.franja}>
                              {franjaText(h.franja)} ({h.disponibles} {h.disponibles === 1 ? 'cupo' : 'cupos'}
                              )
                            </option>
                          ))}
                        </select>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            )
          ) : null}
          {sede && (free.data ?? []).length > 0 ? (
            <BulkBookingPicoPlaca
              plates={plates}
              hours={hours}
              cityName={cities.find(([code]) => code === ciudad)?.[1] ?? 'la ciudad'}
              answer={pico.data}
              pending={pico.isPending}
              failed={pico.isError}
            />
          ) : null}
          <p className="fleet-bulk__note">El pago se hace en la sede el día de la revisión.</p>
          {errorText ? <p role="alert">{errorText}</p> : null}
        </>
      )}
      <div className="fleet-bulk__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          Cancelar
        </button>
        <button type="submit" className="btn btn--primary" disabled={!ready || book.isPending}>
          {book.isPending ? 'Agendando…' : 'Confirmar agendamiento'}
        </button>
      </div>
    </form>
  );
}
