import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** What the fleet's management outputs (PDF summary, weekly digest) need to know about the company itself. */
export class FleetCompanyRepository {
  constructor(private readonly db: Db) {}

  /** The business name, else the account's name; '' when the company row is gone. */
  async companyName(companyId: number): Promise<string> {
    const res = (await this.db.execute(
      sql`select coalesce(nullif(trim(razon_social), ''), trim(nombres || ' ' || apellidos)) as name
          from users where id = ${companyId}`,
    )) as unknown as { rows: { name: string | null }[] };
    return res.rows[0]?.name ?? '';
  }
}
