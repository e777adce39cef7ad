import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startApiProcess, type ApiProcess } from '../src/test/api-process.ts';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

/** VmRSS of a process, in bytes, from /proc (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

/**
 * The API as production runs it: builds the esbuild bundle (`npm run build -w apps/api`), then starts
 * `node dist/server.js` with only `env` (see startApiProcess) and waits until it is healthy.
 */
export async function startCompiledApi(
  name: string,
  env: Record<string, string>,
  timeoutMs?: number,
): Promise<ApiProcess> {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: API_DIR,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the API bundle did not build');
  return startApiProcess(name, env, { compiled: true, ...(timeoutMs ? { timeoutMs } : {}) });
}
