import {
  EMAIL_CHANGE_PROCESS,
  maskEmail,
  maskPhone,
  normalizeIdentifier,
} from '@togo/domain/auth/auth.rules';
import { SUPPORT_MSG } from '@togo/domain/operator/operator-support.contract';
import { AppError } from '../../http/app-error.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { OtpService } from './otp.service.ts';
import { isPlaceholderEmail } from './user.mapper.ts';

export interface SupportCodeUser {
  id: number;
  email: string;
  pendingEmail: string | null;
  telefono: string | null;
}

/**
 * A driver's code sent again at the request of support staff (operator console, decision 031), through the
 * same OtpService as the driver's own requests, so every limit holds (60 s cooldown → 429, 5 an hour, the
 * daily lock) and a new code cancels the previous one:
 * - a pending email change → its CAMBIO_CORREO code again, to the new address (as the driver's own resend);
 * - otherwise the code an existing account verifies with, RESETEAR_CLAVE: to the account's email, or by SMS
 *   to its phone when the email is a social sign-in placeholder.
 */
export class SupportCodeService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly otp: OtpService,
  ) {}

  async resend(user: SupportCodeUser): Promise<{ canal: 'email' | 'sms'; destino: string; proceso: string }> {
    if (user.pendingEmail) {
      await this.otp.issue({
        identifier: user.pendingEmail,
        process: EMAIL_CHANGE_PROCESS,
        userId: user.id,
        binding: String(user.id),
        destinations: [{ channel: 'email', to: user.pendingEmail }],
      });
      return { canal: 'email', destino: maskEmail(user.pendingEmail), proceso: EMAIL_CHANGE_PROCESS };
    }
    if (!isPlaceholderEmail(user.email)) {
      const identifier = normalizeIdentifier(user.email);
      await this.otp.issue({
        identifier,
        process: 'RESETEAR_CLAVE',
        userId: user.id,
        destinations: [{ channel: 'email', to: user.email }],
      });
      return { canal: 'email', destino: maskEmail(identifier), proceso: 'RESETEAR_CLAVE' };
    }
    if (user.telefono) {
      const phone = normalizeIdentifier(user.telefono);
      // A phone shared by several accounts gets a code bound to none, as in the driver's own request.
      const owners = await this.repo.findUsersByPhone(phone, 2);
      await this.otp.issue({
        identifier: phone,
        process: 'RESETEAR_CLAVE',
        userId: owners.length === 1 ? user.id : null,
        phone,
        destinations: [{ channel: 'sms', to: phone }],
      });
      return { canal: 'sms', destino: maskPhone(phone), proceso: 'RESETEAR_CLAVE' };
    }
    throw AppError.conflict(SUPPORT_MSG.noDestination);
  }
}
