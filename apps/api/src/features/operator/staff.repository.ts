import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staff, staffInvitations, staffRecoveryCodes, staffTokens, throttles } from '../../db/schema.ts';
import { insertAudit, type AuditRecord } from './audit.repository.ts';

export type StaffRow = typeof staff.$inferSelect;

export interface StaffSessionRow {
  tokenId: number;
  totpPending: boolean;
  lastSeen: Date;
  staff: StaffRow;
}

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

  /**
   * Every member, with whether the invitation is still pending and whether failed sign-ins lock the account at
   * `now` (its sign-in throttle row, keyed `accountKey(email)`, blocked beyond now).
   */
  list(
    now: Date,
    accountKeyPrefix: string,
  ): Promise<(StaffRow & { invitationPending: boolean; locked: boolean })[]> {
    return this.db
      .select({
        ...staffColumns,
        invitationPending: sql<boolean>`${staff.passwordHash} is null`,
        locked: sql<boolean>`exists (select 1 from ${throttles} t
          where t.key = ${accountKeyPrefix} || lower(${staff.email})
            and t.blocked_until > ${now.toISOString()}::timestamptz)`,
      })
      .from(staff)
      .orderBy(asc(staff.id));
  }

  /** Creates the account unless the email exists (the existing row, its password included, is left alone). */
  async insertIfAbsent(values: typeof staff.$inferInsert): Promise<boolean> {
    const rows = await this.db.insert(staff).values(values).onConflictDoNothing().returning({ id: staff.id });
    return rows.length > 0;
  }

  /** An audit row of a sign-in event of `account` (no change goes with it). */
  async auditSignIn(account: StaffRow, accion: string, despues: unknown, now: Date): Promise<void> {
    await insertAudit(
      this.db,
      {
        actor: { staffId: account.id, email: account.email },
        accion,
        objeto: `staff:${account.id}`,
        antes: null,
        despues,
      },
      now,
    );
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

  /** Keeps a new enrolment's secret apart; the confirmed one (if any) is untouched. */
  async setPendingTotpSecret(id: number, sealed: string, now: Date): Promise<void> {
    await this.db.update(staff).set({ totpPendingSecret: sealed, updated: now }).where(eq(staff.id, id));
  }

  /**
   * Makes the pending secret (still the one read) the confirmed one, with its first step used and new recovery
   * codes (the old ones go); lifts the enrol-only restriction of the account's sessions; audited. False when
   * another request changed the pending secret meanwhile.
   */
  async confirmTotp(
    id: number,
    sealed: string,
    step: number,
    recoveryHashes: string[],
    audit: AuditRecord,
    now: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const done = await tx
        .update(staff)
        .set({
          totpSecret: sealed,
          totpPendingSecret: null,
          totpEnabled: true,
          totpMustEnrol: false,
          totpLastStep: step,
          updated: now,
        })
        .where(and(eq(staff.id, id), eq(staff.totpPendingSecret, sealed)))
        .returning({ id: staff.id });
      if (done.length === 0) return false;
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
      await tx
        .insert(staffRecoveryCodes)
        .values(recoveryHashes.map((codeHash) => ({ staffId: id, codeHash, created: now })));
      await tx.update(staffTokens).set({ totpPending: false }).where(eq(staffTokens.staffId, id));
      await insertAudit(tx, audit, now);
      return true;
    });
  }

  /** Spends one unused recovery code of the account (one statement), audited; false when there is none. */
  async useRecoveryCode(id: number, codeHash: string, now: Date, audit: AuditRecord): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffRecoveryCodes.staffId, id),
            eq(staffRecoveryCodes.codeHash, codeHash),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      if (used.length === 0) return false;
      await insertAudit(tx, audit, now);
      return true;
    });
  }

  async countRecoveryCodes(id: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffId, id), isNull(staffRecoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  }

  /**
   * Switches a member's second factor off (secrets and recovery codes gone), marks that they must enrol at the
   * next sign-in and revokes their sessions; audited. False when the member does not exist.
   */
  async resetTotp(id: number, audit: (before: StaffRow) => AuditRecord, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!before) return false;
      await tx
        .update(staff)
        .set({
          totpSecret: null,
          totpPendingSecret: null,
          totpEnabled: false,
          totpMustEnrol: true,
          totpLastStep: null,
          updated: now,
        })
        .where(eq(staff.id, id));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
      await tx
        .update(staffTokens)
        .set({ revokedAt: now })
        .where(and(eq(staffTokens.staffId, id), isNull(staffTokens.revokedAt)));
      await insertAudit(tx, audit(before), now);
      return true;
    });
  }

  // ── sessions ─────────────────────────────────────────────────────────

  /** A new session and the audit row of the sign-in, in one transaction. */
  async insertToken(
    staffId: number,
    tokenHash: string,
    totpPending: boolean,
    now: Date,
    audit: AuditRecord,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(staffTokens).values({ staffId, tokenHash, totpPending, created: now, lastSeen: now });
      await insertAudit(tx, audit, now);
    });
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

  /**
   * What became of an invitation link: its person while it works, else why it does not (used, replaced by a newer
   * one, expired); undefined for a token that names no invitation (or whose member was removed).
   */
  async invitationState(
    tokenHash: string,
    now: Date,
  ): Promise<
    | { state: 'live'; email: string; nombre: string }
    | { state: 'usada' | 'reemplazada' | 'vencida' }
    | undefined
  > {
    const [row] = await this.db
      .select({
        email: staff.email,
        nombre: staff.nombre,
        usedAt: staffInvitations.usedAt,
        expiresAt: staffInvitations.expiresAt,
        newer: sql<boolean>`exists (select 1 from ${staffInvitations} n
          where n.staff_id = ${staffInvitations.staffId} and n.id > ${staffInvitations.id})`,
      })
      .from(staffInvitations)
      .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
      .where(eq(staffInvitations.tokenHash, tokenHash));
    if (!row) return undefined;
    if (row.usedAt) return { state: 'usada' };
    if (row.newer) return { state: 'reemplazada' };
    if (row.expiresAt.getTime() <= now.getTime()) return { state: 'vencida' };
    return { state: 'live', email: row.email, nombre: row.nombre };
  }

  /** The person a live (unused, unexpired) invitation is for. */
  async findInvited(tokenHash: string, now: Date): Promise<{ email: string; nombre: string } | undefined> {
    const [row] = await this.db
      .select({ email: staff.email, nombre: staff.nombre })
      .from(staffInvitations)
      .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
      .where(
        and(
          eq(staffInvitations.tokenHash, tokenHash),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      );
    return row;
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

  /**
   * Role / active flag change of a member still at version `expected` (compared under the row lock, decision 096),
   * bumping it; audited; a deactivated account's sessions are revoked. 'missing' for an unknown member, 'stale'
   * when another save came first (nothing written, nothing audited).
   */
  async update(
    id: number,
    expected: number,
    patch: { rol?: string | undefined; activo?: boolean | undefined },
    audit: (before: StaffRow, after: StaffRow) => AuditRecord,
    now: Date,
  ): Promise<StaffRow | 'missing' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!before) return 'missing' as const;
      if (before.version !== expected) return 'stale' as const;
      const [after] = await tx
        .update(staff)
        .set({
          ...(patch.rol !== undefined ? { rol: patch.rol } : {}),
          ...(patch.activo !== undefined ? { activo: patch.activo } : {}),
          version: before.version + 1,
          updated: now,
        })
        .where(eq(staff.id, id))
        .returning();
      if (!after) return 'missing' as const;
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
  totpPendingSecret: staff.totpPendingSecret,
  totpMustEnrol: staff.totpMustEnrol,
  totpLastStep: staff.totpLastStep,
  activo: staff.activo,
  version: staff.version,
  created: staff.created,
  updated: staff.updated,
};
