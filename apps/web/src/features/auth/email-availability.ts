import { isEmail } from '@togo/domain/auth/auth.rules';
import { isApiError } from '../../lib/api-client.ts';
import { validateUsername } from './api/validate-username.ts';

export type EmailStatus = 'free' | 'taken' | 'failed';

const normalize = (email: string) => email.trim().toLowerCase();

/**
 * Remembers validar-username answers by normalised email, so the form schema can read them synchronously.
 * AHGA §5: when the check errors the field reads 'El correo ya esta registrado' — a 4xx answer is
 * remembered as 'taken'; a check that got no answer ('failed': network, 5xx, 429) also blocks the form but
 * is asked again next time.
 */
export function createEmailAvailability(check: (email: string) => Promise<unknown> = validateUsername) {
  const results = new Map<string, EmailStatus>();
  const inflight = new Map<string, Promise<EmailStatus | null>>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const status = (email: string): EmailStatus | null => results.get(normalize(email)) ?? null;

  /** Asks the server once per email; resolves null when the email is not worth asking about. */
  const verify = (raw: string): Promise<EmailStatus | null> => {
    const email = normalize(raw);
    const known = results.get(email);
    if (!isEmail(email)) return Promise.resolve(null);
    if (known === 'free' || known === 'taken') return Promise.resolve(known);
    const running = inflight.get(email);
    if (running) return running;
    const request = check(email).then(
      () => 'free' as const,
      (error: unknown) => {
        const answered =
          isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
        return answered ? ('taken' as const) : ('failed' as const);
      },
    );
    const settled = request.then((result) => {
      results.set(email, result);
      inflight.delete(email);
      return result;
    });
    inflight.set(email, settled);
    return settled;
  };

  return {
    status,
    isBlocked: (email: string) => {
      const value = status(email);
      return value === 'taken' || value === 'failed';
    },
    verify,
    isChecking: () => inflight.size > 0,
    /** Debounce for typing: runs `run` once the user pauses for `delayMs`. */
    schedule(run: () => void, delayMs: number) {
      clearTimeout(timer);
      timer = setTimeout(run, delayMs);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}
