import {
  OPERATOR_MSG,
  type InvitationState,
  type OperatorSession,
  type StaffRole,
  type TotpConfirmed,
  type TotpEnrolment,
} from '@togo/domain/operator/operator-auth.contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { staffPasswordProblem } from '../../lib/password-strength.ts';
import type { AuditActor } from './audit.repository.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';
import { StaffTotpService } from './staff-totp.service.ts';

export { TOTP_SEAL } from './staff-totp.service.ts';

/** Sessions end after this long without a request (sliding). */
/** The longest a console session may stay unused (OPERATOR_IDLE_MINUTES may set it shorter, never longer). */
export const STAFF_IDLE_MS = 8 * 60 * 60 * 1000;
/** last_seen is written at most this often per token. */
const TOUCH_AFTER_MS = 60 * 1000;

/** The sign-in throttle key of a staff account is this prefix and the lower-case email. */
export const STAFF_ACCOUNT_KEY_PREFIX = 'staff:acct:';
export const staffAccountKey = (email: string) => `${STAFF_ACCOUNT_KEY_PREFIX}${email.toLowerCase()}`;

/** One key of the sign-in throttle and its policy (decision 016's rule, with a first block). */
export interface AttemptKey {
  key: string;
  policy: { threshold: number; maxBlockSeconds: number; quietSeconds: number; firstBlockSeconds?: number };
}

/**
 * Port to the drivers' sign-in throttle (decision 016), passed in by the wiring: each attempt is taken in one
 * atomic statement per key before the password is checked, so a burst is evaluated at most `threshold` times.
 */
export interface SignInThrottle {
  /** 429 while a key is blocked; answers each key's attempts, this one included. */
  take(keys: AttemptKey[]): Promise<Map<string, number>>;
  giveBack(key: AttemptKey): Promise<void>;
  /** The account's count restarts and the IP's attempt is given back. */
  succeeded(account: AttemptKey, ip: AttemptKey): Promise<void>;
}

/**
 * Per staff account: the 5th wrong password or code in a row locks it for 15 minutes, and every later one
 * (the count is not reset by the lock) for 15 more; a success, or 24 h without attempts, restarts the count.
 */
export const STAFF_ACCOUNT_POLICY = {
  threshold: 5,
  firstBlockSeconds: 15 * 60,
  maxBlockSeconds: 15 * 60,
  quietSeconds: 24 * 3600,
};
/** Per IP: 20 wrong passwords or codes (any accounts), then blocks of 1 min, 2 min… up to 15 min. */
export const STAFF_IP_POLICY = {
  threshold: 20,
  firstBlockSeconds: 60,
  maxBlockSeconds: 15 * 60,
  quietSeconds: 3600,
};

/** What a link that no longer works says, by why. */
const INVITATION_GONE: Record<InvitationState, string> = {
  invalida: OPERATOR_MSG.invitationInvalid,
  usada: OPERATOR_MSG.invitationUsed,
  vencida: OPERATOR_MSG.invitationExpired,
  reemplazada: OPERATOR_MSG.invitationReplaced,
};

export interface StaffSession {
  tokenId: number;
  totpPending: boolean;
  staff: StaffRow;
}

/** Staff sign-in: password (argon2id), per-account lock-out in the database, TOTP (RFC 6238) and sessions. */
export class StaffAuthService {
  private readonly repo: StaffRepository;
  private readonly clock: Clock;
  private readonly totpRoles: readonly StaffRole[];
  private readonly throttle: SignInThrottle;
  private readonly idleMs: number;
  readonly totp: StaffTotpService;

  constructor(deps: {
    repo: StaffRepository;
    clock: Clock;
    /** Roles that must use TOTP (OPERATOR_TOTP_ROLES). */
    totpRoles: readonly StaffRole[];
    /** APP_SECRET: TOTP secrets are stored sealed with a key derived from it. */
    appSecret: string;
    throttle: SignInThrottle;
    /** OPERATOR_IDLE_MINUTES in ms: a session unused longer is over (at most STAFF_IDLE_MS). */
    idleMs?: number;
  }) {
    this.idleMs = Math.min(deps.idleMs ?? STAFF_IDLE_MS, STAFF_IDLE_MS);
    this.repo = deps.repo;
    this.clock = deps.clock;
    this.totpRoles = deps.totpRoles;
    this.throttle = deps.throttle;
    this.totp = new StaffTotpService({ repo: deps.repo, clock: deps.clock, appSecret: deps.appSecret });
  }

  /** The throttle keys of a sign-in (or of a code check) by `email` from `ip`. */
  private static keys(email: string, ip: string) {
    return {
      account: { key: staffAccountKey(email), policy: STAFF_ACCOUNT_POLICY },
      ip: { key: `staff:ip:${ip}`, policy: STAFF_IP_POLICY },
    };
  }

  /**
   * Password, then TOTP. Each attempt is taken from the account's and the IP's throttle before anything is
   * checked (429 while either is blocked); a wrong password or code stays counted and is audited, the one that
   * locks the account too; a right password still waiting for its code is given back.
   */
  async login(
    input: { correo: string; clave: string; codigo_totp?: string; codigo_recuperacion?: string },
    ip: string,
  ): Promise<OperatorSession> {
    const { correo, clave } = input;
    const keys = StaffAuthService.keys(correo, ip);
    const counts = await this.throttle.take([keys.ip, keys.account]);
    const account = await this.repo.findByEmail(correo);
    const now = this.clock.now();
    if (!account || !account.activo || !account.passwordHash) {
      await verifyPassword(await dummyPasswordHash(), clave);
      throw AppError.unauthorized(OPERATOR_MSG.badCredentials);
    }
    const failed = async (motivo: 'clave' | 'codigo', message: string) => {
      const attempts = counts.get(keys.account.key) ?? 0;
      await this.repo.auditSignIn(account, 'staff.sesion_fallida', { motivo, ip }, now);
      if (attempts >= STAFF_ACCOUNT_POLICY.threshold) {
        await this.repo.auditSignIn(account, 'staff.sesion_bloqueada', { intentos: attempts, ip }, now);
      }
      return AppError.unauthorized(message);
    };
    if (!(await verifyPassword(account.passwordHash, clave))) {
      throw await failed('clave', OPERATOR_MSG.badCredentials);
    }
    const rol = account.rol as StaffRole;
    let totpPending = false;
    if (account.totpEnabled && account.totpSecret) {
      if (input.codigo_recuperacion) {
        if (!(await this.totp.useRecoveryCode(account, input.codigo_recuperacion, ip))) {
          throw await failed('codigo', OPERATOR_MSG.recoveryInvalid);
        }
      } else if (!input.codigo_totp) {
        await this.throttle.giveBack(keys.account);
        await this.throttle.giveBack(keys.ip);
        throw AppError.unauthorized(OPERATOR_MSG.totpRequired);
      } else if (!(await this.totp.check(account, input.codigo_totp))) {
        throw await failed('codigo', OPERATOR_MSG.totpInvalid);
      }
    } else if (this.totpRoles.includes(rol) || account.totpMustEnrol) {
      totpPending = true;
    }
    await this.throttle.succeeded(keys.account, keys.ip);
    const token = newToken();
    await this.repo.insertToken(account.id, sha256Hex(token), totpPending, now, {
      actor: { staffId: account.id, email: account.email },
      accion: 'staff.sesion_iniciada',
      objeto: `staff:${account.id}`,
      antes: null,
      despues: { ip, totp_pendiente: totpPending },
    });
    return { token, rol, nombre: account.nombre, totp_pendiente: totpPending };
  }

  /** The live session of a staff token (sliding 8-hour idle expiry), or null. */
  async resolve(token: string): Promise<StaffSession | null> {
    if (!token || token.length > 200) return null;
    const now = this.clock.now();
    const row = await this.repo.findSession(sha256Hex(token), new Date(now.getTime() - this.idleMs));
    if (!row) return null;
    if (now.getTime() - row.lastSeen.getTime() > TOUCH_AFTER_MS) await this.repo.touchToken(row.tokenId, now);
    return { tokenId: row.tokenId, totpPending: row.totpPending, staff: row.staff };
  }

  async logout(session: StaffSession): Promise<void> {
    await this.repo.revokeToken(session.tokenId, this.clock.now());
  }

  /**
   * A new TOTP enrolment for the signed-in member. When TOTP is already on, the current code is required (a wrong
   * one is throttled and audited like a wrong sign-in code) and the confirmed factor stays the one asked for at
   * sign-in until the new one is confirmed (issue 35, finding 2).
   */
  async startEnrolment(
    session: StaffSession,
    codigoTotp: string | undefined,
    ip: string,
  ): Promise<TotpEnrolment> {
    const account = await this.repo.findById(session.staff.id);
    if (!account) throw AppError.unauthorized();
    if (account.totpEnabled) {
      if (!codigoTotp) throw AppError.badRequest({ codigo_totp: [OPERATOR_MSG.totpCurrentRequired] });
      const keys = StaffAuthService.keys(account.email, ip);
      const counts = await this.throttle.take([keys.ip, keys.account]);
      if (!(await this.totp.check(account, codigoTotp))) {
        const now = this.clock.now();
        await this.repo.auditSignIn(account, 'staff.totp_codigo_fallido', { ip }, now);
        const attempts = counts.get(keys.account.key) ?? 0;
        if (attempts >= STAFF_ACCOUNT_POLICY.threshold) {
          await this.repo.auditSignIn(account, 'staff.sesion_bloqueada', { intentos: attempts, ip }, now);
        }
        throw AppError.badRequest({ codigo_totp: [OPERATOR_MSG.totpInvalid] });
      }
      await this.throttle.succeeded(keys.account, keys.ip);
    }
    return this.totp.start(account);
  }

  async confirmEnrolment(session: StaffSession, codigo: string): Promise<TotpConfirmed> {
    const account = await this.repo.findById(session.staff.id);
    if (!account) throw AppError.unauthorized();
    return this.totp.confirm(account, codigo);
  }

  recoveryCodesLeft(staffId: number): Promise<number> {
    return this.repo.countRecoveryCodes(staffId);
  }

  /** An admin's reset of a colleague's second factor (decision 065). */
  resetTotp(actor: AuditActor, id: number) {
    return this.totp.reset(actor, id);
  }

  /**
   * Whether an invitation link still works, asked when the page opens (issue 38): its person, or a 410 saying why
   * not (used, replaced by a resend, expired, unknown) before any form is shown.
   */
  async checkInvitation(token: string): Promise<{ correo: string; nombre: string }> {
    const state = /^[A-Za-z0-9_-]{20,100}$/.test(token)
      ? await this.repo.invitationState(sha256Hex(token), this.clock.now())
      : undefined;
    if (state?.state === 'live') return { correo: state.email, nombre: state.nombre };
    const estado = state?.state ?? 'invalida';
    throw new AppError(410, { detail: INVITATION_GONE[estado], estado });
  }

  async acceptInvitation(token: string, clave: string): Promise<void> {
    const invited = await this.repo.findInvited(sha256Hex(token), this.clock.now());
    if (!invited) {
      const state = await this.repo.invitationState(sha256Hex(token), this.clock.now());
      const why = state && state.state !== 'live' ? INVITATION_GONE[state.state] : undefined;
      throw AppError.badRequest({ token: [why ?? OPERATOR_MSG.invitationInvalid] });
    }
    const weak = staffPasswordProblem(clave, [invited.email, invited.nombre]);
    if (weak) throw AppError.badRequest({ clave: [weak] });
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
