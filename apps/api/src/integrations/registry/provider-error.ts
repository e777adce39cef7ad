/**
 * Why an outside data provider (registry, fines, vehicle value) could not answer. `retryable` tells the
 * job whether trying again later can help: timeouts, 5xx and malformed answers can; 'not found' and
 * rejected credentials cannot.
 */
export type ProviderErrorKind =
  'not_found' | 'unauthorized' | 'bad_request' | 'unavailable' | 'timeout' | 'invalid_answer';

const RETRYABLE: Record<ProviderErrorKind, boolean> = {
  not_found: false,
  unauthorized: false,
  bad_request: false,
  unavailable: true,
  timeout: true,
  invalid_answer: true,
};

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly provider: string;
  readonly retryable: boolean;

  constructor(provider: string, kind: ProviderErrorKind, message: string) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
    this.provider = provider;
    this.kind = kind;
    this.retryable = RETRYABLE[kind];
  }
}
