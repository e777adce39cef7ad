import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Lower case without Spanish accents, in SQL (as `folded` in JS): "Trámites" matches "tramites". The accented
 * capitals are listed too, as lower() under the C collation only changes ASCII letters.
 */
export const fold = (column: SQL) => sql`translate(lower(${column}), 'áéíóúüñÁÉÍÓÚÜÑ', 'aeiouunaeiouun')`;

async function options(db: Db, query: SQL): Promise<{ id: number; nombre: string }[]> {
  const res = (await db.execute(query)) as unknown as { rows: { id: number; nombre: string }[] };
  return res.rows;
}

/** SQL only: DIVIPOLA's departments and municipalities for the console's branch form (issue 38). */
export class OperatorDivipolaRepository {
  constructor(private readonly db: Db) {}

  /** Colombia's departments by name, for the branch form's first list. */
  departments() {
    return options(
      this.db,
      sql`select id, name as nombre from departments where country_id = 1 order by ${fold(sql`name`)}, id`,
    );
  }

  /** A department's municipalities by name (DIVIPOLA's common name when there is one). */
  municipalities(department: number) {
    return options(
      this.db,
      sql`select id, coalesce(common_name, name) as nombre from cities where department_id = ${department}
          order by ${fold(sql`coalesce(common_name, name)`)}, id`,
    );
  }
}
