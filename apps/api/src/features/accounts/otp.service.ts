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
import { tooManyWithWait, type LimitRule, type RequestLimiter } from './request-limits.service.ts';

const DAY = 86_400_000;
/** After a reset code is verified, the password must be changed within this time. */
export const VERIFIED_CODE_WINDOW_MS = 10 * 60_000;

export const OTP_MESSAGES = {
  invalid: 'El código no es válido o ha expirado. Solicita uno nuevo.',
  wrong: 'El código ingresado es incorrecto.',
  locked: (wait: string) => `Superaste el número de intentos permitidos. Intenta de nuevo en ${wait}.`,
  spent: (wait: string) =>
    `Superaste el número de intentos para este código. Podrás solicitar uno nuevo en ${wait}.`,
  resendWait: (wait: string) => `Debes esperar ${wait} antes de solicitar un nuevo código.`,
  hourly: (wait: string) => `Solicitaste demasiados códigos. Intenta de nuevo en ${wait}.`,
  ipHourly: (wait: string) =>
    `Se solicitaron demasiados códigos desde tu conexión. Intenta de nuevo en ${wait}.`,
  smsCeiling: (wait: string) =>
    `En este momento no podemos enviar más mensajes de texto. Intenta de nuevo en ${wait}.`,
  notVerified: 'Primero debes verificar el código enviado.',
} as const;

/** Code requests per IP and hour (decision 016). */
export const OTP_MAX_PER_IP_HOUR = 30;

export interface CodeLimitsOptions {
  /** SMS sends per hour for the whole service (OTP_HOURLY_SMS_CEILING): reaching it raises an alarm. */
  smsHourlyCeiling: number;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void } | undefined;
}

export interface CodeDestination {
  channel: 'email' | 'sms';
  to: string;
}

export interface IssueCodeInput {
  identifier: string;
  process: OtpProcess;
  userId: number | null;
  /** Extra data the code is bound to (the phone of a registration), checked when a caller gives it. */
  binding?: string;
  destinations: CodeDestination[];
  /** The phone the request names, limited even when nothing is sent (decision 016). */
  phone?: string | undefined;
  /** The requester's IP (request.ip), limited per hour. */
  ip?: string | undefined;
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

export interface CheckCodeInput {
  identifier: string;
  process: OtpProcess;
  code: string;
  userId?: number | null | undefined;
  /** When given, the code must have been issued with this binding (sign-up: the phone). */
  binding?: string;
  field: string;
  requireVerified?: boolean;
}

const SMS_KEY = 'otp:sms';

/** One-time codes (ARCHITECTURE.md "Security and reliability rules"). */
export class OtpService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly messenger: Messenger,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly limiter: RequestLimiter,
    private readonly limits: CodeLimitsOptions,
  ) {}

  /** The code's HMAC (the empty field is where the binding was before decision 016). */
  private hmac(process: OtpProcess, identifier: string, code: string): string {
    return hmacHex(this.secret, `${process}|${identifier}||${code}`);
  }

  /** The binding is kept apart from the code's HMAC, so the code verifies without it (issue 17, finding 8). */
  private bindingHmac(process: OtpProcess, identifier: string, binding: string): string {
    return hmacHex(this.secret, `binding|${process}|${identifier}|${binding}`);
  }

  /** 10 failures per identifier in 24 h lock the whole code flow for that identifier. */
  async assertNotLocked(identifier: string, repo: AccountsRepository = this.repo): Promise<void> {
    const now = this.clock.now().getTime();
    const failures = await repo.failuresSince(identifier, new Date(now - DAY));
    if (failures.length >= OTP_MAX_FAILURES_PER_DAY) {
      const oldest = failures[failures.length - OTP_MAX_FAILURES_PER_DAY] as Date;
      throw tooManyWithWait(OTP_MESSAGES.locked, (oldest.getTime() + DAY - now) / 1000);
    }
  }

  /**
   * Counts a code request against every limit, atomically in the database (decision 016): per identifier
   * a new code every 60 s for the same process (a reset right after registering is not a resend) and 5 an
   * hour; per phone one every 60 s and 5 an hour; 30 an hour per IP; and the hourly SMS ceiling.
   */
  async assertCanIssue(input: IssueCodeInput): Promise<void> {
    await this.assertNotLocked(input.identifier);
    const rules: LimitRule[] = [
      {
        key: `otp:resend:${input.process}:${input.identifier}`,
        limit: 1,
        windowSeconds: OTP_RESEND_SECONDS,
        message: OTP_MESSAGES.resendWait,
      },
      {
        key: `otp:identifier:${input.identifier}`,
        limit: OTP_MAX_PER_HOUR,
        windowSeconds: 3600,
        message: OTP_MESSAGES.hourly,
      },
    ];
    if (input.phone) {
      const key = `otp:phone:${input.phone}`;
      rules.push(
        { key, limit: 1, windowSeconds: OTP_RESEND_SECONDS, message: OTP_MESSAGES.resendWait },
        { key, limit: OTP_MAX_PER_HOUR, windowSeconds: 3600, message: OTP_MESSAGES.hourly },
      );
    }
    if (input.ip) {
      rules.push({
        key: `otp:ip:${input.ip}`,
        limit: OTP_MAX_PER_IP_HOUR,
        windowSeconds: 3600,
        message: OTP_MESSAGES.ipHourly,
      });
    }
    const ceiling = this.limits.smsHourlyCeiling;
    const sms = input.destinations.some((d) => d.channel === 'sms');
    if (sms)
      rules.push({ key: SMS_KEY, limit: ceiling, windowSeconds: 3600, message: OTP_MESSAGES.smsCeiling });
    const { refusal, counts } = await this.limiter.take(rules);
    if (refusal?.rule.key === SMS_KEY) {
      this.limits.log?.warn(
        { alarm: 'otp_sms_hourly_ceiling', ceiling },
        `SMS ceiling reached: ${ceiling} code SMS in the last hour (OTP_HOURLY_SMS_CEILING); refusing SMS codes`,
      );
    }
    if (refusal) throw tooManyWithWait(refusal.rule.message, refusal.retryAfterSeconds);
    if (sms && counts.get(SMS_KEY) === ceiling) {
      this.limits.log?.error(
        { alarm: 'otp_sms_hourly_ceiling', ceiling },
        `SMS ceiling reached: ${ceiling} code SMS in the last hour (OTP_HOURLY_SMS_CEILING); further SMS codes are refused`,
      );
    }
  }

  /**
   * The code a repeated request can keep using (issue 36: limits count codes sent, not attempts to fill the
   * form): a live code for the same identifier, process and binding, issued less than OTP_RESEND_SECONDS ago
   * and not spent. Answers the seconds it stays valid and the seconds until a new one may be sent, or null.
   */
  async reusableCode(
    identifier: string,
    process: OtpProcess,
    binding: string,
  ): Promise<{ validSeconds: number; resendSeconds: number } | null> {
    const row = await this.repo.findLiveCode(identifier, process);
    const now = this.clock.now().getTime();
    if (!row || row.attempts >= OTP_MAX_ATTEMPTS || row.expiresAt.getTime() <= now) return null;
    const resendAt = row.created.getTime() + OTP_RESEND_SECONDS * 1000;
    if (resendAt <= now || !row.bindingHmac) return null;
    if (!safeEqualHex(this.bindingHmac(process, identifier, binding), row.bindingHmac)) return null;
    return {
      validSeconds: Math.ceil((row.expiresAt.getTime() - now) / 1000),
      resendSeconds: Math.ceil((resendAt - now) / 1000),
    };
  }

  /** Issues a code (cancelling the previous one) and sends it; with no destinations it is stored only. */
  async issue(input: IssueCodeInput): Promise<void> {
    await this.assertCanIssue(input);
    const now = this.clock.now();
    const code = newNumericCode(OTP_LENGTH);
    await this.repo.cancelActiveCodes(input.identifier, input.process, now);
    await this.repo.insertCode({
      identifier: input.identifier,
      process: input.process,
      userId: input.userId,
      codeHmac: this.hmac(input.process, input.identifier, code),
      bindingHmac: input.binding ? this.bindingHmac(input.process, input.identifier, input.binding) : null,
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

  /**
   * Checks a code for identifier + process. A wrong code counts a try and a failure for the identifier;
   * a code with 5 wrong tries is spent (429, no longer evaluated). The whole check runs under the
   * identifier's lock, in one transaction (decision 016), so concurrent guesses cannot pass the cap or the
   * daily lock-out. `requireVerified` is the password-change step after verification.
   */
  async check(input: CheckCodeInput): Promise<OtpRow> {
    // A flood at a spent code is refused without queueing on the lock (attempts only grow, so this holds).
    const live = await this.repo.findLiveCode(input.identifier, input.process);
    const now = this.clock.now();
    if (live && live.attempts >= OTP_MAX_ATTEMPTS && live.expiresAt > now) throw this.spent(live, now);
    const outcome = await this.repo.withCodeLock(input.identifier, (tx) => this.checkLocked(tx, input));
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  /** 429 for a code with 5 wrong tries: the wait is until a new code may be requested. */
  private spent(row: OtpRow, now: Date): AppError {
    const resend = row.created.getTime() + OTP_RESEND_SECONDS * 1000;
    return tooManyWithWait(OTP_MESSAGES.spent, (resend - now.getTime()) / 1000);
  }

  /** Returns the row, or the error to throw once the failure it counted is committed. */
  private async checkLocked(tx: AccountsRepository, input: CheckCodeInput): Promise<OtpRow | AppError> {
    try {
      await this.assertNotLocked(input.identifier, tx);
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    const now = this.clock.now();
    const fail = async (message: string) => {
      await tx.insertFailure(input.identifier, now);
      return AppError.field(input.field, message);
    };
    const row = await tx.findLiveCode(input.identifier, input.process);
    const deadline = (r: OtpRow) =>
      input.requireVerified && r.verifiedAt
        ? r.verifiedAt.getTime() + VERIFIED_CODE_WINDOW_MS
        : r.expiresAt.getTime();
    if (!row || deadline(row) <= now.getTime()) return fail(OTP_MESSAGES.invalid);
    if (input.userId != null && row.userId != null && row.userId !== input.userId) {
      return fail(OTP_MESSAGES.invalid);
    }
    if (row.attempts >= OTP_MAX_ATTEMPTS) return this.spent(row, now);
    const codeOk = safeEqualHex(this.hmac(input.process, input.identifier, input.code), row.codeHmac);
    const bindingOk =
      input.binding === undefined ||
      safeEqualHex(
        this.bindingHmac(input.process, input.identifier, input.binding),
        row.bindingHmac ?? this.bindingHmac(input.process, input.identifier, ''),
      );
    if (!codeOk || !bindingOk) {
      await tx.registerWrongAttempt(row.id, OTP_MAX_ATTEMPTS);
      return fail(OTP_MESSAGES.wrong);
    }
    if (input.requireVerified && !row.verifiedAt) return fail(OTP_MESSAGES.notVerified);
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
