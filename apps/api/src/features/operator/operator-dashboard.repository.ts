import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** SQL of the console's dashboard: today's bookings per branch, today's paid revenue, recent job failures. */
export class OperatorDashboardRepository {
  constructor(private readonly db: Db) {}

  /**
   * Live bookings of `fecha` per active branch (0 included): everything but expired, declined and cancelled
   * ones, and holds whose payment window has passed.
   */
  bookingsPerBranch(fecha: string, now: Date) {
    return rows<{ sede_id: string; sede: string; reservas: number }>(
      this.db,
      sql`select br.id as sede_id, br.nombre as sede, coalesce(c.n, 0)::int as reservas
            from booking_branches br
            left join (
              select branch_id, count(*) as n from bookings
               where fecha = ${fecha}
                 and estado not in ('expirada', 'rechazada', 'cancelada')
                 and not (estado = 'pendiente_pago' and expira_en <= ${now.toISOString()})
               group by branch_id
            ) c on c.branch_id = br.id
           where br.activo
           order by reservas desc, br.nombre asc`,
    );
  }

  /** Approved payments updated in [from, to), in COP, leaving out bookings refunded since. */
  async paidRevenue(from: Date, to: Date): Promise<number> {
    const [row] = await rows<{ cop: string | number | null }>(
      this.db,
      sql`select coalesce(sum(p.amount_in_cents), 0) / 100 as cop
            from payments p join bookings b on b.id = p.booking_id
           where p.status = 'APPROVED'
             and p.updated >= ${from.toISOString()} and p.updated < ${to.toISOString()}
             and b.estado_reembolso is distinct from 'realizado'`,
    );
    return Number(row?.cop ?? 0);
  }

  recentJobFailures(since: Date, limit: number) {
    return rows<{ nombre: string; error: string; fecha: Date | string }>(
      this.db,
      sql`select nombre, error, fecha from job_failures
           where fecha >= ${since.toISOString()}
           order by fecha desc, id desc
           limit ${limit}`,
    );
  }
}
