import { createInflateRaw } from 'node:zlib';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * Checks that an uploaded file is a real, safe .xlsx BEFORE any spreadsheet parser sees it
 * (docs/decisions/011-fleet-import.md):
 * 1. the content is a ZIP (magic bytes) whose central directory (read with yauzl) names
 *    `[Content_Types].xml` and `xl/workbook.xml`;
 * 2. entry count, total declared uncompressed size and each entry's compression ratio are within limits;
 * 3. the local entries are contiguous (no bytes hidden between or after them, which a streaming reader that
 *    walks local headers — exceljs's — would otherwise read);
 * 4. every entry is inflated once with yauzl's size validation (an entry that inflates beyond its declared size
 *    is an error), counting the `<row` elements of each worksheet; counting stops as soon as a sheet has more
 *    rows than allowed.
 * Memory stays bounded: entries are streamed, never held whole.
 */

export interface XlsxLimits {
  maxEntries: number;
  /** Sum of the entries' uncompressed sizes. */
  maxUncompressedBytes: number;
  /** Uncompressed / compressed, per entry larger than 64 KiB uncompressed. */
  maxRatio: number;
  /** Data rows (header excluded) of the largest sheet. */
  maxRows: number;
}

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  maxEntries: 500,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxRatio: 150,
  maxRows: 50_000,
};

export type XlsxRejection = 'invalid' | 'unsafe' | 'too_many_rows';

export class XlsxRejected extends Error {
  constructor(
    readonly reason: XlsxRejection,
    detail: string,
  ) {
    super(detail);
  }
}

export interface XlsxInspection {
  /** Data rows (header excluded) of the sheet with the most rows. */
  dataRows: number;
}

const RATIO_MIN_BYTES = 64 * 1024;
/** A data descriptor after an entry's data: 12 or 16 bytes, 20 or 24 with zip64 sizes. */
const MAX_DESCRIPTOR = 24;
const WORKSHEET_RE = /^xl\/worksheets\/sheet\d+\.xml$/;

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

function readEntries(zip: ZipFile, max: number): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > max) reject(new XlsxRejected('unsafe', 'too many entries'));
      else zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** Offset of the central directory from the end-of-central-directory record; null for zip64. */
function centralDirectoryOffset(bytes: Buffer): number | null {
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      const offset = bytes.readUInt32LE(i + 16);
      return offset === 0xffffffff ? null : offset;
    }
  }
  return null;
}

const ROW_TAG = Buffer.from('<row');

/** Opening tags of worksheet rows in `bytes`: '<row ' or '<row>' (not '<rows…'), whose 5th byte is in `bytes`. */
function countRowTags(bytes: Buffer): number {
  let rows = 0;
  for (let i = bytes.indexOf(ROW_TAG); i !== -1 && i + 4 < bytes.length; i = bytes.indexOf(ROW_TAG, i + 4)) {
    const next = bytes[i + 4];
    if (next === 0x20 || next === 0x3e || next === 0x09 || next === 0x0a || next === 0x0d) rows++;
  }
  return rows;
}

/**
 * Inflated bytes handed over at a time: zlib's default 16 KiB made a 45 MB sheet ~2,800 round trips between the
 * thread pool and the event loop (~0.5 s of the API thread for a 100,000-row file); 1 MiB makes it ~45.
 */
const INFLATE_CHUNK = 1024 * 1024;

/**
 * Inflates one entry, counting '<row' (opening tags of worksheet rows) when asked; stops above `stopAt`. Fails
 * as soon as the entry inflates beyond its declared size, or when it ends short of it.
 */
function inflate(zip: ZipFile, entry: Entry, countRows: boolean, stopAt: number): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decodeFileData: false }, (err, raw) => {
      if (err || !raw) return reject(err ?? new Error('no stream'));
      const inflater = entry.compressionMethod === 8 ? createInflateRaw({ chunkSize: INFLATE_CHUNK }) : null;
      const stream: Readable = inflater ? raw.pipe(inflater) : raw;
      const stop = (outcome: () => void) => {
        raw.unpipe();
        raw.destroy();
        inflater?.destroy();
        outcome();
      };
      // Without an inflater `stream` is `raw`: its errors are handled once, below.
      if (inflater) raw.on('error', (e) => stop(() => reject(e)));
      let size = 0;
      let rows = 0;
      // The last 4 bytes of the previous chunk: a tag cut by a chunk boundary is counted across it.
      let tail = Buffer.alloc(0);
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > entry.uncompressedSize) return stop(() => reject(new Error('entry larger than declared')));
        if (!countRows) return;
        // Searched as bytes (native indexOf, no text copy of the sheet). The seam (tail + the chunk's first 4
        // bytes) holds the tags that start in the tail; a tag starting in the chunk is counted in the chunk.
        rows += countRowTags(Buffer.concat([tail, chunk.subarray(0, 4)])) + countRowTags(chunk);
        tail =
          chunk.length >= 4 ? Buffer.from(chunk.subarray(-4)) : Buffer.concat([tail, chunk]).subarray(-4);
        if (rows > stopAt) stop(() => resolve(rows));
      });
      stream.on('end', () => {
        if (size !== entry.uncompressedSize) reject(new Error('entry smaller than declared'));
        else resolve(rows);
      });
      stream.on('error', (e) => stop(() => reject(e)));
    });
  });
}

export async function inspectXlsx(
  bytes: Buffer,
  limits: XlsxLimits = DEFAULT_XLSX_LIMITS,
): Promise<XlsxInspection> {
  if (bytes.length < 30 || bytes.readUInt32LE(0) !== 0x04034b50) {
    throw new XlsxRejected('invalid', 'not a zip');
  }
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw new XlsxRejected('invalid', 'unreadable zip');
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw new XlsxRejected('unsafe', 'too many entries');
    let entries: Entry[];
    try {
      entries = await readEntries(zip, limits.maxEntries);
    } catch (err) {
      if (err instanceof XlsxRejected) throw err;
      throw new XlsxRejected('invalid', 'bad central directory');
    }
    const names = new Set<string>();
    let total = 0;
    for (const e of entries) {
      if (names.has(e.fileName)) throw new XlsxRejected('unsafe', 'duplicate entry');
      names.add(e.fileName);
      if ((e.generalPurposeBitFlag & 0x1) !== 0) throw new XlsxRejected('invalid', 'encrypted entry');
      if (e.compressionMethod !== 0 && e.compressionMethod !== 8) throw new XlsxRejected('invalid', 'method');
      total += e.uncompressedSize;
      if (total > limits.maxUncompressedBytes) throw new XlsxRejected('unsafe', 'uncompressed size');
      if (
        e.uncompressedSize > RATIO_MIN_BYTES &&
        e.uncompressedSize / Math.max(1, e.compressedSize) > limits.maxRatio
      ) {
        throw new XlsxRejected('unsafe', 'compression ratio');
      }
    }
    if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
      throw new XlsxRejected('invalid', 'not a workbook');
    }

    // No hidden local entries: each entry starts where the previous one (plus its data descriptor) ended.
    const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
    let end = 0;
    for (const e of sorted) {
      const gap = e.relativeOffsetOfLocalHeader - end;
      if (gap < 0 || gap > MAX_DESCRIPTOR) throw new XlsxRejected('unsafe', 'entries not contiguous');
      let header: { fileDataStart: number };
      try {
        header = await zip.readLocalFileHeaderPromise(e, { minimal: true });
      } catch {
        throw new XlsxRejected('invalid', 'bad local header');
      }
      end = header.fileDataStart + e.compressedSize;
    }
    const cd = centralDirectoryOffset(bytes);
    if (cd !== null && (cd - end < 0 || cd - end > MAX_DESCRIPTOR)) {
      throw new XlsxRejected('unsafe', 'bytes before the central directory');
    }

    let maxRows = 0;
    for (const e of entries) {
      if (e.fileName.endsWith('/')) continue;
      const isSheet = WORKSHEET_RE.test(e.fileName);
      let rows: number;
      try {
        rows = await inflate(zip, e, isSheet, limits.maxRows + 1);
      } catch {
        throw new XlsxRejected('unsafe', 'entry does not inflate to its declared size');
      }
      if (isSheet) {
        if (rows - 1 > limits.maxRows) throw new XlsxRejected('too_many_rows', 'too many rows');
        maxRows = Math.max(maxRows, rows - 1);
      }
    }
    return { dataRows: maxRows };
  } finally {
    zip.close();
  }
}
