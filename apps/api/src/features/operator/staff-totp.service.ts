import { randomBytes } from 'node:crypto';
import {
  OPERATOR_MSG,
  RECOVERY_CODE_COUNT,
  type TotpConfirmed,
  type TotpEnrolment,
} from '@togo/domain/operator/operator-auth.contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { openText, sealText, sha256Hex } from '../../lib/crypto.ts';
import type { AuditActor, AuditRecord } from './audit.repository.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';

const TOTP_PERIOD = 30;
const TOTP_ISSUER = 'TOGO Operador';
/** Key purpose of the sealed TOTP secrets (stored encrypted under APP_SECRET). */
export const TOTP_SEAL = 'staff-totp';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 10 base32 characters (50 bits), shown as 'abcde-fghij'. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const b of bytes) code += BASE32[b % 32];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The stored form of a recovery code: SHA-256 of its 10 characters, lower-case, without the dash. */
export const recoveryHash = (code: string) => sha256Hex(code.toLowerCase().replace('-', ''));

/**
 * The staff second factor (decision 065): RFC 6238 codes against the confirmed secret, a new enrolment kept
 * apart until its first code confirms it, 10 single-use recovery codes per enrolment, and an admin's reset.
 */
export class StaffTotpService {
  constructor(private readonly deps: { repo: StaffRepository; clock: Clock; appSecret: string }) {}

  /** A code of the confirmed secret: ±1 period of tolerance, each time step accepted once. */
  async check(account: StaffRow, codigo: string): Promise<boolean> {
    if (!account.totpEnabled || !account.totpSecret) return false;
    const step = await this.matchingStep(account.totpSecret, codigo);
    return step !== null && this.deps.repo.useTotpStep(account.id, step);
  }

  /** Uses one of the account's recovery codes (atomically, once); audited. */
  async useRecoveryCode(account: StaffRow, code: string, ip: string): Promise<boolean> {
    if (!account.totpEnabled) return false;
    return this.deps.repo.useRecoveryCode(
      account.id,
      recoveryHash(code),
      this.deps.clock.now(),
      this.audit(account, 'staff.codigo_recuperacion_usado', null, { ip }),
    );
  }

  /**
   * A new secret, kept as the pending one: the confirmed factor (if any) is still the one asked for until the new
   * one is confirmed. `verifyCurrent` checks the current code first when TOTP is on (throttled by the caller).
   */
  async start(account: StaffRow): Promise<TotpEnrolment> {
    // otplib and qrcode are loaded with the first TOTP use, not at start-up (idle memory, decision 024).
    const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
      import('otplib'),
      import('qrcode'),
    ]);
    const secret = generateSecret();
    await this.deps.repo.setPendingTotpSecret(
      account.id,
      sealText(this.deps.appSecret, TOTP_SEAL, secret),
      this.deps.clock.now(),
    );
    const uri = generateURI({ issuer: TOTP_ISSUER, label: account.email, secret });
    return { secreto: secret, uri, qr: await QRCode.toDataURL(uri) };
  }

  /** The pending secret's first code makes it the confirmed one, with 10 new recovery codes (shown once). */
  async confirm(account: StaffRow, codigo: string): Promise<TotpConfirmed> {
    const step = account.totpPendingSecret
      ? await this.matchingStep(account.totpPendingSecret, codigo)
      : null;
    if (step === null || !account.totpPendingSecret) {
      throw AppError.badRequest({ codigo: [OPERATOR_MSG.totpInvalid] });
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const done = await this.deps.repo.confirmTotp(
      account.id,
      account.totpPendingSecret,
      step,
      codes.map(recoveryHash),
      this.audit(account, 'staff.totp_activado', { totp: account.totpEnabled }, { totp: true }),
      this.deps.clock.now(),
    );
    if (!done) throw AppError.badRequest({ codigo: [OPERATOR_MSG.totpInvalid] });
    return { totp: true, codigos_recuperacion: codes };
  }

  /** An admin switches a colleague's factor off: signed out, must enrol at the next sign-in; audited. */
  async reset(actor: AuditActor, id: number): Promise<{ id: number; totp: false }> {
    if (actor.staffId === id) throw AppError.conflict(OPERATOR_MSG.resetSelf);
    const done = await this.deps.repo.resetTotp(
      id,
      (before) => ({
        actor,
        accion: 'staff.totp_restablecido',
        objeto: `staff:${id}`,
        antes: { correo: before.email, totp: before.totpEnabled },
        despues: { totp: false, inscripcion_obligatoria: true },
      }),
      this.deps.clock.now(),
    );
    if (!done) throw AppError.notFound();
    return { id, totp: false };
  }

  private audit(account: StaffRow, accion: string, antes: unknown, despues: unknown): AuditRecord {
    return {
      actor: { staffId: account.id, email: account.email },
      accion,
      objeto: `staff:${account.id}`,
      antes,
      despues,
    };
  }

  /** The time step a code matches for a sealed secret (±1 period), or null. */
  private async matchingStep(sealed: string, codigo: string): Promise<number | null> {
    const secret = openText(this.deps.appSecret, TOTP_SEAL, sealed);
    if (!secret) return null;
    const epoch = Math.floor(this.deps.clock.now().getTime() / 1000);
    const { verify } = await import('otplib');
    const result = await verify({ secret, token: codigo, epoch, epochTolerance: TOTP_PERIOD });
    if (!result.valid) return null;
    return Math.floor(epoch / TOTP_PERIOD) + (result.delta ?? 0);
  }
}
