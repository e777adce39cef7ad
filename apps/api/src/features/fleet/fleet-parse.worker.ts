import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { parseFleetFile } from './fleet-parse.ts';
import { FleetFileRejected, type ParserReply, type ParserRequest } from './fleet-chunks.ts';

/**
 * The fleet parser's worker thread (bundled and started by WorkerFleetParser): parses one
 * file at a time and posts its chunks, never more than `window` ahead of those the API thread has taken.
 */
const port = parentPort;
if (!port) throw new Error('fleet-parse.worker.ts runs in a worker thread');

/**
 * Linux schedules threads on their own: this one gets a lower priority (nice) than the API thread and the
 * database, so on a busy machine parsing yields the CPU to requests instead of competing with them. Where the
 * thread id cannot be read (not Linux) the worker keeps the process's priority.
 */
function lowerPriority(nice: number): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // Not Linux, or not allowed: the default priority.
  }
}

const { nice } = (workerData ?? {}) as { nice?: number };
if (typeof nice === 'number' && nice > 0) lowerPriority(nice);

let credit = 0;
let wake: (() => void) | null = null;

function post(reply: ParserReply): void {
  port?.postMessage(reply);
}

async function parse(request: Extract<ParserRequest, { type: 'parse' }>): Promise<void> {
  credit = request.window;
  try {
    for await (const chunk of parseFleetFile(
      new Uint8Array(request.bytes),
      request.reference,
      request.chunkRows,
    )) {
      while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
      credit--;
      post({ type: 'chunk', chunk });
    }
    post({ type: 'end' });
  } catch (err) {
    if (err instanceof FleetFileRejected) {
      const { cause } = err;
      post({
        type: 'rejected',
        message: err.message,
        detail: cause instanceof Error ? cause.message : undefined,
      });
    } else post({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
}

port.on('message', (request: ParserRequest) => {
  if (request.type === 'credit') {
    credit++;
    const resume = wake;
    wake = null;
    resume?.();
  } else {
    void parse(request);
  }
});

post({ type: 'ready' });
