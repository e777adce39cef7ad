import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchPaths, BenchUsers } from './bench-users.ts';

/**
 * Starts lighthouse-server.ts in its own process at the lowest CPU priority (`nice -n 19` where the platform has it), so
 * the server under test never takes a core from the audited page (decision 125), and reads its URL, users and paths.
 */
export async function startServer(
  webDist: string | undefined,
): Promise<{ url: string; users: BenchUsers; paths: BenchPaths; close(): Promise<void> }> {
  const script = fileURLToPath(new URL('./lighthouse-server.ts', import.meta.url));
  // `nice -n 19` before exec: every thread of the server (the embedded database's worker included) inherits it.
  const nice = existsSync('/usr/bin/nice') ? '/usr/bin/nice' : null;
  const command = [process.execPath, '--import', 'tsx', script];
  const child = spawn(nice ?? process.execPath, nice ? ['-n', '19', ...command] : command.slice(1), {
    env: { ...process.env, ...(webDist ? { LIGHTHOUSE_WEB_DIST: webDist } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (!nice)
    console.log('         (no `nice` here: the server runs at the same CPU priority as the browser)');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const first = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"url":'));
      if (line !== undefined && out.includes(`${line}\n`)) resolve(line);
    });
    void exited.then((code) =>
      reject(new Error(`the bench's server exited (${String(code)}) before it started`)),
    );
  });
  const { url, users, paths } = JSON.parse(first) as { url: string; users: BenchUsers; paths: BenchPaths };
  return {
    url,
    users,
    paths,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
