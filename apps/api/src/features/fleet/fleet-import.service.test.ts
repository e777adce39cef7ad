import { afterAll, describe, expect, it } from 'vitest';
import { FLEET_MSG } from '@togo/domain/fleet/fleet.contract';
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
      return { added: valid.length, updated: 0, errors: invalid.length };
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

describe('FleetImportService when the stored file cannot be read', () => {
  /** A log that keeps what was written, and a repository that records how the upload ended. */
  function setup(get: () => Promise<Buffer | null>) {
    const logged: { level: 'warn' | 'error'; obj: Record<string, unknown>; msg: string }[] = [];
    const ended: string[] = [];
    const repo = {
      claimUpload: async () => ({
        id: 41,
        companyUserId: 7,
        storageKey: 'ab/ab000000-0000-4000-8000-000000000041.xlsx',
      }),
      failUpload: async (_id: number, message: string) => void ended.push(`fallido: ${message}`),
      finishUpload: async () => void ended.push('terminado'),
    } as unknown as FleetRepository;
    const service = new FleetImportService({
      repo,
      storage: { name: 's3', get } as unknown as FileStorage,
      clock: new ManualClock(),
      parser: new InlineFleetParser(),
      log: {
        warn: (obj, msg) => void logged.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
        error: (obj, msg) => void logged.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
      },
    });
    return { service, logged, ended };
  }
  const run = (attempt: number, isLastAttempt: boolean) => ({
    id: 'job-1',
    attempt,
    retryLimit: 2,
    isLastAttempt,
  });

  it('fails the upload at once with a Spanish reason, and logs it with the ids', async () => {
    const { service, logged, ended } = setup(async () => null);
    await service.run(41, run(1, false));
    expect(ended).toEqual([`fallido: ${FLEET_MSG.fileMissing}`]);
    expect(logged).toEqual([
      {
        level: 'error',
        msg: 'fleet import failed: the uploaded file is not in the file storage',
        obj: expect.objectContaining({
          uploadId: 41,
          companyId: 7,
          storageKey: 'ab/ab000000-0000-4000-8000-000000000041.xlsx',
          storage: 's3',
          jobId: 'job-1',
          attempt: 1,
        }),
      },
    ]);
  });

  it('lets the queue retry a storage failure, and fails the upload on the last attempt', async () => {
    const { service, logged, ended } = setup(async () => {
      throw new Error('SlowDown');
    });
    await expect(service.run(41, run(1, false))).rejects.toThrow('SlowDown');
    expect(ended).toEqual([]);
    expect(logged.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'fleet import failed; it will be retried'],
    ]);

    await expect(service.run(41, run(3, true))).rejects.toThrow('SlowDown');
    expect(ended).toEqual([`fallido: ${FLEET_MSG.uploadFailed}`]);
    expect(logged[1]).toMatchObject({
      level: 'error',
      msg: 'fleet import failed on its last attempt',
      obj: { uploadId: 41, companyId: 7, attempt: 3 },
    });
  });
});
