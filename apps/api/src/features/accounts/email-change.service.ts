import type { z } from 'zod';
import type { OtpResponse } from '@togo/domain/auth/auth.contract';
import {
  EMAIL_CHANGE_PROCESS,
  maskEmail,
  OTP_RESEND_SECONDS,
  OTP_VALIDITY_SECONDS,
} from '@togo/domain/auth/auth.rules';
import { PROFILE_MSG, type profileEmailChangeSchema } from '@togo/domain/profile/profile.contract';
import { AppError } from '../../http/app-error.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import type { OtpService } from './otp.service.ts';
import type { RequestLimiter } from './request-limits.service.ts';
import { isPlaceholderEmail, toUserInfo, type PictureUrl, type UserInfoResponse } from './user.mapper.ts';

type EmailChange = z.output<typeof profileEmailChangeSchema>;

/** Requests for a new address (each e-mails a code and a notice) per account in 24 hours (decision 095). */
export const EMAIL_CHANGES_PER_DAY = 5;

/** The answer of an email change: the user info (email still the current one) plus the pending state. */
export type EmailChangeResponse = UserInfoResponse & {
  correo_pendiente: string | null;
  detail?: string;
  otp?: OtpResponse['otp'];
};

/** The notice sent to the current address when a change to another one is asked for (Spanish). */
export function emailChangeNotice(newEmail: string) {
  return {
    subject: 'Solicitud de cambio de correo en TOGO',
    body:
      `Hola, recibimos una solicitud para cambiar el correo de tu cuenta TOGO a ${maskEmail(newEmail)}. ` +
      'El cambio solo se hará cuando se ingrese el código que enviamos a esa dirección; mientras tanto sigues ' +
      'iniciando sesión con este correo. Si no fuiste tú, cambia tu contraseña de inmediato.',
  };
}

/**
 * Verified email change (issue 17, finding 4): PATCH {email} only records the new address as pending and
 * sends a CAMBIO_CORREO code to it (same validity, attempt and resend rules as every code) and a notice to
 * the current address; the change is applied by `verify` with that code. Until then the current address
 * keeps signing in and the new one does not. Only the account's owner: other ids answer 404.
 */
export class EmailChangeService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly otp: OtpService,
    private readonly messenger: Messenger,
    private readonly clock: Clock,
    private readonly limiter: RequestLimiter,
    private readonly pictureUrl?: PictureUrl,
  ) {}

  private answer(user: UserRow | undefined, extra: Partial<EmailChangeResponse> = {}): EmailChangeResponse {
    if (!user) throw AppError.notFound();
    return { ...toUserInfo(user, this.pictureUrl), correo_pendiente: user.pendingEmail, ...extra };
  }

  async request(actor: UserRow, id: number, input: EmailChange): Promise<EmailChangeResponse> {
    if (actor.id !== id) throw AppError.notFound();
    const email = input.email;
    const now = this.clock.now();
    if (email === actor.email.toLowerCase()) {
      // Asking for the current address is no change; it withdraws a pending one.
      if (!actor.pendingEmail) return this.answer(actor);
      return this.answer(await this.repo.updateUser(id, { pendingEmail: null, updated: now }));
    }
    const other = await this.repo.findUserByEmail(email);
    if (other) throw AppError.field('email', PROFILE_MSG.emailTaken);
    // Every request that e-mails a code (and a notice) counts, atomically for every instance (issue 35, finding 5).
    await this.limiter.enforce([
      {
        key: `email-change:${id}`,
        limit: EMAIL_CHANGES_PER_DAY,
        windowSeconds: 24 * 3600,
        message: () => PROFILE_MSG.tooManyEmailChanges,
      },
    ]);
    // The code is bound to the account (binding), so another account's change to the same address can't use it.
    await this.otp.issue({
      identifier: email,
      process: EMAIL_CHANGE_PROCESS,
      userId: id,
      binding: String(id),
      destinations: [{ channel: 'email', to: email }],
    });
    const user = await this.repo.updateUser(id, { pendingEmail: email, updated: now });
    // One notice per new address asked for (a resend of the same code does not repeat it).
    if (actor.pendingEmail !== email && !isPlaceholderEmail(actor.email)) {
      await this.messenger.send({ to: actor.email, channel: 'email', ...emailChangeNotice(email) });
    }
    return this.answer(user, {
      detail: PROFILE_MSG.emailCodeSent,
      otp: {
        canal: ['email'],
        destino: maskEmail(email),
        vigencia_segundos: OTP_VALIDITY_SECONDS,
        reenvio_segundos: OTP_RESEND_SECONDS,
      },
    });
  }

  /** POST users-admin-manager/{id}/verificar-correo/ {codigo}: applies the pending change. */
  async verify(actor: UserRow, id: number, code: string): Promise<EmailChangeResponse> {
    if (actor.id !== id) throw AppError.notFound();
    const pending = actor.pendingEmail;
    if (!pending) throw AppError.field('codigo', PROFILE_MSG.emailNoPending);
    const row = await this.otp.check({
      identifier: pending,
      process: EMAIL_CHANGE_PROCESS,
      code,
      userId: id,
      binding: String(id),
      field: 'codigo',
    });
    await this.otp.consume(row, 'codigo');
    let user: UserRow | undefined;
    try {
      user = await this.repo.applyPendingEmail(id, pending, this.clock.now());
    } catch (err) {
      // Another account took the address after the code was sent: the unique index decides.
      if (isUniqueViolation(err)) throw AppError.field('email', PROFILE_MSG.emailTaken);
      throw err;
    }
    // The pending address changed between the check and now (another request): nothing applied.
    if (!user) throw AppError.field('codigo', PROFILE_MSG.emailNoPending);
    return this.answer(user, { detail: PROFILE_MSG.emailVerified });
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
