import { sql } from 'drizzle-orm';
import { companyLabel } from '@togo/domain/organisation/company-data.contract';
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

  /** The name with its NIT when known, "Razón social (NIT 900123456-8)" (issue 37): the PDF and the exports. */
  async companyLabel(companyId: number): Promise<string> {
    const res = (await this.db.execute(
      sql`select coalesce(nullif(trim(razon_social), ''), trim(nombres || ' ' || apellidos)) as name, nit
          from users where id = ${companyId}`,
    )) as unknown as { rows: { name: string | null; nit: string | null }[] };
    const row = res.rows[0];
    return row ? companyLabel(row.name ?? '', row.nit) : '';
  }
}
