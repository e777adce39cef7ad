import type { Providers } from '../providers.ts';
import { countingErrors, type Metrics } from '../lib/metrics.ts';
import { PaymentEventError, type PaymentProvider } from './payments/payment-provider.ts';
import { ProviderError } from './registry/provider-error.ts';

/** 'Not found' is an answer, not a failure of the registry, fines or value provider. */
const dataProviderFailed = (err: unknown) => !(err instanceof ProviderError && err.kind === 'not_found');
/** A forged or malformed webhook is the sender's fault, not the gateway's. */
const paymentsFailed = (err: unknown) => !(err instanceof PaymentEventError);

/** The providers with their failures counted in togo_provider_errors_total (lib/metrics.ts). */
export function countProviderErrors(providers: Providers, metrics: Metrics): Providers {
  return {
    ...providers,
    registry: countingErrors(providers.registry, 'registry', metrics, dataProviderFailed),
    fines: countingErrors(providers.fines, 'fines', metrics, dataProviderFailed),
    vehicleValue: countingErrors(providers.vehicleValue, 'value', metrics, dataProviderFailed),
    messenger: countingErrors(providers.messenger, 'messaging', metrics),
  };
}

export function countPaymentErrors(payments: PaymentProvider, metrics: Metrics): PaymentProvider {
  return countingErrors(payments, 'payments', metrics, paymentsFailed);
}
