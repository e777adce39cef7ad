import { franjaText } from '@togo/domain/booking/booking.rules';
import { formatCop } from '@togo/domain/money';
import { longDate } from '../booking-dates.ts';

export interface BookingSummaryProps {
  /** 'YYYY-MM-DD'. */
  date: string;
  time: string;
  /** Branch address, or null for home service ('A domicilio'). */
  address: string | null;
  branchName?: string | null;
  brand: string;
  plate: string;
  service: string;
  /** Extra lines (combo, procedures). */
  details?: readonly string[];
  amount: number;
  provider?: string | null;
}

/** resumen (SPPF §2): 'Confirmación del Servicio' — date, time, address or 'A domicilio', brand, service, amount. */
export function BookingSummary(props: BookingSummaryProps) {
  const rows: [string, string][] = [
    ['Fecha', longDate(props.date)],
    ['Hora', franjaText(props.time)],
    ['Dirección', props.address ?? 'A domicilio'],
    ...(props.branchName ? ([['Sede', props.branchName]] as [string, string][]) : []),
    ['Marca', props.brand],
    ['Placa', props.plate],
    ['Servicio', props.service],
  ];
  return (
    <section className="summary-card" aria-labelledby="summary-title">
      <h2 id="summary-title" className="summary-card__title">
        Confirmación del Servicio
      </h2>
      <dl className="summary-card__rows">
        {rows.map(([label, value]) => (
          <div key={label} className="summary-card__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {props.details?.length ? (
          <div className="summary-card__row">
            <dt>Detalle</dt>
            <dd>
              <ul className="summary-card__details">
                {props.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="summary-card__total">
        <span>Total a pagar</span>
        <strong>{formatCop(props.amount)}</strong>
      </p>
      {props.provider ? (
        <p className="services__note">Servicio prestado por {props.provider.replace(/\.+$/, '')}.</p>
      ) : null}
    </section>
  );
}
