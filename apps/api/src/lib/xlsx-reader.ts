import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';

/**
 * exceljs 4.4.0's streaming reader decodes every chunk of XML on its own (utils/parse-sax.js calls
 * TextDecoder.decode(chunk) without `stream: true`), so a multi-byte UTF-8 character split across two inflate
 * chunks becomes two U+FFFD characters: 'Medellín' read as 'Medell��n' about once per few thousand rows of
 * Spanish text. parse-sax passes strings through untouched, so this reader hands it text decoded with one
 * StringDecoder per entry (which keeps a split character until its last byte arrives). Everything else is
 * exceljs's own WorkbookReader.
 */

/**
 * Characters of XML handed to exceljs at a time. The inflated entry arrives in 64 KiB chunks; exceljs parses a
 * chunk in one synchronous call and keeps all of its events (about 200 rows' worth) until its rows are read.
 * Smaller pieces keep that work between two yields short (requests are served sooner) and its garbage
 * short-lived (it dies young instead of being copied into the old generation).
 */
export const XML_PIECE_CHARS = 8 * 1024;

/** `text` in pieces of at most `size` characters, never splitting a surrogate pair. */
export function* pieces(text: string, size: number): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + size);
    const last = text.charCodeAt(end - 1);
    // A high surrogate at the cut goes with its low surrogate (into this piece when it would be empty).
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += end - 1 > start ? -1 : 1;
    yield text.slice(start, end);
    start = end;
  }
}

/** Chunks of a byte stream as text (in pieces), decoding characters split across chunks correctly. */
export async function* decodeUtf8(
  chunks: AsyncIterable<Buffer | string>,
  pieceChars = XML_PIECE_CHARS,
): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield* pieces(text, pieceChars);
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

type ReaderOptions = ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>[1];

/** The internals overridden below (not in exceljs's type declarations). */
interface ReaderInternals {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
}

type Reader = ExcelJS.stream.xlsx.WorkbookReader & ReaderInternals;
type ReaderClass = new (input: Readable, options: ReaderOptions) => Reader;

let readerClass: Promise<ReaderClass> | null = null;

/**
 * exceljs's WorkbookReader with UTF-8-safe decoding. exceljs is loaded with the first parse, not when the API
 * starts (its modules weigh on the idle process; decision 024).
 */
export async function utf8SafeWorkbookReader(input: Readable, options: ReaderOptions): Promise<Reader> {
  readerClass ??= import('exceljs').then(({ default: exceljs }) => {
    const Base = exceljs.stream.xlsx.WorkbookReader as unknown as ReaderClass;
    return class Utf8SafeWorkbookReader extends Base {
      override _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
        return super._parseWorksheet(decodeUtf8(iterator), sheetNo);
      }

      override _parseSharedStrings(entry: Readable) {
        // The entry is read through 'data' events: let the stream decode (it keeps split characters).
        entry.setEncoding('utf8');
        return super._parseSharedStrings(entry);
      }
    };
  });
  return new (await readerClass)(input, options);
}
