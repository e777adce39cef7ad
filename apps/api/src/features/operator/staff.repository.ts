import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staff, staffInvitations, staffTokens } from '../../db/schema.ts';
import { insertAudit, type AuditRecord } from './audit.repository.ts';

export type StaffRow = typeof staff.$inferSelect;

export interface StaffSessionRow {
  tokenId: number;
  totpPending: boolean;
  lastSeen: Date;
  staff: StaffRow;
}

/** Wrong passwords before a lock-out, and its length. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

/** SQL only: staff accounts, their sessions and invitations. */
export class StaffRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<StaffRow | undefined> {
    const [row] = await this.db
      .select()
      .from(staff)
      .where(sql`lower(${staff.email}) = lower(${email})`);
    return row;
  }

  async findById(id: number): Promise<StaffRow | undefined> {
    const [row] = await this.db.select().from(staff).where(eq(staff.id, id));
    return row;
  }

  list(): Promise<(StaffRow & { invitationPending: boolean })[]> {
    return this.db
      .select({
        ...staffColumns,
        invitationPending: sql<boolean>`${staff.passwordHash} is null`,
      })
      .from(staff)
      .orderBy(asc(staff.id));
  }

  /** Creates the account unless the email exists (the existing row, its password included, is left alone). */
  async insertIfAbsent(values: typeof staff.$inferInsert): Promise<boolean> {
    const rows = await this.db.insert(staff).values(values).onConflictDoNothing().returning({ id: staff.id });
    return rows.length > 0;
  }

  /**
   * Counts a wrong password in one statement (atomic under concurrency): the LOCKOUT_THRESHOLD-th failure locks
   * the account for LOCKOUT_MS and starts the count again.
   */
  async registerFailedLogin(id: number, now: Date): Promise<void> {
    await this.db.execute(sql`
      update staff set
        failed_logins = case when failed_logins + 1 >= ${LOCKOUT_THRESHOLD} then 0 else failed_logins + 1 end,
        locked_until = case when failed_logins + 1 >= ${LOCKOUT_THRESHOLD}
          then ${new Date(now.getTime() + LOCKOUT_MS).toISOString()}::timestamptz else locked_until end
      where id = ${id}`);
  }

  async clearFailedLogins(id: number): Promise<void> {
    await this.db
      .update(staff)
      .set({ failedLogins: 0, lockedUntil: null })
      .where(and(eq(staff.id, id), sql`(${staff.failedLogins} <> 0 or ${staff.lockedUntil} is not null)`));
  }

  /** Accepts a TOTP time step once: false when it (or a later one) was already used. */
  async useTotpStep(id: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, id), sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`))
      .returning({ id: staff.id });
    return rows.length > 0;
  }

  async setTotpSecret(id: number, secret: string, now: Date): Promise<void> {
    await this.db
      .update(staff)
      .set({ totpSecret: secret, totpEnabled: false, updated: now })
      .where(eq(staff.id, id));
  }

  /** Enables TOTP and lifts the enrol-only restriction of the account's sessions, audited. */
  async enableTotp(id: number, audit: AuditRecord, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(staff).set({ totpEnabled: true, updated: now }).where(eq(staff.id, id));
      await tx.update(staffTokens).set({ totpPending: false }).where(eq(staffTokens.staffId, id));
      await insertAudit(tx, audit, now);
    });
  }

  // ── sessions ─────────────────────────────────────────────────────────

  async insertToken(staffId: number, tokenHash: string, totpPending: boolean, now: Date): Promise<void> {
    await this.db
      .insert(staffTokens)
      .values({ staffId, tokenHash, totpPending, created: now, lastSeen: now });
  }

  /** A live session: not revoked, seen after `idleSince`, of an active account. */
  async findSession(tokenHash: string, idleSince: Date): Promise<StaffSessionRow | undefined> {
    const [row] = await this.db
      .select({
        tokenId: staffTokens.id,
        totpPending: staffTokens.totpPending,
        lastSeen: staffTokens.lastSeen,
        staff: staffColumns,
      })
      .from(staffTokens)
      .innerJoin(staff, eq(staff.id, staffTokens.staffId))
      .where(
        and(
          eq(staffTokens.tokenHash, tokenHash),
          isNull(staffTokens.revokedAt),
          gt(staffTokens.lastSeen, idleSince),
          eq(staff.activo, true),
        ),
      );
    return row;
  }

  async touchToken(tokenId: number, now: Date): Promise<void> {
    await this.db.update(staffTokens).set({ lastSeen: now }).where(eq(staffTokens.id, tokenId));
  }

  async revokeToken(tokenId: number, now: Date): Promise<void> {
    await this.db.update(staffTokens).set({ revokedAt: now }).where(eq(staffTokens.id, tokenId));
  }

  // ── management and invitations ──────────────────────────────────────

  /** New account (no password) and its invitation, audited, in one transaction; undefined when the email exists. */
  async invite(
    values: { email: string; nombre: string; rol: string },
    invitation: { tokenHash: string; expiresAt: Date },
    audit: (id: number) => AuditRecord,
    now: Date,
  ): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(staff)
        .values({ ...values, created: now, updated: now })
        .onConflictDoNothing()
        .returning({ id: staff.id });
      if (!created) return undefined;
      await tx.insert(staffInvitations).values({ staffId: created.id, ...invitation, created: now });
      await insertAudit(tx, audit(created.id), now);
      return created.id;
    });
  }

  /** Uses a live invitation once and sets the password; the staff id, or undefined. */
  async acceptInvitation(tokenHash: string, passwordHash: string, now: Date): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(staffInvitations)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffInvitations.tokenHash, tokenHash),
            isNull(staffInvitations.usedAt),
            gt(staffInvitations.expiresAt, now),
          ),
        )
        .returning({ staffId: staffInvitations.staffId });
      if (!used) return undefined;
      await tx.update(staff).set({ passwordHash, updated: now }).where(eq(staff.id, used.staffId));
      await insertAudit(
        tx,
        {
          actor: { staffId: used.staffId, email: (await this.emailOf(tx, used.staffId)) ?? '' },
          accion: 'staff.invitacion_aceptada',
          objeto: `staff:${used.staffId}`,
          antes: null,
          despues: null,
        },
        now,
      );
      return used.staffId;
    });
  }

  private async emailOf(tx: Pick<Db, 'select'>, id: number): Promise<string | undefined> {
    const [row] = await tx.select({ email: staff.email }).from(staff).where(eq(staff.id, id));
    return row?.email;
  }

  /** Role / active flag change, audited; a deactivated account's sessions are revoked. */
  async update(
    id: number,
    patch: { rol?: string | undefined; activo?: boolean | undefined },
    audit: (before: StaffRow, after: StaffRow) => AuditRecord,
    now: Date,
  ): Promise<StaffRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!before) return undefined;
      const [after] = await tx
        .update(staff)
        .set({
          ...(patch.rol !== undefined ? { rol: patch.rol } : {}),
          ...(patch.activo !== undefined ? { activo: patch.activo } : {}),
          updated: now,
        })
        .where(eq(staff.id, id))
        .returning();
      if (!after) return undefined;
      if (patch.activo === false) {
        await tx
          .update(staffTokens)
          .set({ revokedAt: now })
          .where(and(eq(staffTokens.staffId, id), isNull(staffTokens.revokedAt)));
      }
      await insertAudit(tx, audit(before, after), now);
      return after;
    });
  }
}

const staffColumns = {
  id: staff.id,
  email: staff.email,
  nombre: staff.nombre,
  rol: staff.rol,
  passwordHash: staff.passwordHash,
  totpSecret: staff.totpSecret,
  totpEnabled: staff.totpEnabled,
  totpLastStep: staff.totpLastStep,
  failedLogins: staff.failedLogins,
  lockedUntil: staff.lockedUntil,
  activo: staff.activo,
  created: staff.created,
  updated: staff.updated,
};
