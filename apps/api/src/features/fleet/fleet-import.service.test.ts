import { afterAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import { ManualClock } from '../../lib/clock.ts';
import { FleetImportService } from './fleet-import.service.ts';
import { InlineFleetParser, WorkerFleetParser, type FleetFileParser } from './fleet-parser.ts';
import type { FleetRepository } from './fleet.repository.ts';
import { TEST_REFERENCE, buildFleetXlsx, goodRow } from './fleet.test-support.ts';

/** A repository that records the chunks written and fails the chunk numbered `failAt` (1-based). */
function fakeRepo(failAt: number | null, writeMs = 0) {
  const calls: { rowsDone: number; valid: number; invalid: number }[] = [];
  const events: string[] = [];
  const repo = {
    claimUpload: async () => ({ id: 1, companyUserId: 7, storageKey: 'k' }),
    referenceRows: async () => TEST_REFERENCE,
    failUpload: async () => void events.push('failed'),
    finishUpload: async (_id: number, rows: number) => void events.push(`finished ${rows}`),
    applyChunk: async (_c: number, _u: number, valid: unknown[], invalid: unknown[], rowsDone: number) => {
      calls.push({ rowsDone, valid: valid.length, invalid: invalid.length });
      await new Promise((resolve) => setTimeout(resolve, writeMs));
      if (calls.length === failAt) throw new Error('connection lost');
      return { added: valid.length, errors: invalid.length };
    },
  };
  return { repo: repo as unknown as FleetRepository, calls, events };
}

function storageOf(bytes: Buffer): FileStorage {
  return { get: async () => bytes } as unknown as FileStorage;
}

const worker = new WorkerFleetParser();
afterAll(() => worker.close());

describe.each<[string, FleetFileParser]>([
  ['in a worker thread', worker],
  ['inline', new InlineFleetParser()],
])('FleetImportService chunk writes (parsing %s)', (_where, parser) => {
  /** A 95-row file imported in chunks of 10 through a repository that writes slowly (5 ms) and fails at `failAt`. */
  async function importOf95Rows(failAt: number | null) {
    const bytes = await buildFleetXlsx(Array.from({ length: 95 }, (_, i) => goodRow(i)));
    const { repo, calls, events } = fakeRepo(failAt, 5);
    const service = new FleetImportService({
      repo,
      storage: storageOf(bytes),
      clock: new ManualClock(),
      parser,
      chunkRows: 10,
    });
    return { service, calls, events };
  }

  it('writes every chunk once, in order, while parsing goes on', async () => {
    const { service, calls, events } = await importOf95Rows(null);
    await service.run(1);
    expect(calls.map((c) => c.rowsDone)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 95]);
    expect(calls.reduce((n, c) => n + c.valid + c.invalid, 0)).toBe(95);
    expect(events).toEqual(['finished 95']);
  });

  it('rethrows a database failure (the job is retried) and writes nothing after the failed chunk', async () => {
    const { service, calls, events } = await importOf95Rows(3);
    await expect(service.run(1)).rejects.toThrow('connection lost');
    expect(calls.map((c) => c.rowsDone)).toEqual([10, 20, 30]);
    expect(events).toEqual([]);
  });
});
