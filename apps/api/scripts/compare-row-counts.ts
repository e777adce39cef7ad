/**
 * Compares two PostgreSQL databases table by table (every user schema): the same tables, the same number of
 * rows in each. Exits 1 on any difference, or when the source holds no rows at all (an empty dump proves
 * nothing). Used by .ci/run after a pg_dump → restore. Usage:
 *   npx tsx apps/api/scripts/compare-row-counts.ts postgres://…/source postgres://…/restored
 */
import pg from 'pg';

type Counts = Map<string, number>;

async function rowCounts(url: string): Promise<Counts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
    );
    const counts: Counts = new Map();
    for (const { schema, name } of tables.rows) {
      const ident = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
      const res = await client.query<{ n: string }>(`select count(*) as n from ${ident}`);
      counts.set(`${schema}.${name}`, Number(res.rows[0]?.n ?? -1));
    }
    return counts;
  } finally {
    await client.end();
  }
}

const [sourceUrl, restoredUrl] = process.argv.slice(2);
if (!sourceUrl || !restoredUrl) {
  console.error('usage: compare-row-counts.ts <source database URL> <restored database URL>');
  process.exit(2);
}
const [source, restored] = await Promise.all([rowCounts(sourceUrl), rowCounts(restoredUrl)]);
const differences: string[] = [];
for (const table of new Set([...source.keys(), ...restored.keys()])) {
  const a = source.get(table);
  const b = restored.get(table);
  if (a !== b) differences.push(`  ${table}: source ${a ?? 'missing'}, restored ${b ?? 'missing'}`);
}
const total = [...source.values()].reduce((sum, n) => sum + n, 0);
console.log(`${source.size} tables, ${total} rows in the source`);
if (total === 0) differences.push('  the source database has no rows');
if (differences.length > 0) {
  console.error(`Row counts differ after the restore:\n${differences.join('\n')}`);
  process.exit(1);
}
console.log('restored database: same tables, same row counts');
