import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_FAILURES_PER_DAY,
  OTP_MAX_PER_HOUR,
  OTP_RESEND_SECONDS,
  OTP_VALIDITY_SECONDS,
  type OtpProcess,
} from '@togo/domain/auth/auth.rules';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmacHex, newNumericCode, safeEqualHex } from '../../lib/crypto.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { AccountsRepository, OtpRow } from './accounts.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** After a reset code is verified, the password must be changed within this time. */
export const VERIFIED_CODE_WINDOW_MS = 10 * 60_000;

export const OTP_MESSAGES = {
  invalid: 'El código no es válido o ha expirado. Solicita uno nuevo.',
  wrong: 'El código ingresado es incorrecto.',
  locked: 'Superaste el número de intentos permitidos. Intenta de nuevo más tarde.',
  resendWait: 'Debes esperar antes de solicitar un nuevo código.',
  hourly: 'Solicitaste demasiados códigos. Intenta de nuevo más tarde.',
  notVerified: 'Primero debes verificar el código enviado.',
} as const;

export interface CodeDestination {
  channel: 'email' | 'sms';
  to: string;
}

export interface IssueCodeInput {
  identifier: string;
  process: OtpProcess;
  userId: number | null;
  /** Extra data the code is bound to (the phone of a registration), part of the HMAC. */
  binding?: string;
  destinations: CodeDestination[];
}

const TEXTS: Record<OtpProcess, { subject: string; body: (code: string) => string }> = {
  REGISTRO_USUARIO: {
    subject: 'Tu código para crear tu cuenta TOGO',
    body: (code) =>
      `Hola, tu código de verificación para crear tu cuenta en TOGO es ${code}. ` +
      'Vence en 2 minutos. Si no lo solicitaste, ignora este mensaje.',
  },
  RESETEAR_CLAVE: {
    subject: 'Tu código para restablecer tu contraseña TOGO',
    body: (code) =>
      `Hola, tu código para restablecer tu contraseña de TOGO es ${code}. ` +
      'Vence en 2 minutos. Si no lo solicitaste, ignora este mensaje y tu contraseña seguirá igual.',
  },
  CAMBIO_CORREO: {
    subject: 'Tu código para confirmar tu nuevo correo en TOGO',
    body: (code) =>
      `Hola, tu código para confirmar este correo en tu cuenta de TOGO es ${code}. ` +
      'Vence en 2 minutos. Si no lo solicitaste, ignora este mensaje.',
  },
};

/** One-time codes (ARCHITECTURE.md "Security and reliability rules"). */
export class OtpService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly messenger: Messenger,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  private hmac(process: OtpProcess, identifier: string, binding: string, code: string): string {
    return hmacHex(this.secret, `${process}|${identifier}|${binding}|${code}`);
  }

  /** 10 failures per identifier in 24 h lock the whole code flow for that identifier. */
  async assertNotLocked(identifier: string): Promise<void> {
    const now = this.clock.now().getTime();
    const failures = await this.repo.failuresSince(identifier, new Date(now - DAY));
    if (failures.length >= OTP_MAX_FAILURES_PER_DAY) {
      const oldest = failures[failures.length - OTP_MAX_FAILURES_PER_DAY] as Date;
      throw AppError.tooMany(OTP_MESSAGES.locked, (oldest.getTime() + DAY - now) / 1000);
    }
  }

  /**
   * A new code at most 5 an hour per identifier, and at most every 60 s for the same process (a reset
   * right after registering is not a resend).
   */
  async assertCanIssue(identifier: string, process: OtpProcess): Promise<void> {
    await this.assertNotLocked(identifier);
    const now = this.clock.now().getTime();
    const recent = await this.repo.codesSince(identifier, new Date(now - HOUR));
    const last = recent.filter((r) => r.process === process).at(-1)?.created;
    if (last && now - last.getTime() < OTP_RESEND_SECONDS * 1000) {
      throw AppError.tooMany(
        OTP_MESSAGES.resendWait,
        (last.getTime() + OTP_RESEND_SECONDS * 1000 - now) / 1000,
      );
    }
    if (recent.length >= OTP_MAX_PER_HOUR) {
      const oldest = recent[recent.length - OTP_MAX_PER_HOUR]?.created.getTime() ?? now;
      throw AppError.tooMany(OTP_MESSAGES.hourly, (oldest + HOUR - now) / 1000);
    }
  }

  /** Issues a code (cancelling the previous one) and sends it; with no destinations it is stored only. */
  async issue(input: IssueCodeInput): Promise<void> {
    await this.assertCanIssue(input.identifier, input.process);
    const now = this.clock.now();
    const code = newNumericCode(OTP_LENGTH);
    await this.repo.cancelActiveCodes(input.identifier, input.process, now);
    await this.repo.insertCode({
      identifier: input.identifier,
      process: input.process,
      userId: input.userId,
      codeHmac: this.hmac(input.process, input.identifier, input.binding ?? '', code),
      created: now,
      expiresAt: new Date(now.getTime() + OTP_VALIDITY_SECONDS * 1000),
    });
    const text = TEXTS[input.process];
    for (const d of input.destinations) {
      await this.messenger.send({
        to: d.to,
        channel: d.channel,
        subject: d.channel === 'email' ? text.subject : null,
        body: d.channel === 'email' ? text.body(code) : `TOGO: tu código es ${code}. Vence en 2 minutos.`,
        code,
      });
    }
  }

  private async fail(identifier: string, field: string, message: string): Promise<never> {
    await this.repo.insertFailure(identifier, this.clock.now());
    throw AppError.field(field, message);
  }

  /**
   * Checks a code for identifier + process. A wrong code counts a try (the 5th kills the code) and a
   * failure for the identifier. `requireVerified` is the password-change step after verification.
   */
  async check(input: {
    identifier: string;
    process: OtpProcess;
    code: string;
    userId?: number | null | undefined;
    binding?: string;
    field: string;
    requireVerified?: boolean;
  }): Promise<OtpRow> {
    await this.assertNotLocked(input.identifier);
    const now = this.clock.now();
    const row = await this.repo.findLiveCode(input.identifier, input.process);
    const deadline = (r: OtpRow) =>
      input.requireVerified && r.verifiedAt
        ? r.verifiedAt.getTime() + VERIFIED_CODE_WINDOW_MS
        : r.expiresAt.getTime();
    if (!row || deadline(row) <= now.getTime())
      return this.fail(input.identifier, input.field, OTP_MESSAGES.invalid);
    if (input.userId != null && row.userId != null && row.userId !== input.userId) {
      return this.fail(input.identifier, input.field, OTP_MESSAGES.invalid);
    }
    const expected = this.hmac(input.process, input.identifier, input.binding ?? '', input.code);
    if (!safeEqualHex(expected, row.codeHmac)) {
      await this.repo.registerWrongAttempt(row.id, OTP_MAX_ATTEMPTS, now);
      return this.fail(input.identifier, input.field, OTP_MESSAGES.wrong);
    }
    if (input.requireVerified && !row.verifiedAt) {
      return this.fail(input.identifier, input.field, OTP_MESSAGES.notVerified);
    }
    return row;
  }

  async markVerified(row: OtpRow): Promise<void> {
    if (!(await this.repo.markVerified(row.id, this.clock.now())))
      throw AppError.field('codigo', OTP_MESSAGES.invalid);
  }

  async consume(row: OtpRow, field: string): Promise<void> {
    if (!(await this.repo.consumeCode(row.id, this.clock.now())))
      throw AppError.field(field, OTP_MESSAGES.invalid);
  }
}
