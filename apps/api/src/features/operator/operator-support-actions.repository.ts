import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insertAudit, type AuditActor, type Tx } from './audit.repository.ts';

async function rows<T>(db: Pick<Tx, 'execute'>, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * SQL only: the support actions on a driver's account. Each change and its audit row share one transaction
 * (decision 022): a failure anywhere leaves neither.
 */
export class OperatorSupportActionsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Clears the sign-in throttle rows of the account's keys and the code-flow failures of its identifiers (the
   * two lock-outs accounts counts, decision 016). Returns how many rows went.
   */
  unlock(
    actor: AuditActor,
    userId: number,
    throttleKeys: readonly string[],
    identifiers: readonly string[],
    now: Date,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const throttles = await rows<{ key: string; failures: number; blocked_until: Date | string | null }>(
        tx,
        sql`delete from throttles where key in (${list(throttleKeys)})
            returning key, failures, blocked_until`,
      );
      const failures = await rows<{ n: number }>(
        tx,
        sql`with d as (delete from otp_failures where identifier in (${list(identifiers)}) returning 1)
            select count(*)::int as n from d`,
      );
      const codeFailures = Number(failures[0]?.n ?? 0);
      await insertAudit(
        tx,
        {
          actor,
          accion: 'usuario.desbloquear',
          objeto: `usuario:${userId}`,
          antes: {
            bloqueos: throttles.map((t) => ({
              clave: t.key.replace(/^login:acct:.*/, 'inicio_sesion'),
              fallos: t.failures,
              bloqueado_hasta: t.blocked_until ? new Date(t.blocked_until).toISOString() : null,
            })),
            fallos_codigo: codeFailures,
          },
          despues: { bloqueos: [], fallos_codigo: 0 },
        },
        now,
      );
      return throttles.length + codeFailures;
    });
  }

  /** Deletes every session token of the driver: their next request is a 401. Returns how many. */
  revokeSessions(actor: AuditActor, userId: number, now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await rows<{ n: number }>(
        tx,
        sql`with d as (delete from auth_tokens where user_id = ${userId} returning 1)
            select count(*)::int as n from d`,
      );
      const n = Number(row?.n ?? 0);
      await insertAudit(
        tx,
        {
          actor,
          accion: 'usuario.revocar_sesiones',
          objeto: `usuario:${userId}`,
          antes: { sesiones: n },
          despues: { sesiones: 0 },
        },
        now,
      );
      return n;
    });
  }

  /** A code was issued and sent by the accounts flow: its audit row. */
  async auditResend(
    actor: AuditActor,
    userId: number,
    sent: { canal: string; destino: string; proceso: string },
    now: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await insertAudit(
        tx,
        { actor, accion: 'usuario.reenviar_codigo', objeto: `usuario:${userId}`, antes: null, despues: sent },
        now,
      );
    });
  }
}
