import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `excluded.<column>` for ON CONFLICT DO UPDATE SET: every listed column takes the incoming value. */
export function excludedSet<K extends string>(columns: Record<K, PgColumn>): Record<K, SQL> {
  const set = {} as Record<K, SQL>;
  for (const [key, column] of Object.entries(columns) as [K, PgColumn][]) {
    set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}
