/**
 * Why an outside data provider (registry, fines, vehicle value) could not answer. `retryable` tells the
 * job whether trying again later can help: timeouts, 5xx, the provider's rate limit (429) and malformed
 * answers can; 'not found', a refused query and rejected credentials cannot.
 */
export type ProviderErrorKind =
  | 'not_found'
  | 'unauthorized'
  | 'bad_request'
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'invalid_answer';

const RETRYABLE: Record<ProviderErrorKind, boolean> = {
  not_found: false,
  unauthorized: false,
  bad_request: false,
  rate_limited: true,
  unavailable: true,
  timeout: true,
  invalid_answer: true,
};

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly provider: string;
  readonly retryable: boolean;
  /** 'rate_limited': the provider's Retry-After in seconds, when it sent one. */
  readonly retryAfterSeconds: number | null;

  constructor(provider: string, kind: ProviderErrorKind, message: string, retryAfterSeconds?: number) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
    this.provider = provider;
    this.kind = kind;
    this.retryable = RETRYABLE[kind];
    this.retryAfterSeconds = retryAfterSeconds ?? null;
  }
}
