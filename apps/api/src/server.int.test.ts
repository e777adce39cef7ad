import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../scripts/build.ts';

/**
 * The compiled server (npm run build:api) run with plain `node`: production refuses demo defaults, and
 * SIGTERM drains in-flight requests (docs/decisions/019-production-runtime.md). The machine may be slow:
 * every wait is on a condition (a log line, an exit, a refused connection), bounded by the test timeout.
 */
const distDir = fileURLToPath(new URL(`../dist/.test-${process.pid}`, import.meta.url));
let serverJs: string;
let dataDir: string;

beforeAll(async () => {
  serverJs = await buildApi(distDir);
  dataDir = await mkdtemp(path.join(tmpdir(), 'togo-server-'));
}, 180_000);

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/** Only what a fresh shell would have: no DATABASE_URL or other settings of the test run leak in. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
}

interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Resolves when stdout has a line matching `pattern`. */
  line(pattern: RegExp): Promise<string>;
}

function run(env: Record<string, string>): Running {
  const child = spawn(process.execPath, [serverJs], {
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const found = out.split('\n').find((l) => w.pattern.test(l));
      if (found) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(found);
      }
    }
  };
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    check();
  });
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    line: (pattern) =>
      new Promise<string>((resolve, reject) => {
        waiters.push({ pattern, resolve });
        check();
        void exited.then((code) =>
          reject(new Error(`server exited (${code}) before ${pattern}:\n${out}\n${err}`)),
        );
      }),
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Connects, or reports the error code (ECONNREFUSED once the server stopped listening). */
function tryConnect(port: number): Promise<Socket | string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  });
}

describe('NODE_ENV=production', () => {
  it('exits non-zero with the defaults, naming PAYMENTS_PROVIDER and ALLOW_DEMO', async () => {
    const server = run({ NODE_ENV: 'production', DATA_DIR: dataDir });
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(server.stderr()).toMatch(/^ {2}PAYMENTS_PROVIDER: /m);
    expect(server.stderr()).toContain('ALLOW_DEMO=1');
    expect(server.stderr()).toMatch(/^ {2}WEB_URL: /m);
    expect(server.stdout()).not.toContain('listening');
  }, 60_000);

  it('with ALLOW_DEMO=1 still exits without APP_SECRET, naming it', async () => {
    const server = run({
      NODE_ENV: 'production',
      ALLOW_DEMO: '1',
      WEB_URL: 'https://demo.example',
      DATA_DIR: dataDir,
    });
    expect(await server.exited).not.toBe(0);
    expect(server.stderr()).toMatch(/^ {2}APP_SECRET: /m);
    expect(server.stderr()).not.toContain('PAYMENTS_PROVIDER');
  }, 60_000);
});

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the in-flight request, refuses new connections and exits 0', async () => {
    const port = await freePort();
    const server = run({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      await server.line(/TOGO listening/);
      // The worker bundle inlined by the build loads (with exceljs) from the compiled server.
      await server.line(/fleet parser worker ready/);

      // A slow client: headers and half of the body now, the rest after SIGTERM.
      const body = JSON.stringify({ username: 'conductor.lento@example.com' });
      const socket = await tryConnect(port);
      if (typeof socket === 'string') throw new Error(`could not connect: ${socket}`);
      let response = '';
      socket.on('data', (d: Buffer) => (response += d.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        `POST /api/identidad/usuarios/validar-username/ HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: slow-1\r\n\r\n` +
          body.slice(0, 10),
      );
      await server.line(/"reqId":"slow-1".*incoming request/);

      server.child.kill('SIGTERM');
      await server.line(/shutting down/);
      // New connections are refused once the listener is closed (poll: closing takes a moment).
      // A connection accepted just as the listener closes is reset (ECONNRESET): try again until refused.
      let attempt = await tryConnect(port);
      while (attempt !== 'ECONNREFUSED') {
        if (typeof attempt !== 'string') attempt.destroy();
        attempt = await tryConnect(port);
      }
      expect(attempt).toBe('ECONNREFUSED');
      expect(server.child.exitCode).toBeNull();

      // The rest of the body, without half-closing: a client's FIN before the answer aborts the request (Node's
      // http server does not allow half-open sockets), which an answer that needs the database would then lose.
      const answered = new Promise<void>((resolve) =>
        socket.on('data', () => {
          if (response.includes('\r\n\r\n')) resolve();
        }),
      );
      socket.write(body.slice(10));
      await answered;
      socket.end();
      await closed;
      expect(response, server.stdout() + server.stderr()).toMatch(/^HTTP\/1\.1 200 /);
      expect(response).toMatch(/x-request-id: slow-1/i);
      expect(await server.exited).toBe(0);
      expect(server.stdout()).toContain('"msg":"stopped"');
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 180_000);
});
