import {
  INVITATION_TTL_DAYS,
  ORGANISATION_MSG,
  type InvitationAccept,
  type InvitationAccepted,
  type InvitationPreview,
  type InvitationState,
  type Member,
  type MemberInvite,
  type MyMembership,
  type OrganisationRole,
  type PendingInvitation,
} from '@togo/domain/organisation/organisation.contract';
import {
  COMPANY_DATA_MSG,
  companyLabel,
  type CompanyData,
  type companyDataInputSchema,
} from '@togo/domain/organisation/company-data.contract';
import { GROUP_CLIENT, GROUP_COMPANY } from '@togo/domain/roles';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { OrgAccess } from '../../http/org-access.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import { stripLinks } from '@togo/domain/user-links';
import {
  companyLabelOf,
  companyNameOf,
  type CompanyRow,
  type MemberRow,
  type OrganisationRepository,
} from './organisation.repository.ts';

export interface OrganisationServiceDeps {
  repo: OrganisationRepository;
  messenger: Messenger;
  clock: Clock;
  /** Public address of the web app, for the invitation link. */
  webUrl: string;
  /** argon2id hashing of the accounts feature, injected (features do not import each other). */
  hashPassword: (password: string) => Promise<string>;
  /**
   * The shared request limiter of the accounts feature, injected: counts a hit on `key` atomically for every
   * instance, or throws a 429 (with Retry-After) when `limit` hits fell in the window.
   */
  limit: (rule: {
    key: string;
    limit: number;
    windowSeconds: number;
    message: (wait: string) => string;
  }) => Promise<void>;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

/** At most this many invitation e-mails per organisation per hour (issue 35, finding 5; decision 095). */
export const INVITATIONS_PER_HOUR = 20;
/** At most this many invitation links read per address in INVITATION_READ_WINDOW_SECONDS (decision 105). */
export const INVITATION_READS_PER_IP = 30;
export const INVITATION_READ_WINDOW_SECONDS = 600;
/** The company name as quoted in an invitation: links removed, at most this many characters. */
const QUOTED_NAME_MAX = 80;

/** A user-written name as TOGO quotes it in an e-mail to someone else: no links, short, one line. */
function quoted(text: string): string {
  const clean = stripLinks(text.replace(/[\p{Cc}\p{Cf}]/gu, ' '));
  return clean.length > QUOTED_NAME_MAX ? `${clean.slice(0, QUOTED_NAME_MAX - 1).trimEnd()}…` : clean;
}

const ROLE_LABEL: Record<OrganisationRole, string> = {
  administrador: 'administrador',
  operador: 'operador',
  consulta: 'consulta (solo lectura)',
};

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    correo: row.correo,
    rol: row.rol as OrganisationRole,
    estado: row.estado === 'activo' ? 'activo' : 'invitado',
  };
}

function toCompanyData(row: CompanyRow, access: OrgAccess): CompanyData {
  return {
    razon_social: row.razonSocial?.trim() || null,
    nit: row.nit,
    nombre: companyLabelOf(row),
    editable: access.role === 'administrador',
  };
}

/** A company's organisation: who may act on its fleet, with which role; invitations by email. */
export class OrganisationService {
  constructor(private readonly deps: OrganisationServiceDeps) {}

  /**
   * The caller's organisation and role, read on every request. A company account is its own organisation's
   * administrador; anyone else needs an accepted, not removed, membership.
   */
  readonly access = async (user: { id: number; groupId: number }): Promise<OrgAccess | null> => {
    const { repo, clock } = this.deps;
    let row = await repo.findActiveMembership(user.id);
    if (!row && user.groupId === GROUP_COMPANY) {
      await repo.ensureOwner(user.id, clock.now());
      row = await repo.findActiveMembership(user.id);
    }
    if (!row) return null;
    return { organisationId: row.organisationId, role: row.rol as OrganisationRole, userId: user.id };
  };

  /** The caller's own membership (the web guard's look-up): company name and role. */
  async mine(access: OrgAccess): Promise<MyMembership> {
    const empresa = (await this.deps.repo.findCompanyName(access.organisationId)) ?? '';
    return { empresa, rol: access.role };
  }

  /** The company's razón social and NIT (issue 37): every member reads them; an administrador may change them. */
  async company(access: OrgAccess): Promise<CompanyData> {
    const row = await this.deps.repo.findCompany(access.organisationId);
    if (!row) throw AppError.notFound();
    return toCompanyData(row, access);
  }

  /** Sets them (validated by the contract); only an administrador of the organisation. */
  async setCompany(access: OrgAccess, input: z.output<typeof companyDataInputSchema>): Promise<CompanyData> {
    if (access.role !== 'administrador') throw AppError.forbidden(COMPANY_DATA_MSG.adminOnly);
    const row = await this.deps.repo.updateCompany(
      access.organisationId,
      { razonSocial: input.razon_social, nit: input.nit },
      this.deps.clock.now(),
    );
    if (!row) throw AppError.notFound();
    return toCompanyData(row, access);
  }

  /** The company as an invitation names it ('' when its row is gone). */
  private async invitationName(organisationId: number): Promise<string> {
    const row = await this.deps.repo.findCompany(organisationId);
    return row ? companyLabelOf(row) : '';
  }

  async list(access: OrgAccess): Promise<Member[]> {
    const rows = await this.deps.repo.list(access.organisationId);
    return rows.map(toMember);
  }

  /**
   * Invites (or re-invites) an email with a role; the link carries a one-time token valid 7 days. Each e-mail
   * sent counts in the organisation's hourly limit; the e-mail says who invited whom in TOGO's words, quoting the
   * company and the inviter without links.
   */
  async invite(access: OrgAccess, input: MemberInvite): Promise<Member> {
    const { repo, clock } = this.deps;
    const existing = await repo.findUserByEmail(input.correo);
    if (existing && existing.groupId === GROUP_COMPANY && existing.id !== access.organisationId) {
      throw AppError.field('correo', ORGANISATION_MSG.otherCompany);
    }
    await this.deps.limit({
      key: `org-invite:${access.organisationId}`,
      limit: INVITATIONS_PER_HOUR,
      windowSeconds: 3600,
      message: () => ORGANISATION_MSG.tooManyInvitations,
    });
    const token = newToken();
    const now = clock.now();
    const row = await repo.upsertInvitation({
      organisationId: access.organisationId,
      correo: input.correo,
      rol: input.rol,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
      invitedBy: access.userId,
      now,
    });
    if (!row) throw AppError.conflict(ORGANISATION_MSG.alreadyMember);
    // The name is quoted (no links, 80 characters at most), then the validated NIT is added (issue 37).
    const company = await repo.findCompany(access.organisationId);
    const empresa = company ? companyLabel(quoted(companyNameOf(company)), company.nit) : '';
    const inviter = await repo.findInviter(access.userId);
    const who = inviter
      ? `${quoted(`${inviter.nombres} ${inviter.apellidos}`)} (${inviter.email})`
      : 'Una persona';
    const link = `${this.deps.webUrl.replace(/\/+$/, '')}/empresa/invitacion?token=${token}`;
    await this.deps.messenger.send({
      to: input.correo,
      channel: 'email',
      subject: 'Invitación a una flota de empresa en TOGO',
      body:
        'Hola:\n\n' +
        `${who}, de la empresa «${empresa || 'sin nombre'}» en TOGO, invitó a ${input.correo} a la flota de esa ` +
        `empresa con el rol ${ROLE_LABEL[input.rol]}.\n\n` +
        `Acepta la invitación en este enlace (válido ${INVITATION_TTL_DAYS} días, un solo uso):\n${link}\n\n` +
        'Si no conoces a quien te invitó o no esperabas este correo, ignóralo: sin aceptar la invitación no se ' +
        'crea ninguna cuenta ni se comparte ningún dato.\n\nEl equipo de TOGO',
    });
    return toMember(row);
  }

  /** Removes a member: their next request is refused. The organisation's owner cannot be removed. */
  async remove(access: OrgAccess, memberId: number): Promise<void> {
    const { repo } = this.deps;
    const row = await repo.findMember(access.organisationId, memberId);
    if (!row) throw AppError.notFound();
    if (row.userId === access.userId || row.userId === access.organisationId) {
      throw AppError.badRequest(ORGANISATION_MSG.cannotRemoveSelf);
    }
    if (!(await repo.remove(access.organisationId, memberId))) throw AppError.notFound();
  }

  /**
   * Accepts an invitation with its token: links the account with the invited email, or creates it (client
   * group, with the given name and password). A token works once.
   */
  async accept(input: InvitationAccept): Promise<InvitationAccepted> {
    const { repo, clock } = this.deps;
    const now = clock.now();
    const tokenHash = sha256Hex(input.token);
    const invitation = await repo.findPendingInvitation(tokenHash, now);
    if (!invitation) throw AppError.badRequest(ORGANISATION_MSG.invitationInvalid);
    const user = await repo.findUserByEmail(invitation.correo);
    let accepted: MemberRow | undefined;
    if (user) {
      if (user.groupId === GROUP_COMPANY && user.id !== invitation.organisationId) {
        throw AppError.badRequest(ORGANISATION_MSG.otherCompany);
      }
      accepted = await repo.accept(tokenHash, now, { userId: user.id });
    } else {
      const nombres = input.nombres?.trim() ?? '';
      if (!nombres) throw AppError.field('nombres', ORGANISATION_MSG.nameRequired);
      const password = input.password ?? '';
      if (password.length < 8) throw AppError.field('password', ORGANISATION_MSG.passwordRequired);
      accepted = await repo.accept(tokenHash, now, {
        account: {
          email: invitation.correo,
          nombres,
          apellidos: input.apellidos?.trim() ?? '',
          passwordHash: await this.deps.hashPassword(password),
          groupId: GROUP_CLIENT,
          emailVerified: true,
        },
      });
    }
    if (!accepted) throw AppError.badRequest(ORGANISATION_MSG.invitationInvalid);
    return {
      empresa: await this.invitationName(accepted.organisationId),
      rol: accepted.rol as OrganisationRole,
      cuenta_nueva: !user,
    };
  }

  /**
   * What an invitation link shows before anything is typed (decision 105): the company, the role and whether it
   * can still be accepted. Counted per address; an unknown token is a 404.
   */
  async preview(token: string, ip: string): Promise<InvitationPreview> {
    const { repo, clock } = this.deps;
    await this.deps.limit({
      key: `org-invitation-read:ip:${ip}`,
      limit: INVITATION_READS_PER_IP,
      windowSeconds: INVITATION_READ_WINDOW_SECONDS,
      message: ORGANISATION_MSG.tooManyInvitationReads,
    });
    const row = await repo.findByTokenHash(sha256Hex(token));
    if (!row) throw AppError.notFound(ORGANISATION_MSG.invitationUnknown);
    const estado: InvitationState =
      row.estado === 'activo'
        ? 'usada'
        : row.inviteExpiresAt && row.inviteExpiresAt > clock.now()
          ? 'vigente'
          : 'expirada';
    const empresa = await this.invitationName(row.organisationId);
    const rol = row.rol as OrganisationRole;
    if (estado !== 'vigente') return { empresa, rol, estado, correo: null, cuenta_existente: false };
    const user = await repo.findUserByEmail(row.correo);
    return { empresa, rol, estado, correo: row.correo, cuenta_existente: Boolean(user) };
  }

  /**
   * The pending invitations sent to the signed-in user's e-mail, offered after sign-in (decision 105). Only an
   * address the account proved (the sign-up code, a verified social e-mail) is offered any.
   */
  async pending(userId: number): Promise<PendingInvitation[]> {
    const { repo, clock } = this.deps;
    const account = await repo.findAccount(userId);
    if (!account?.emailVerified) return [];
    const rows = await repo.listPendingFor(account.email.toLowerCase(), clock.now());
    return rows.map((row) => ({
      id: row.id,
      empresa: companyLabelOf(row),
      rol: row.rol as OrganisationRole,
      vence: (row.expiresAt ?? clock.now()).toISOString(),
    }));
  }

  /** Accepts one of pending() with the session instead of the link's token; the same single use. */
  async acceptPending(userId: number, memberId: number): Promise<InvitationAccepted> {
    const { repo, clock } = this.deps;
    const now = clock.now();
    const account = await repo.findAccount(userId);
    const invitation = await repo.findPendingById(memberId, now);
    if (
      !account?.emailVerified ||
      !invitation?.inviteTokenHash ||
      invitation.correo !== account.email.toLowerCase()
    ) {
      throw AppError.notFound(ORGANISATION_MSG.invitationInvalid);
    }
    if (account.groupId === GROUP_COMPANY && account.id !== invitation.organisationId) {
      throw AppError.badRequest(ORGANISATION_MSG.otherCompany);
    }
    const accepted = await repo.accept(invitation.inviteTokenHash, now, { userId: account.id });
    if (!accepted) throw AppError.badRequest(ORGANISATION_MSG.invitationInvalid);
    return {
      empresa: await this.invitationName(accepted.organisationId),
      rol: accepted.rol as OrganisationRole,
      cuenta_nueva: false,
    };
  }
}
