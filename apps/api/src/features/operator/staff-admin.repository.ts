import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staff, staffInvitations, throttles } from '../../db/schema.ts';
import { insertAudit, type AuditRecord } from './audit.repository.ts';
import type { StaffRow } from './staff.repository.ts';

/** SQL only: an admin's one-shot actions on a member (issue 38): resend or revoke an invitation, unlock. */
export class StaffAdminRepository {
  constructor(private readonly db: Db) {}

  /**
   * A new invitation link for a member who never accepted one: the live links end now (a newer one replaces them)
   * and the new one is stored, audited, in one transaction. 'missing' for an unknown member, 'accepted' when they
   * already set a password.
   */
  async resendInvitation(
    id: number,
    invitation: { tokenHash: string; expiresAt: Date },
    audit: (member: StaffRow) => AuditRecord,
    now: Date,
  ): Promise<StaffRow | 'missing' | 'accepted'> {
    return this.db.transaction(async (tx) => {
      const [member] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!member) return 'missing' as const;
      if (member.passwordHash !== null) return 'accepted' as const;
      await tx
        .update(staffInvitations)
        .set({ expiresAt: now })
        .where(
          and(
            eq(staffInvitations.staffId, id),
            isNull(staffInvitations.usedAt),
            gt(staffInvitations.expiresAt, now),
          ),
        );
      await tx.insert(staffInvitations).values({ staffId: id, ...invitation, created: now });
      await insertAudit(tx, audit(member), now);
      return member;
    });
  }

  /**
   * Withdraws a pending invitation: the member who never accepted it is removed with their links (the address can
   * be invited again), audited. 'missing' for an unknown member, 'accepted' when they already set a password.
   */
  async revokeInvitation(
    id: number,
    audit: (member: StaffRow) => AuditRecord,
    now: Date,
  ): Promise<StaffRow | 'missing' | 'accepted'> {
    return this.db.transaction(async (tx) => {
      const [member] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!member) return 'missing' as const;
      if (member.passwordHash !== null) return 'accepted' as const;
      await insertAudit(tx, audit(member), now);
      await tx.delete(staff).where(eq(staff.id, id));
      return member;
    });
  }

  /**
   * Lifts a lock-out by failed sign-ins: the account's throttle row (`key`) goes, so its count restarts; audited in
   * the same transaction. 'missing' for an unknown member, 'not_locked' when no lock is in force at `now`.
   */
  async unlock(
    id: number,
    key: (email: string) => string,
    audit: (member: StaffRow, lock: { intentos: number; hasta: string }) => AuditRecord,
    now: Date,
  ): Promise<StaffRow | 'missing' | 'not_locked'> {
    return this.db.transaction(async (tx) => {
      const [member] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!member) return 'missing' as const;
      const [lock] = await tx
        .delete(throttles)
        .where(and(eq(throttles.key, key(member.email)), gt(throttles.blockedUntil, now)))
        .returning({ failures: throttles.failures, blockedUntil: throttles.blockedUntil });
      if (!lock?.blockedUntil) return 'not_locked' as const;
      await insertAudit(
        tx,
        audit(member, { intentos: lock.failures, hasta: lock.blockedUntil.toISOString() }),
        now,
      );
      return member;
    });
  }
}
