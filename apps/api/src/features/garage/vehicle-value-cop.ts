import type { VehicleValueResponse } from '@togo/domain/garage/garage.contract';

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

/**
 * The value answer: valor_vehiculo stays the provider's USD figure (the wire contract); with a rate the answer
 * adds the pesos (rounded to the thousand: a reference rate gives no more precision) and the rate with its date.
 */
export function withCop(usd: number, demo: boolean, rate: UsdCopRate | undefined): VehicleValueResponse {
  if (!rate) return { valor_vehiculo: usd, demo };
  return {
    valor_vehiculo: usd,
    demo,
    valor_cop: Math.round((usd * rate.rate) / 1000) * 1000,
    tasa_usd_cop: rate.rate,
    tasa_fecha: rate.date,
  };
}
