import { sql, type SQL } from 'drizzle-orm';
import { SETTLED_FINE_STATE_SPELLINGS } from '@togo/domain/garage/fine-states';

/** The settled spellings as SQL literals (our own constants, letters only: checked, then inlined). */
const SETTLED = ['', ...SETTLED_FINE_STATE_SPELLINGS]
  .map((s) => {
    if (!/^[a-z ]*$/.test(s)) throw new Error(`unsafe fine state literal: ${s}`);
    return `'${s}'`;
  })
  .join(', ');

/**
 * True when the fines snapshot element `x` (a jsonb fine) is still owed, as SIMIT counts it: every state but paid
 * and annulled (vigente, en cobro coactivo, acuerdo de pago…; decision 071). The same rule as the domain's
 * `isUnpaidFine`, for the fleet's SQL totals and exports.
 */
export function unpaidFineSql(x: SQL = sql`x`): SQL {
  return sql`coalesce(lower(btrim(${x}->>'estado')), '') not in (${sql.raw(SETTLED)})`;
}
