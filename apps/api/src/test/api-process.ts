import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** apps/api: the API process runs from here, exactly as `npm start -w apps/api` does. */
const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** Kept of each process's output for the failure message (the last lines). */
const OUTPUT_LINES = 400;

export interface ApiProcess {
  name: string;
  /** http://127.0.0.1:port */
  url: string;
  pid: number;
  /** The process's last output lines (pino JSON), for a failure message. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; answers the exit code or signal. */
  stop(graceMs?: number): Promise<string>;
}

/**
 * Starts apps/api/src/server.ts in its own Node.js process (`node --import tsx`, or the compiled bundle), listening on a free port of
 * 127.0.0.1, and waits until it has said where it listens and GET /api/health answers 200. Only the given
 * environment reaches it (plus PATH and HOME): nothing leaks from the test runner's.
 */
export async function startApiProcess(
  name: string,
  env: Record<string, string>,
  opts: { timeoutMs?: number; compiled?: boolean } = {},
): Promise<ApiProcess> {
  // `compiled`: the esbuild bundle (`npm run build -w apps/api`), as `npm start` runs it in production.
  const args = opts.compiled
    ? ['--enable-source-maps', 'dist/server.js']
    : ['--import', 'tsx', 'src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let listening: ((url: string) => void) | null = null;
  const url = new Promise<string>((resolve) => (listening = resolve));
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > OUTPUT_LINES) lines.shift();
      // Fastify's own start-up line, with the port the system chose.
      const at = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (at?.[1]) listening?.(at[1]);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  const output = () => lines.join('\n');
  const proc: ApiProcess = {
    name,
    url: '',
    pid: child.pid ?? -1,
    output,
    stop: (graceMs = 20_000) => stopChild(child, exited, graceMs),
  };
  try {
    const timeoutMs = opts.timeoutMs ?? 90_000;
    proc.url = await Promise.race([
      url,
      exited.then((how) => Promise.reject(new Error(`API ${name} exited (${how}) before listening`))),
      rejectAfter(timeoutMs, `API ${name} did not listen within ${timeoutMs} ms`),
    ]);
    await waitForHealth(proc, exited, timeoutMs);
    return proc;
  } catch (err) {
    await proc.stop(5_000);
    throw new Error(`${(err as Error).message}\n--- ${name} output ---\n${output()}`, { cause: err });
  }
}

async function waitForHealth(proc: ApiProcess, exited: Promise<string>, timeoutMs: number): Promise<void> {
  let gone: string | null = null;
  void exited.then((how) => (gone = how));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone !== null) throw new Error(`API ${proc.name} exited (${gone}) before it was healthy`);
    const status = await fetch(`${proc.url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`API ${proc.name} not healthy within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopChild(child: ChildProcess, exited: Promise<string>, graceMs: number): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

function rejectAfter(ms: number, message: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref());
}
