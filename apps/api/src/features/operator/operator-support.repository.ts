import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface SupportUserRow {
  id: number;
  correo: string;
  nombre: string;
  telefono: string | null;
  documento: string | null;
  placas: string[] | null;
}

/** At most this many drivers per look-up. */
export const SUPPORT_SEARCH_LIMIT = 20;

/**
 * SQL only: the support look-up. Each key is an exact match on an index (lower(email) unique, telefono,
 * identificacion, live vehicles' placa), so it stays a handful of index probes at 100,000 users.
 */
export class OperatorSupportRepository {
  constructor(private readonly db: Db) {}

  static searchSql(q: string, plate: string) {
    return sql`select u.id, u.email as correo, trim(u.nombres || ' ' || u.apellidos) as nombre, u.telefono,
                      u.identificacion as documento,
                      (select array_agg(v.placa order by v.placa) from vehicles v
                        where v.user_id = u.id and v.deleted_at is null) as placas
               from users u
               where u.id in (
                 select id from users where lower(email) = lower(${q})
                 union select id from users where telefono = ${q}
                 union select id from users where identificacion = ${q}
                 union select user_id from vehicles where placa = ${plate} and deleted_at is null)
               order by u.id
               limit ${SUPPORT_SEARCH_LIMIT}`;
  }

  async search(q: string, plate: string): Promise<SupportUserRow[]> {
    const res = (await this.db.execute(OperatorSupportRepository.searchSql(q, plate))) as unknown as {
      rows: SupportUserRow[];
    };
    return res.rows;
  }
}
