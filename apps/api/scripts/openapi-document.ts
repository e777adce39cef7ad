/**
 * Writes the API's OpenAPI document (what GET /api/docs/openapi.json answers) to a file, built from buildApp
 * without listening and without a migrated database (routes are registered without querying it): the input of
 * `npm run lint:openapi` (Redocly, decision 060).
 *
 *   npx tsx apps/api/scripts/openapi-document.ts [out.json]   (default node_modules/.cache/togo/openapi.json)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { systemClock } from '../src/lib/clock.ts';
import { providersFromConfig } from '../src/providers.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const out = path.resolve(process.argv[2] ?? path.join(root, 'node_modules/.cache/togo/openapi.json'));

const database = await openPglite(null);
// Every optional route is registered (the webhooks and /metrics exist only when their secret is set).
const placeholder = 'openapi-document-placeholder'.padEnd(40, 'x');
const config = loadConfig({
  NODE_ENV: 'test',
  API_DOCS: '1',
  LOG_LEVEL: 'silent',
  METRICS_TOKEN: placeholder,
  SMS_INBOUND_SECRET: placeholder,
  WHATSAPP_VERIFY_TOKEN: placeholder,
  WHATSAPP_APP_SECRET: placeholder,
});
const app = await buildApp({
  config,
  database,
  clock: systemClock,
  providers: providersFromConfig(config, database.db, systemClock),
  secret: 'openapi-document'.padEnd(40, 'x'),
});
try {
  const res = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/openapi.json answered ${res.statusCode}`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(res.json(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${path.relative(root, out)}`);
} finally {
  await app.close();
  await database.close();
}
