import { parentPort } from 'node:worker_threads';
import { parseFleetFile } from './fleet-parse.ts';
import { FleetFileRejected, type ParserReply, type ParserRequest } from './fleet-chunks.ts';

/**
 * The fleet parser's worker thread (bundled and started by WorkerFleetParser): parses one
 * file at a time and posts its chunks, never more than `window` ahead of those the API thread has taken.
 */
const port = parentPort;
if (!port) throw new Error('fleet-parse.worker.ts runs in a worker thread');

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
    if (err instanceof FleetFileRejected) post({ type: 'rejected', message: err.message });
    else post({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
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
