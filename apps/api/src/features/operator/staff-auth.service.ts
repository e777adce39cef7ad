import {
  OPERATOR_MSG,
  type OperatorSession,
  type StaffRole,
  type TotpEnrolment,
} from '@togo/domain/operator/operator-auth.contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, openText, sealText, sha256Hex } from '../../lib/crypto.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';

/** Sessions end after this long without a request (sliding). */
export const STAFF_IDLE_MS = 8 * 60 * 60 * 1000;
/** last_seen is written at most this often per token. */
const TOUCH_AFTER_MS = 60 * 1000;
const TOTP_PERIOD = 30;
const TOTP_ISSUER = 'TOGO Operador';
/** Key purpose of the sealed TOTP secrets (stored encrypted under APP_SECRET). */
export const TOTP_SEAL = 'staff-totp';

export interface StaffSession {
  tokenId: number;
  totpPending: boolean;
  staff: StaffRow;
}

/** Staff sign-in: password (argon2id), per-account lock-out in the database, TOTP (RFC 6238) and sessions. */
export class StaffAuthService {
  constructor(
    private readonly repo: StaffRepository,
    private readonly clock: Clock,
    /** Roles that must use TOTP (OPERATOR_TOTP_ROLES). */
    private readonly totpRoles: readonly StaffRole[],
    /** APP_SECRET: TOTP secrets are stored sealed with a key derived from it. */
    private readonly appSecret: string,
  ) {}

  async login(correo: string, clave: string, codigoTotp: string | undefined): Promise<OperatorSession> {
    const account = await this.repo.findByEmail(correo);
    const now = this.clock.now();
    if (!account || !account.activo || !account.passwordHash) {
      await verifyPassword(await dummyPasswordHash(), clave);
      throw AppError.unauthorized(OPERATOR_MSG.badCredentials);
    }
    if (account.lockedUntil && account.lockedUntil > now) {
      throw AppError.tooMany(OPERATOR_MSG.locked, (account.lockedUntil.getTime() - now.getTime()) / 1000);
    }
    if (!(await verifyPassword(account.passwordHash, clave))) {
      await this.repo.registerFailedLogin(account.id, now);
      throw AppError.unauthorized(OPERATOR_MSG.badCredentials);
    }
    const rol = account.rol as StaffRole;
    let totpPending = false;
    if (account.totpEnabled && account.totpSecret) {
      if (!codigoTotp) throw AppError.unauthorized(OPERATOR_MSG.totpRequired);
      if (!(await this.checkTotp(account, codigoTotp))) {
        await this.repo.registerFailedLogin(account.id, now);
        throw AppError.unauthorized(OPERATOR_MSG.totpInvalid);
      }
    } else if (this.totpRoles.includes(rol)) {
      totpPending = true;
    }
    await this.repo.clearFailedLogins(account.id);
    const token = newToken();
    await this.repo.insertToken(account.id, sha256Hex(token), totpPending, now);
    return { token, rol, nombre: account.nombre, totp_pendiente: totpPending };
  }

  /** The live session of a staff token (sliding 8-hour idle expiry), or null. */
  async resolve(token: string): Promise<StaffSession | null> {
    if (!token || token.length > 200) return null;
    const now = this.clock.now();
    const row = await this.repo.findSession(sha256Hex(token), new Date(now.getTime() - STAFF_IDLE_MS));
    if (!row) return null;
    if (now.getTime() - row.lastSeen.getTime() > TOUCH_AFTER_MS) await this.repo.touchToken(row.tokenId, now);
    return { tokenId: row.tokenId, totpPending: row.totpPending, staff: row.staff };
  }

  async logout(session: StaffSession): Promise<void> {
    await this.repo.revokeToken(session.tokenId, this.clock.now());
  }

  /** A new TOTP secret for the signed-in staff member, with its otpauth:// URI and a QR code. */
  async startEnrolment(session: StaffSession): Promise<TotpEnrolment> {
    // otplib and qrcode are loaded with the first TOTP use, not at start-up (idle memory, decision 024).
    const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
      import('otplib'),
      import('qrcode'),
    ]);
    const secret = generateSecret();
    await this.repo.setTotpSecret(
      session.staff.id,
      sealText(this.appSecret, TOTP_SEAL, secret),
      this.clock.now(),
    );
    const uri = generateURI({ issuer: TOTP_ISSUER, label: session.staff.email, secret });
    return { secreto: secret, uri, qr: await QRCode.toDataURL(uri) };
  }

  async confirmEnrolment(session: StaffSession, codigo: string): Promise<void> {
    const account = await this.repo.findById(session.staff.id);
    if (!account?.totpSecret) throw AppError.badRequest({ codigo: [OPERATOR_MSG.totpInvalid] });
    if (!(await this.checkTotp(account, codigo))) {
      throw AppError.badRequest({ codigo: [OPERATOR_MSG.totpInvalid] });
    }
    await this.repo.enableTotp(
      account.id,
      {
        actor: { staffId: account.id, email: account.email },
        accion: 'staff.totp_activado',
        objeto: `staff:${account.id}`,
        antes: { totp: account.totpEnabled },
        despues: { totp: true },
      },
      this.clock.now(),
    );
  }

  /** ±1 period of tolerance; each time step is accepted once. */
  private async checkTotp(account: StaffRow, codigo: string): Promise<boolean> {
    const secret = account.totpSecret ? openText(this.appSecret, TOTP_SEAL, account.totpSecret) : null;
    if (!secret) return false;
    const epoch = Math.floor(this.clock.now().getTime() / 1000);
    const { verify } = await import('otplib');
    const result = await verify({
      secret,
      token: codigo,
      epoch,
      epochTolerance: TOTP_PERIOD,
    });
    if (!result.valid) return false;
    const step = Math.floor(epoch / TOTP_PERIOD) + (result.delta ?? 0);
    return this.repo.useTotpStep(account.id, step);
  }

  async acceptInvitation(token: string, clave: string): Promise<void> {
    const id = await this.repo.acceptInvitation(
      sha256Hex(token),
      await hashPassword(clave),
      this.clock.now(),
    );
    if (id === undefined) throw AppError.badRequest({ token: [OPERATOR_MSG.invitationInvalid] });
  }

  /** ADMIN_EMAIL / ADMIN_PASSWORD: created when absent; an existing account is never changed. */
  async ensureFirstAdmin(email: string, password: string): Promise<boolean> {
    if (await this.repo.findByEmail(email)) return false;
    const now = this.clock.now();
    return this.repo.insertIfAbsent({
      email: email.toLowerCase(),
      nombre: 'Administrador',
      rol: 'admin',
      passwordHash: await hashPassword(password),
      created: now,
      updated: now,
    });
  }
}
