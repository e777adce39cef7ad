import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { FLEET_MSG, FLEET_TEMPLATE_COLUMNS } from '@togo/domain/fleet/fleet.constants';
import { FleetFileRejected, type ParsedChunk } from './fleet-chunks.ts';
import { InlineFleetParser, WorkerFleetParser, type FleetFileParser } from './fleet-parser.ts';
import { ROW_MSG } from './fleet-rows.ts';
import { TEST_REFERENCE, buildFleetXlsx, goodRow, type Cells } from './fleet.test-support.ts';

const parsers: WorkerFleetParser[] = [];
function workerParser(options: ConstructorParameters<typeof WorkerFleetParser>[0] = {}): WorkerFleetParser {
  const parser = new WorkerFleetParser(options);
  parsers.push(parser);
  return parser;
}
afterAll(() => Promise.all(parsers.map((p) => p.close())));

async function collect(parser: FleetFileParser, bytes: Buffer, chunkRows = 10): Promise<ParsedChunk[]> {
  const chunks: ParsedChunk[] = [];
  for await (const chunk of parser.parse(bytes, TEST_REFERENCE, chunkRows)) chunks.push(chunk);
  return chunks;
}

/** 45 rows: good ones, a bad document type (row 10), a duplicate plate (row 20). */
async function mixedFile(): Promise<Buffer> {
  const rows: Cells[] = Array.from({ length: 45 }, (_, i) => goodRow(i));
  (rows[8] as Cells)[2] = 'XX';
  rows[18] = goodRow(3);
  return buildFleetXlsx(rows);
}

/** Nice values (field 19 of /proc/self/task/<tid>/stat) of this process's threads. */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, which may contain spaces).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]);
  });
}

describe('WorkerFleetParser', () => {
  const parser = workerParser();

  it('parses in a worker thread into exactly the chunks of the inline parser', async () => {
    const bytes = await mixedFile();
    const inWorker = await collect(parser, bytes);
    const inline = await collect(new InlineFleetParser(), bytes);
    expect(inWorker).toEqual(inline);
    expect(inWorker.map((c) => c.done)).toEqual([10, 20, 30, 40, 45]);
    const invalid = inWorker.flatMap((c) => c.invalid);
    expect(invalid.map((r) => r.rowNumber)).toEqual([10, 20]);
    expect(invalid[1]?.message).toContain('La placa está repetida en el archivo (fila 5).');
  });

  it('keeps one warm worker and reuses it for the next file', async () => {
    await parser.warm();
    expect(parser.threads()).toEqual({ idle: 1, busy: 0 });
    const bytes = await buildFleetXlsx([goodRow(1)]);
    const iterator = parser.parse(bytes, TEST_REFERENCE, 10)[Symbol.asyncIterator]();
    await iterator.next();
    // The warm worker took the file: no second one was started.
    expect(parser.threads()).toEqual({ idle: 0, busy: 1 });
    expect((await iterator.next()).done).toBe(true);
    expect(parser.threads()).toEqual({ idle: 1, busy: 0 });
  });

  it('parses two files at once in two workers, then keeps one', async () => {
    const [a, b] = await Promise.all([
      buildFleetXlsx(Array.from({ length: 30 }, (_, i) => goodRow(i))),
      buildFleetXlsx(Array.from({ length: 25 }, (_, i) => goodRow(100 + i))),
    ]);
    const [ca, cb] = await Promise.all([collect(parser, a), collect(parser, b)]);
    expect(ca.at(-1)?.done).toBe(30);
    expect(cb.at(-1)?.done).toBe(25);
    expect(cb.flatMap((c) => c.valid).map((r) => r.rowNumber)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 2),
    );
    expect(parser.threads()).toEqual({ idle: 1, busy: 0 });
  });

  it('rejects a file without the header or without rows with its Spanish message, and stays usable', async () => {
    await expect(collect(parser, await buildFleetXlsx([goodRow(1)], { header: false }))).rejects.toThrow(
      new FleetFileRejected(FLEET_MSG.missingHeaders),
    );
    await expect(collect(parser, await buildFleetXlsx([]))).rejects.toThrow(
      new FleetFileRejected(FLEET_MSG.emptyFile),
    );
    await expect(collect(parser, Buffer.from('PK\u0003\u0004 not really a zip'))).rejects.toThrow(
      FleetFileRejected,
    );
    expect(parser.threads()).toEqual({ idle: 1, busy: 0 });
    expect((await collect(parser, await buildFleetXlsx([goodRow(2)]))).at(-1)?.done).toBe(1);
  });

  it('stops the worker when the import stops taking chunks (a failed write), and starts afresh', async () => {
    const bytes = await buildFleetXlsx(Array.from({ length: 200 }, (_, i) => goodRow(i)));
    for await (const chunk of parser.parse(bytes, TEST_REFERENCE, 10)) {
      expect(chunk.done).toBe(10);
      break;
    }
    // The worker that was parsing was terminated (not returned half-way through a file).
    expect(parser.threads()).toEqual({ idle: 0, busy: 0 });
    expect((await collect(parser, bytes)).at(-1)?.done).toBe(200);
    expect(parser.threads()).toEqual({ idle: 1, busy: 0 });
  });

  it.runIf(process.platform === 'linux')(
    'runs its worker at a lower priority than the API thread',
    async () => {
      const niced = workerParser({ nice: 7 });
      const before = threadNiceValues().filter((n) => n === 7).length;
      await niced.warm();
      expect(threadNiceValues().filter((n) => n === 7).length).toBe(before + 1);
      await niced.close();
    },
  );

  it('fails the file, not the process, when parsing outgrows the worker heap limit', async () => {
    const small = workerParser({ maxOldGenerationSizeMb: 16 });
    // Every row's plate is remembered (duplicates) and every chunk kept by this consumer: the heap grows.
    const bytes = await buildFleetXlsx(Array.from({ length: 60_000 }, (_, i) => goodRow(i)));
    const parse = collect(small, bytes, 60_000);
    await expect(parse).rejects.toThrow(new FleetFileRejected(FLEET_MSG.uploadFailed));
    expect(small.threads()).toEqual({ idle: 0, busy: 0 });
  });

  it('parses on the calling thread, and says so, when no worker can be started', async () => {
    const bytes = await mixedFile();
    const expected = await collect(new InlineFleetParser(), bytes);
    for (const source of [
      async () => 'throw new Error("the worker fails as it loads")',
      async () => {
        throw new Error('the bundler is missing');
      },
    ]) {
      const warnings: string[] = [];
      const broken = workerParser({ source, log: { warn: (_obj, msg) => void warnings.push(msg) } });
      expect(await collect(broken, bytes)).toEqual(expected);
      expect(warnings).toEqual(['fleet parser worker did not start: parsing on the API thread']);
      expect(broken.threads()).toEqual({ idle: 0, busy: 0 });
    }
  });

  it('reads the policy, tax and last extinguisher recharge dates by their headers, as the inline parser', async () => {
    const headers = FLEET_TEMPLATE_COLUMNS.map((c) => c.header);
    // After 'Placa' and 'Kilometraje' (how the template sheet is found), the three last columns in another
    // order, then the rest of the template.
    const order = [
      ...headers.slice(0, 2),
      headers[16],
      headers[14],
      headers[15],
      ...headers.slice(2, 14),
    ] as string[];
    const cells = (i: number, recarga: Cells[number], poliza: string, impuesto: string): Cells => {
      const row = goodRow(i);
      while (row.length < 14) row.push('');
      return [...row.slice(0, 2), recarga, poliza, impuesto, ...row.slice(2)];
    };
    const bytes = await buildFleetXlsx(
      [
        cells(1, new Date(Date.UTC(2025, 7, 10)), '30/09/2026', '31-05-2026'),
        cells(2, '', '', ''),
        cells(3, '2025-13-01', 'pronto', '31/04/2026'),
      ],
      { headers: order },
    );
    const chunks = await collect(parser, bytes);
    expect(chunks).toEqual(await collect(new InlineFleetParser(), bytes));
    expect(chunks.flatMap((c) => c.valid).map((r) => [r.rowNumber, r.fechas])).toEqual([
      [
        2,
        {
          soat: null,
          rtm: null,
          licencia: null,
          poliza: '2026-09-30',
          impuesto: '2026-05-31',
          extintor: '2025-08-10',
        },
      ],
      [3, { soat: null, rtm: null, licencia: null, poliza: null, impuesto: null, extintor: null }],
    ]);
    expect(chunks.flatMap((c) => c.invalid).map((r) => [r.rowNumber, r.message])).toEqual([
      [
        4,
        [
          `Vencimiento póliza todo riesgo: ${ROW_MSG.date}`,
          `Vencimiento impuesto vehicular: ${ROW_MSG.date}`,
          `Última recarga del extintor: ${ROW_MSG.date}`,
        ].join(' '),
      ],
    ]);
    expect(chunks[0]?.ignoredColumns).toEqual([]);
  });

  it('refuses to parse once closed', async () => {
    const closing = workerParser();
    await closing.warm();
    await closing.close();
    expect(closing.threads()).toEqual({ idle: 0, busy: 0 });
    await expect(collect(closing, await buildFleetXlsx([goodRow(1)]))).rejects.toThrow('closed');
  });
});
