import type {
  LoginResponse,
  MultipleAccounts,
  OtpResponse,
  SocialProvider,
} from '@togo/domain/auth/auth.contract';
import type {
  loginRequestSchema,
  otpRequestSchema,
  otpVerifySchema,
  resetPasswordSchema,
  signupRequestSchema,
  userTypeChangeSchema,
} from '@togo/domain/auth/auth.contract';
import {
  maskEmail,
  maskPhone,
  normalizeIdentifier,
  OTP_RESEND_SECONDS,
  OTP_VALIDITY_SECONDS,
} from '@togo/domain/auth/auth.rules';
import { GROUP_CLIENT, GROUP_COMPANY } from '@togo/domain/roles';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  SocialTokenError,
  type SocialProfile,
  type SocialVerifier,
} from '../../integrations/social/social-verifier.ts';
import type { AccountsRepository, OtpRow, UserRow } from './accounts.repository.ts';
import type { OtpService } from './otp.service.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { RequestLimiter } from './request-limits.service.ts';
import { ACCOUNT_POLICY, IP_POLICY, type ThrottleService } from './throttle.service.ts';
import type { TokenService } from '../../http/session-tokens.ts';
import { ACCOUNT_MESSAGES } from './accounts.messages.ts';
import {
  placeholderEmail,
  toLoginResponse,
  toUserInfo,
  type PictureUrl,
  type UserInfoResponse,
} from './user.mapper.ts';

const PROVIDER_LABEL: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };
/** validar-username: at most this many checks per IP in USERNAME_CHECK_WINDOW_SECONDS (decision 016). */
export const USERNAME_CHECKS_PER_IP = 30;
export const USERNAME_CHECK_WINDOW_SECONDS = 600;
const USERNAME_TOO_MANY = (wait: string) =>
  `Hiciste demasiadas consultas de correo. Intenta de nuevo en ${wait}.`;
const MAX_CANDIDATES = 10;

type LoginInput = z.output<typeof loginRequestSchema>;
type SignupInput = z.output<typeof signupRequestSchema>;
type OtpRequestInput = z.output<typeof otpRequestSchema>;
type OtpVerifyInput = z.output<typeof otpVerifySchema>;
type ResetInput = z.output<typeof resetPasswordSchema>;
type UserTypeInput = z.output<typeof userTypeChangeSchema>;

export class AccountsService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly tokens: TokenService,
    private readonly otp: OtpService,
    private readonly throttle: ThrottleService,
    private readonly social: Partial<Record<SocialProvider, SocialVerifier>>,
    private readonly clock: Clock,
    /** Signs uploaded profile pictures' URLs (features/profile). */
    private readonly pictureUrl: PictureUrl | undefined,
    /** Request limits kept in the database (validar-username per IP). */
    private readonly limiter: RequestLimiter,
  ) {}

  /** Accounts an identifier (email or 10-digit phone) can mean. */
  /** Deleted accounts (decision 021) are no candidates: no sign-in, no reset code. */
  private async candidates(identifier: string): Promise<UserRow[]> {
    if (identifier.includes('@')) {
      const user = await this.repo.findUserByEmail(identifier);
      return user && !user.deletedAt ? [user] : [];
    }
    if (!/^\d{10}$/.test(identifier)) return [];
    const users = await this.repo.findUsersByPhone(identifier, MAX_CANDIDATES);
    return users.filter((u) => !u.deletedAt);
  }

  private severalAccounts(users: UserRow[]): AppError {
    const body: MultipleAccounts = {
      detalles: ACCOUNT_MESSAGES.severalAccounts,
      opciones: users.map((u) => ({ correo: maskEmail(u.email), id: u.id })),
    };
    return new AppError(406, body);
  }

  /** validar-username's per-IP rule: every answer that tells whether an email is registered counts in it. */
  private static usernameRule(ip: string) {
    return {
      key: `username:ip:${ip}`,
      limit: USERNAME_CHECKS_PER_IP,
      windowSeconds: USERNAME_CHECK_WINDOW_SECONDS,
      message: USERNAME_TOO_MANY,
    };
  }

  async validateUsername(email: string, ip: string): Promise<{ disponible: true }> {
    await this.limiter.enforce([AccountsService.usernameRule(ip)]);
    if (await this.repo.findUserByEmail(email)) throw AppError.field('username', ACCOUNT_MESSAGES.emailTaken);
    return { disponible: true };
  }

  /**
   * The "ya está registrado" answer of solicitar-codigo-otp and signup, counted in validar-username's per-IP limit
   * (issue 35, finding 6): while that limit is full every such request is refused, whether the email is taken or
   * not (the 429 tells nothing), and each taken answer counts atomically.
   */
  private async refuseTakenEmail(email: string, ip: string, field: string): Promise<void> {
    const rule = AccountsService.usernameRule(ip);
    await this.limiter.assertRoom([rule]);
    if (!(await this.repo.findUserByEmail(email))) return;
    await this.limiter.enforce([rule]);
    throw AppError.field(field, ACCOUNT_MESSAGES.emailTaken);
  }

  /**
   * Sign-in by email or phone. The password is checked against every account the identifier can
   * mean, so a 406 (choose an account) only ever reaches someone who knows a matching password.
   */
  async login(input: LoginInput, ip: string): Promise<LoginResponse> {
    const identifier = normalizeIdentifier(input.email);
    const account = { key: `login:acct:${identifier}`, policy: ACCOUNT_POLICY };
    const byIp = { key: `login:ip:${ip}`, policy: IP_POLICY };
    // Each attempt is taken (and counted) atomically before the password is checked (decision 016).
    await this.throttle.take([byIp, account]);

    let users = await this.candidates(identifier);
    if (input.usuario_id != null) users = users.filter((u) => u.id === input.usuario_id);
    const matching: UserRow[] = [];
    if (users.length === 0) {
      await verifyPassword(await dummyPasswordHash(), input.password);
    }
    for (const user of users) {
      if (await verifyPassword(user.passwordHash, input.password)) matching.push(user);
    }
    if (matching.length === 0) throw AppError.badRequest(ACCOUNT_MESSAGES.badCredentials);
    await this.throttle.succeeded(account, byIp);
    if (matching.length > 1) throw this.severalAccounts(matching);
    const user = matching[0] as UserRow;
    return toLoginResponse(user, await this.tokens.issue(user.id), this.pictureUrl);
  }

  async requestCode(input: OtpRequestInput, ip: string): Promise<OtpResponse> {
    const answer = (
      canal: ('email' | 'sms')[],
      destino: string,
      vigencia = OTP_VALIDITY_SECONDS,
      reenvio = OTP_RESEND_SECONDS,
    ): OtpResponse => ({
      detail: ACCOUNT_MESSAGES.codeSent,
      otp: { canal, destino, vigencia_segundos: vigencia, reenvio_segundos: reenvio },
    });

    if (input.proceso === 'REGISTRO_USUARIO') {
      await this.refuseTakenEmail(input.correo, ip, 'correo');
      // The same form sent again while its code is fresh: that code still works, nothing is sent or counted.
      const live = await this.otp.reusableCode(input.correo, input.proceso, input.numero_telefono);
      if (live) {
        return answer(['email', 'sms'], maskEmail(input.correo), live.validSeconds, live.resendSeconds);
      }
      await this.otp.issue({
        identifier: input.correo,
        process: input.proceso,
        userId: null,
        binding: input.numero_telefono,
        phone: input.numero_telefono,
        ip,
        destinations: [
          { channel: 'email', to: input.correo },
          { channel: 'sms', to: input.numero_telefono },
        ],
      });
      return answer(['email', 'sms'], maskEmail(input.correo));
    }

    const identifier = normalizeIdentifier(input.identificador);
    const isEmail = identifier.includes('@');
    const channel = isEmail ? 'email' : 'sms';
    const destino = isEmail ? maskEmail(identifier) : maskPhone(identifier);
    let users = await this.candidates(identifier);
    if (input.usuario_id != null) users = users.filter((u) => u.id === input.usuario_id);
    // A phone shared by several accounts gets one code, bound to no account: which accounts it opens is
    // only told after the code is verified (verifyCode). Unknown identifiers get the same answer (and the
    // same throttling); nothing is sent.
    const user = users[0];
    await this.otp.issue({
      identifier,
      process: 'RESETEAR_CLAVE',
      userId: users.length === 1 && user ? user.id : null,
      phone: isEmail ? undefined : identifier,
      ip,
      destinations: user ? [{ channel, to: isEmail ? user.email : identifier }] : [],
    });
    return answer([channel], destino);
  }

  async verifyCode(input: OtpVerifyInput): Promise<{ detail: string; verificado: true }> {
    const identifier = normalizeIdentifier(input.identificador);
    const row = await this.otp.check({
      identifier,
      process: input.proceso,
      code: input.codigo,
      userId: input.usuario_id,
      field: 'codigo',
    });
    const owners = input.proceso === 'RESETEAR_CLAVE' ? await this.resetOwners(row, input.usuario_id) : [];
    await this.otp.markVerified(row);
    // A shared phone: the account choice (406) comes only now that the code proved the phone.
    if (owners.length > 1 && input.usuario_id == null) throw this.severalAccounts(owners);
    return { detail: ACCOUNT_MESSAGES.codeVerified, verificado: true };
  }

  async signup(input: SignupInput, ip: string): Promise<{ id: number; email: string; detail: string }> {
    await this.refuseTakenEmail(input.email, ip, 'email');
    const row = await this.otp.check({
      identifier: input.email,
      process: 'REGISTRO_USUARIO',
      code: input.codigo_otp,
      binding: input.tercero.telefono,
      field: 'codigo_otp',
    });
    const passwordHash = await hashPassword(input.password);
    await this.otp.consume(row, 'codigo_otp');
    const now = this.clock.now();
    let user: UserRow;
    try {
      const values = {
        email: input.email,
        passwordHash,
        nombres: input.tercero.nombres,
        apellidos: input.tercero.apellidos,
        telefono: input.tercero.telefono,
        tipoDocumento: input.tercero.tipo_documento || 'CC',
        identificacion: input.tercero.identificacion ?? null,
        razonSocial: input.tercero.razon_social?.trim() || null,
        groupId: GROUP_CLIENT,
        isFirstLoginTogo: true,
        // The sign-up code went to this address (and the phone).
        emailVerified: true,
        created: now,
        updated: now,
      };
      user = await this.repo.insertUser(values, { policy: input.politica_datos });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.field('email', ACCOUNT_MESSAGES.emailTaken);
      throw err;
    }
    return { id: user.id, email: user.email, detail: ACCOUNT_MESSAGES.accountCreated };
  }

  /** A verified reset code allows exactly one password change; every session is revoked. */
  async resetPassword(input: ResetInput): Promise<{ detail: string }> {
    const identifier = normalizeIdentifier(input.identificador);
    const row = await this.otp.check({
      identifier,
      process: 'RESETEAR_CLAVE',
      code: input.codigo_otp,
      userId: input.usuario_id,
      field: 'codigo_otp',
      requireVerified: true,
    });
    const owners = await this.resetOwners(row, input.usuario_id, 'codigo_otp');
    if (owners.length > 1) throw this.severalAccounts(owners);
    const owner = owners[0] as UserRow;
    const passwordHash = await hashPassword(input.clave);
    await this.otp.consume(row, 'codigo_otp');
    // A code received at the account's email also proves that address.
    const emailProven = identifier.includes('@') && owner.email.toLowerCase() === identifier;
    await this.repo.updatePasswordAndRevokeTokens(owner.id, passwordHash, this.clock.now(), emailProven);
    await this.throttle.clear(`login:acct:${identifier}`);
    return { detail: ACCOUNT_MESSAGES.passwordChanged };
  }

  /**
   * The accounts a checked RESETEAR_CLAVE code opens: its own account, or (a code sent to a phone shared by
   * several accounts) every account of that phone, narrowed to `usuarioId` when given. None: the code was
   * issued for an unknown identifier and never verifies.
   */
  private async resetOwners(row: OtpRow, usuarioId: number | null | undefined, field = 'codigo') {
    let owners: UserRow[];
    if (row.userId != null) {
      const user = await this.repo.findUserById(row.userId);
      owners = user ? [user] : [];
    } else {
      owners = await this.candidates(row.identifier);
      if (usuarioId != null) owners = owners.filter((u) => u.id === usuarioId);
    }
    if (owners.length === 0) throw AppError.field(field, 'El código ingresado es incorrecto.');
    return owners;
  }

  async socialLogin(provider: SocialProvider, token: string): Promise<LoginResponse> {
    const verifier = this.social[provider];
    const label = PROVIDER_LABEL[provider];
    if (!verifier) throw AppError.unavailable(ACCOUNT_MESSAGES.providerNotConfigured(label));
    let profile: SocialProfile;
    try {
      profile = await verifier.verify(token);
    } catch (err) {
      if (err instanceof SocialTokenError) throw new AppError(401, ACCOUNT_MESSAGES.providerRejected(label));
      throw err;
    }
    const user = await this.userForProfile(profile);
    return toLoginResponse(user, await this.tokens.issue(user.id), this.pictureUrl);
  }

  private async userForProfile(profile: SocialProfile): Promise<UserRow> {
    const identity = await this.repo.findIdentity(profile.provider, profile.subject);
    if (identity) {
      const user = await this.repo.findUserById(identity.userId);
      if (user?.deletedAt)
        throw new AppError(401, ACCOUNT_MESSAGES.providerRejected(PROVIDER_LABEL[profile.provider]));
      if (user) return user;
    }
    if (profile.email) {
      const existing = await this.repo.findUserByEmail(profile.email);
      if (existing?.deletedAt) throw AppError.field('username', ACCOUNT_MESSAGES.emailTaken);
      if (existing) {
        // Linked only when both sides proved the address: the provider says so, and the account verified it
        // (else whoever typed someone's address into an account would receive their social sign-in).
        if (!profile.emailVerified || !existing.emailVerified)
          throw AppError.field('username', ACCOUNT_MESSAGES.socialEmailTaken);
        await this.repo.insertIdentity({
          userId: existing.id,
          provider: profile.provider,
          subject: profile.subject,
          email: profile.email,
        });
        return existing;
      }
    }
    const now = this.clock.now();
    // An email the provider does not vouch for is never given to a new account (it could be someone
    // else's): such accounts, like those without an email, get a unique placeholder username.
    const verifiedEmail = profile.emailVerified ? profile.email : null;
    const user = await this.repo.insertUser({
      email: verifiedEmail ?? placeholderEmail(profile.provider, profile.subject),
      emailVerified: verifiedEmail != null,
      passwordHash: null,
      nombres: profile.firstName || 'Usuario',
      apellidos: profile.lastName,
      telefono: null,
      groupId: GROUP_CLIENT,
      isFirstLoginTogo: true,
      profilePicture: profile.picture,
      created: now,
      updated: now,
    });
    await this.repo.insertIdentity({
      userId: user.id,
      provider: profile.provider,
      subject: profile.subject,
      email: profile.email,
    });
    return user;
  }

  confirmLogin(user: UserRow): UserInfoResponse {
    return toUserInfo(user, this.pictureUrl);
  }

  /** User type (and later profile fields). Only the account's owner; others get 404. */
  async updateUser(actor: UserRow, id: number, input: UserTypeInput) {
    if (actor.id !== id) throw AppError.notFound();
    const changes: { groupId?: number; isFirstLoginTogo?: boolean; updated: Date } = {
      updated: this.clock.now(),
    };
    if (input.groups) {
      const group = input.groups[0] as number;
      if (group !== actor.groupId && !actor.isFirstLoginTogo) {
        throw AppError.forbidden(ACCOUNT_MESSAGES.userTypeDefined);
      }
      changes.groupId = group === GROUP_COMPANY ? GROUP_COMPANY : GROUP_CLIENT;
    }
    // The first-login flag can only be switched off: nobody re-opens the user-type choice.
    if (input.is_first_login_togo !== undefined) {
      changes.isFirstLoginTogo = actor.isFirstLoginTogo && input.is_first_login_togo;
    }
    const user = await this.repo.updateUser(id, changes);
    if (!user) throw AppError.notFound();
    return toUserInfo(user, this.pictureUrl);
  }

  async logout(token: string, userId: number): Promise<void> {
    await this.tokens.revoke(token, userId);
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
