import type { ExpiryStatus } from '../expiry-status.ts';
import { CalendarIcon } from './alert-icons.tsx';

export interface DateFact {
  label: string;
  /** Already formatted ('15-03-2026', '15 de marzo de 2026' or 'Sin registrar'). */
  value: string;
  status?: ExpiryStatus | null;
  /** The main date of the card, shown larger. */
  main?: boolean;
}

/** Read-only dates of an alert, each with an optional status chip. */
export function DateFacts({
  title,
  facts,
  note,
}: {
  title: string;
  facts: DateFact[];
  note?: string | null;
}) {
  return (
    <section className="alert-card" aria-label={title}>
      <h2 className="alert-card__title">{title}</h2>
      <dl className="date-facts">
        {facts.map((fact) => (
          <div key={fact.label} className={fact.main ? 'date-fact date-fact--main' : 'date-fact'}>
            <dt className="date-fact__label">
              <CalendarIcon />
              {fact.label}
            </dt>
            <dd className="date-fact__value">
              <span>{fact.value}</span>
              {fact.status ? (
                <span className={`status-chip status-chip--${fact.status.tone}`}>{fact.status.label}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {note ? <p className="alert-card__note">{note}</p> : null}
    </section>
  );
}

/** Offline with no saved answer for this screen (decision 040): said plainly, not as an error. */
export const NO_SAVED_DATA = 'Sin datos guardados';

export function NoSavedDates({ title }: { title: string }) {
  return (
    <section className="alert-card" aria-label={title}>
      <h2 className="alert-card__title">{title}</h2>
      <p className="alert-card__text alert-card__text--strong">{NO_SAVED_DATA}</p>
      <p className="alert-card__note">
        No hay conexión y este teléfono aún no tiene guardadas estas fechas. Las verás cuando vuelvas a estar
        en línea.
      </p>
    </section>
  );
}
