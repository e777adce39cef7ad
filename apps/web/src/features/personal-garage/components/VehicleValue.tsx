import type { VehicleValueResponse } from '@togo/domain/garage/garage.contract';
import { formatCop } from '@togo/domain/money';
import { formatDate } from '../../../lib/formatters.ts';
import { formatUSD } from '../garage-summary.ts';
import { onFirstUse } from '../../../lib/on-first-use.ts';

const rateFormatter = onFirstUse(() => new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }));

interface Props {
  value: VehicleValueResponse | undefined;
  pending: boolean;
  missing: string;
}

/**
 * 'Valor comercial' in pesos ("$ 45.000.000"): the provider's own pesos, or the server's conversion at its reference
 * rate (the rate and its date are shown); otherwise the provider's dollars, labelled as such (decision 034). Always
 * with its source and the day it was obtained (decision 074).
 */
export function VehicleValue({ value, pending, missing }: Props) {
  const amount = pending
    ? 'Consultando...'
    : !value
      ? missing
      : value.valor_cop !== undefined
        ? formatCop(value.valor_cop)
        : formatUSD(value.valor_vehiculo);
  const conversion =
    !pending && value
      ? value.valor_cop !== undefined && value.tasa_usd_cop !== undefined
        ? `Equivale a ${formatUSD(value.valor_vehiculo)} a $ ${rateFormatter().format(value.tasa_usd_cop)} por dólar (tasa del ${formatDate(value.tasa_fecha)}).`
        : value.valor_cop === undefined
          ? 'Valor en dólares estadounidenses (USD).'
          : null
      : null;
  const source =
    !pending && value?.fuente
      ? `Fuente: ${value.fuente}${value.fecha ? `, consultado el ${formatDate(value.fecha)}` : ''}.`
      : null;
  return (
    <div className="pgarage__value">
      <div className="pgarage__value-row">
        <span className="pgarage__value-label">Valor comercial</span>
        <span className="pgarage__value-amount" aria-live="polite">
          {amount}
        </span>
      </div>
      {source ? <p className="pgarage__value-note">{source}</p> : null}
      {conversion ? <p className="pgarage__value-note">{conversion}</p> : null}
    </div>
  );
}
