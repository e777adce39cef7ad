import { Link } from 'react-router';
import { TOGO_SERVICE_OF_TYPE } from '@togo/domain/maintenance/maintenance.catalogue';
import type { Reminder } from '@togo/domain/maintenance/maintenance.contract';
import type { MaintenanceVehicle } from '../api/maintenance.ts';
import {
  deadlineState,
  deadlineText,
  everyText,
  nextDue,
  stateLabel,
  typeLabel,
  type DeadlineState,
} from '../maintenance-labels.ts';

const SERVICE_PATH = { peritaje: '/app/servicios/peritaje' } as const;

function StateChip({ state }: { state: DeadlineState }) {
  const text = state === 'sin_dato' ? 'Sin dato' : stateLabel(state);
  return <span className={`mto-chip mto-chip--${state}`}>{text}</span>;
}

export interface ReminderPanelProps {
  vehicle: MaintenanceVehicle | null;
  reminders: Reminder[] | undefined;
  pending: boolean;
  failed: boolean;
  today: string;
  /** Booking links ('Agendar') only make sense in the driver's app. */
  canBook: boolean;
}

/** The next services first (vencido, pronto, al día), beside the vehicle's legal deadlines (SOAT, RTM). */
export function ReminderPanel({ vehicle, reminders, pending, failed, today, canBook }: ReminderPanelProps) {
  const legal: [string, string | null][] = [
    ['SOAT', vehicle?.soat ?? null],
    ['Revisión técnico-mecánica', vehicle?.rtm ?? null],
  ];
  return (
    <section className="mto-card" aria-labelledby="mto-next-title">
      <h2 id="mto-next-title" className="mto-card__title">
        Próximos mantenimientos
      </h2>
      {pending ? <p className="mto-muted">Consultando recordatorios…</p> : null}
      {failed ? (
        <p className="mto-error" role="alert">
          No pudimos consultar los recordatorios. Intenta de nuevo.
        </p>
      ) : null}
      {reminders && reminders.length === 0 ? (
        <p className="mto-muted">
          Aún no tienes recordatorios. Crea uno para saber cuándo te toca el cambio de aceite, las llantas o
          los frenos.
        </p>
      ) : null}
      {reminders && reminders.length > 0 ? (
        <ul className="mto-list" aria-label="Recordatorios de mantenimiento">
          {reminders.map((r) => {
            const service = TOGO_SERVICE_OF_TYPE[r.tipo];
            return (
              <li key={r.id} className={`mto-item mto-item--${r.estado}`}>
                <div className="mto-item__main">
                  <span className="mto-item__title">{typeLabel(r.tipo)}</span>
                  <StateChip state={r.estado} />
                </div>
                <p className="mto-item__line">Próximo: {nextDue(r)}</p>
                <p className="mto-item__meta">{everyText(r)}</p>
                {canBook && service ? (
                  <Link
                    className="btn btn--secondary mto-item__book"
                    to={SERVICE_PATH[service]}
                    aria-label={`Agendar ${typeLabel(r.tipo).toLowerCase()}`}
                  >
                    Agendar
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <h3 className="mto-card__subtitle">Vencimientos legales</h3>
      <ul className="mto-list" aria-label="Vencimientos legales">
        {legal.map(([label, date]) => (
          <li key={label} className="mto-item mto-item--legal">
            <div className="mto-item__main">
              <span className="mto-item__title">{label}</span>
              <StateChip state={deadlineState(date, today)} />
            </div>
            <p className="mto-item__line">{deadlineText(date, today)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
