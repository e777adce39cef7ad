import type { VehicleValueResponse } from '@togo/domain/garage/garage.contract';
import type { VehicleValue } from '@togo/domain/garage/registry.contract';

/** A reference USD→COP rate and the day it was taken (USD_COP_RATE / USD_COP_RATE_DATE). */
export interface UsdCopRate {
  /** Pesos per US dollar. */
  rate: number;
  /** YYYY-MM-DD. */
  date: string;
}

/** The rate from the configuration, or undefined when none is configured (the value stays in USD). */
export function usdCopRateFrom(config: {
  USD_COP_RATE?: number | undefined;
  USD_COP_RATE_DATE?: string | undefined;
}): UsdCopRate | undefined {
  if (config.USD_COP_RATE === undefined || config.USD_COP_RATE_DATE === undefined) return undefined;
  return { rate: config.USD_COP_RATE, date: config.USD_COP_RATE_DATE };
}

/** The source named when the provider names none. */
export const VALUE_SOURCE = { demo: 'Valor de demostración', other: 'Proveedor de avalúos de TOGO' } as const;

/**
 * The value answer (decision 074): valor_vehiculo stays the provider's USD figure (the wire contract); the pesos are
 * the provider's own when it values in pesos, else converted at the reference rate (rounded to the thousand: a
 * reference rate gives no more precision, with the rate and its date), else absent; with the value's source and
 * the day it was obtained (`fecha`, YYYY-MM-DD in Bogotá).
 */
export function withCop(
  answer: VehicleValue,
  demo: boolean,
  rate: UsdCopRate | undefined,
  fecha: string,
): VehicleValueResponse {
  const base = {
    valor_vehiculo: answer.valor_vehiculo,
    demo,
    fuente: answer.fuente ?? (demo ? VALUE_SOURCE.demo : VALUE_SOURCE.other),
    fecha,
  };
  if (answer.valor_cop !== undefined) return { ...base, valor_cop: answer.valor_cop };
  if (!rate) return base;
  return {
    ...base,
    valor_cop: Math.round((answer.valor_vehiculo * rate.rate) / 1000) * 1000,
    tasa_usd_cop: rate.rate,
    tasa_fecha: rate.date,
  };
}
