import { TransactionRollbackError, and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { companyLabel } from '@togo/domain/organisation/company-data.contract';
import type { Db } from '../../db/client.ts';
import { organisationMembers, users } from '../../db/schema.ts';

export type MemberRow = typeof organisationMembers.$inferSelect;

export interface NewAccount {
  email: string;
  nombres: string;
  apellidos: string;
  passwordHash: string;
  groupId: number;
  /** The invitation's token came to this address: it is proven. */
  emailVerified: boolean;
}

/** A pending invitation with its company's name, as the signed-in invited person is offered it. */
export interface PendingInvitationRow {
  id: number;
  rol: string;
  expiresAt: Date | null;
  razonSocial: string | null;
  nit: string | null;
  nombres: string;
  apellidos: string;
}

/** The company account's own data (issue 37): razón social and NIT, with the holder's name as the fallback. */
export interface CompanyRow {
  razonSocial: string | null;
  nit: string | null;
  nombres: string;
  apellidos: string;
}

/** The company's name: its razón social, else the account holder's name. */
export function companyNameOf(row: Omit<CompanyRow, 'nit'>): string {
  return row.razonSocial?.trim() || `${row.nombres} ${row.apellidos}`.trim();
}

/** The company as an invitation names it: "Razón social (NIT 900123456-8)" when the NIT is known. */
export function companyLabelOf(row: CompanyRow): string {
  return companyLabel(companyNameOf(row), row.nit);
}

/** SQL only: organisation members and invitations. */
export class OrganisationRepository {
  constructor(private readonly db: Db) {}

  /** The user's active memberships, their own organisation first; undefined when none. */
  async findActiveMembership(userId: number): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organisationMembers)
      .where(and(eq(organisationMembers.userId, userId), eq(organisationMembers.estado, 'activo')))
      .orderBy(desc(sql`${organisationMembers.organisationId} = ${userId}`), asc(organisationMembers.id))
      .limit(1);
    return row;
  }

  /** The company user's own 'administrador' row (companies created after migration 0021 get it here). */
  async ensureOwner(companyUserId: number, now: Date): Promise<void> {
    await this.db.execute(sql`
      insert into organisation_members (organisation_id, correo, rol, estado, user_id, created, accepted)
      select id, lower(email), 'administrador', 'activo', id, ${now}, ${now} from users where id = ${companyUserId}
      on conflict do nothing`);
  }

  async list(organisationId: number): Promise<MemberRow[]> {
    return this.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.organisationId, organisationId))
      .orderBy(asc(organisationMembers.id));
  }

  async findByEmail(organisationId: number, correo: string): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organisationMembers)
      .where(
        and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.correo, correo)),
      )
      .limit(1);
    return row;
  }

  async findUserByEmail(email: string) {
    const [row] = await this.db
      .select({ id: users.id, groupId: users.groupId, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row;
  }

  /** Who sends an invitation: the member's account name and e-mail. */
  async findInviter(userId: number) {
    const [row] = await this.db
      .select({ nombres: users.nombres, apellidos: users.apellidos, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  async findCompanyName(companyUserId: number): Promise<string | undefined> {
    const row = await this.findCompany(companyUserId);
    return row ? companyNameOf(row) : undefined;
  }

  async findCompany(companyUserId: number): Promise<CompanyRow | undefined> {
    const [row] = await this.db
      .select({
        razonSocial: users.razonSocial,
        nit: users.nit,
        nombres: users.nombres,
        apellidos: users.apellidos,
      })
      .from(users)
      .where(eq(users.id, companyUserId))
      .limit(1);
    return row;
  }

  /** Sets the company account's razón social and NIT (both already validated); the row as it is now. */
  async updateCompany(
    companyUserId: number,
    values: { razonSocial: string; nit: string | null },
    now: Date,
  ): Promise<CompanyRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ razonSocial: values.razonSocial, nit: values.nit, updated: now })
      .where(eq(users.id, companyUserId))
      .returning({
        razonSocial: users.razonSocial,
        nit: users.nit,
        nombres: users.nombres,
        apellidos: users.apellidos,
      });
    return row;
  }

  /** The account of a session: its e-mail and whether that address was proven. */
  async findAccount(userId: number) {
    const [row] = await this.db
      .select({
        id: users.id,
        groupId: users.groupId,
        email: users.email,
        emailVerified: users.emailVerified,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  /** The invitation of a link's token in any state (a used one keeps its token's hash: decision 105). */
  async findByTokenHash(tokenHash: string): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.inviteTokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /** The pending, unexpired invitations sent to `correo` (lower-cased), oldest first, with the company's name. */
  async listPendingFor(correo: string, now: Date): Promise<PendingInvitationRow[]> {
    return this.db
      .select({
        id: organisationMembers.id,
        rol: organisationMembers.rol,
        expiresAt: organisationMembers.inviteExpiresAt,
        razonSocial: users.razonSocial,
        nit: users.nit,
        nombres: users.nombres,
        apellidos: users.apellidos,
      })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.organisationId))
      .where(
        and(
          eq(organisationMembers.correo, correo),
          eq(organisationMembers.estado, 'invitado'),
          gt(organisationMembers.inviteExpiresAt, now),
        ),
      )
      .orderBy(asc(organisationMembers.id));
  }

  /** One pending, unexpired invitation by its row id. */
  async findPendingById(memberId: number, now: Date): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organisationMembers)
      .where(
        and(
          eq(organisationMembers.id, memberId),
          eq(organisationMembers.estado, 'invitado'),
          gt(organisationMembers.inviteExpiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Creates the invitation, or renews a pending one (new role, token and expiry). Undefined when the email is
   * already an active member (the row is left alone).
   */
  async upsertInvitation(values: {
    organisationId: number;
    correo: string;
    rol: string;
    tokenHash: string;
    expiresAt: Date;
    invitedBy: number;
    now: Date;
  }): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .insert(organisationMembers)
      .values({
        organisationId: values.organisationId,
        correo: values.correo,
        rol: values.rol,
        estado: 'invitado',
        inviteTokenHash: values.tokenHash,
        inviteExpiresAt: values.expiresAt,
        invitedBy: values.invitedBy,
        created: values.now,
      })
      .onConflictDoUpdate({
        target: [organisationMembers.organisationId, organisationMembers.correo],
        set: {
          rol: values.rol,
          inviteTokenHash: values.tokenHash,
          inviteExpiresAt: values.expiresAt,
          invitedBy: values.invitedBy,
        },
        setWhere: sql`${organisationMembers.estado} = 'invitado'`,
      })
      .returning();
    return row;
  }

  /** Deletes a member of the organisation (not its owner); false when there is no such row. */
  async remove(organisationId: number, memberId: number): Promise<boolean> {
    const rows = await this.db
      .delete(organisationMembers)
      .where(
        and(
          eq(organisationMembers.organisationId, organisationId),
          eq(organisationMembers.id, memberId),
          sql`${organisationMembers.userId} is distinct from ${organisationId}`,
        ),
      )
      .returning({ id: organisationMembers.id });
    return rows.length > 0;
  }

  async findMember(organisationId: number, memberId: number): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organisationMembers)
      .where(
        and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.id, memberId)),
      )
      .limit(1);
    return row;
  }

  async findPendingInvitation(tokenHash: string, now: Date): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organisationMembers)
      .where(
        and(
          eq(organisationMembers.inviteTokenHash, tokenHash),
          eq(organisationMembers.estado, 'invitado'),
          gt(organisationMembers.inviteExpiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Accepts an invitation once: in one transaction, creates the account when `account` is given, then links the
   * user only if the row is still pending with that token. Undefined when another request used it first. The
   * token's hash stays on the row, so its link can say it was used (decision 105).
   */
  async accept(
    tokenHash: string,
    now: Date,
    link: { userId: number } | { account: NewAccount },
  ): Promise<MemberRow | undefined> {
    return this.db
      .transaction(async (tx) => {
        let userId: number;
        if ('userId' in link) userId = link.userId;
        else {
          const [created] = await tx
            .insert(users)
            .values({ ...link.account, isFirstLoginTogo: true, created: now, updated: now })
            .onConflictDoNothing()
            .returning({ id: users.id });
          if (!created) return undefined;
          userId = created.id;
        }
        const [row] = await tx
          .update(organisationMembers)
          .set({ estado: 'activo', userId, inviteExpiresAt: null, accepted: now })
          .where(
            and(
              eq(organisationMembers.inviteTokenHash, tokenHash),
              eq(organisationMembers.estado, 'invitado'),
              gt(organisationMembers.inviteExpiresAt, now),
            ),
          )
          .returning();
        if (!row) tx.rollback();
        return row;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return undefined;
        throw err;
      });
  }
}
