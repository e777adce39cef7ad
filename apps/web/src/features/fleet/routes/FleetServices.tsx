import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { bogotaToday } from '@togo/domain/bogota-time';
import { franjaText } from '@togo/domain/booking/booking.rules';
import { FLEET_ALERT_GROUPS, type FleetAlert } from '@togo/domain/fleet/fleet-alerts.contract';
import { groupThousands } from '@togo/domain/money';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { agendarRtmState } from '../../../lib/rtm-booking.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useFleetAlertsQuery } from '../api/alerts.ts';
import { bookedRtmByPlate, useFleetBookingsQuery } from '../api/bookings.ts';
import { fleetRole } from '../fleet-role.ts';
import { rtmBookingVehicle } from '../fleet-rtm-booking.ts';
import { BulkBookingPanel } from '../components/BulkBookingPanel.tsx';
import '../fleet-views.css';

export const SERVICES_EMPTY =
  'Ningún vehículo tiene la revisión técnico-mecánica vencida o por vencer en 90 días.';
export const SERVICES_ERROR = 'No pudimos cargar los próximos servicios. Intenta nuevamente.';

function due(a: FleetAlert): string {
  if (a.vence === null || a.dias === null) return 'Sin revisión vigente';
  if (a.dias < 0) return `Vencida el ${formatDate(a.vence)}`;
  if (a.dias === 0) return 'Vence hoy';
  return `Vence el ${formatDate(a.vence)} (en ${a.dias} ${a.dias === 1 ? 'día' : 'días'})`;
}

/**
 * /flota/proximos-servicios (issue 16 'Próximos servicios'): the RTM due on each vehicle (expired, or within 90
 * days), soonest first, with 'Agendar' opening the RTM booking already filled in.
 */
export function FleetServicesRoute() {
  usePageTitle('Próximos servicios');
  const navigate = useNavigate();
  const { canWrite } = fleetRole();
  const query = useFleetAlertsQuery({ documento: 'rtm' });
  const bookings = useFleetBookingsQuery();
  const booked = bookedRtmByPlate(bookings.data?.results ?? [], bogotaToday(new Date()));
  const list = query.data ? FLEET_ALERT_GROUPS.flatMap((g) => query.data.grupos[g]) : [];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // The vehicles of the open bulk booking, fixed when it opens: once they are booked, the bookings read again
  // marks them as booked, and the panel must still show its confirmation (issue 37).
  const [bulk, setBulk] = useState<FleetAlert[] | null>(null);
  const chosen = list.filter((a) => selected.has(a.placa) && !booked.has(a.placa));
  const toggle = (placa: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(placa)) next.delete(placa);
      else next.add(placa);
      return next;
    });

  const book = (a: FleetAlert) =>
    void navigate('/app/servicios/rtm', { state: agendarRtmState(rtmBookingVehicle(a)) });

  return (
    <section className="fleet-screen" aria-labelledby="services-title">
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <h1 id="services-title" className="fleet-screen__title">
            Próximos servicios
          </h1>
        </div>
      </header>
      {query.isPending ? (
        <TruckLoader />
      ) : query.isError ? (
        <p role="alert" className="fleet-empty__text">
          {SERVICES_ERROR}
        </p>
      ) : list.length === 0 ? (
        <div className="fleet-empty">
          <p className="fleet-empty__text">{SERVICES_EMPTY}</p>
        </div>
      ) : bulk !== null ? (
        <BulkBookingPanel
          vehicles={bulk}
          onClose={() => {
            setBulk(null);
            setSelected(new Set());
          }}
        />
      ) : (
        <section className="fleet-card" aria-label="Revisión técnico-mecánica por vehículo">
          <h2 className="fleet-card__title">Revisión técnico-mecánica</h2>
          {canWrite ? (
            <div className="fleet-bulk__bar">
              <p className="fleet-bulk__count" aria-live="polite">
                {chosen.length === 0
                  ? 'Selecciona vehículos para agendarlos juntos en una sede.'
                  : `${groupThousands(chosen.length)} ${chosen.length === 1 ? 'vehículo seleccionado' : 'vehículos seleccionados'}`}
              </p>
              <button
                type="button"
                className="btn btn--primary"
                disabled={chosen.length === 0}
                onClick={() => setBulk(chosen)}
              >
                Agendar seleccionados
              </button>
            </div>
          ) : null}
          <ul className="fleet-alerts__list">
            {list.map((a) => {
              const cita = booked.get(a.placa);
              return (
                <li key={a.placa} className="fleet-alerts__item fleet-services__item">
                  {canWrite && !cita ? (
                    <label className="fleet-bulk__pick">
                      <input
                        type="checkbox"
                        checked={selected.has(a.placa)}
                        onChange={() => toggle(a.placa)}
                      />
                      <span className="fleet-table__plate">{a.placa}</span>
                      <span className="visually-hidden"> (seleccionar para agendar en grupo)</span>
                    </label>
                  ) : (
                    <span className="fleet-table__plate">{a.placa}</span>
                  )}
                  <span>{a.ciudad ?? 'Ciudad sin registrar'}</span>
                  <span className="fleet-alerts__when">{due(a)}</span>
                  {cita ? (
                    <Link to="/flota/agendamientos" className="fleet-services__booked">
                      Agendada el {formatDate(cita.fecha_agenda.slice(0, 10))}, {franjaText(cita.franja)}
                    </Link>
                  ) : canWrite ? (
                    <button
                      type="button"
                      className="btn btn--primary fleet-services__book"
                      aria-label={`Agendar revisión técnico-mecánica de ${a.placa}`}
                      onClick={() => book(a)}
                    >
                      Agendar
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </section>
  );
}
