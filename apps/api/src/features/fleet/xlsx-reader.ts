import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * exceljs 4.4.0's streaming reader decodes every chunk of XML on its own (utils/parse-sax.js calls
 * TextDecoder.decode(chunk) without `stream: true`), so a multi-byte UTF-8 character split across two inflate
 * chunks becomes two U+FFFD characters: 'Medellín' read as 'Medell��n' about once per few thousand rows of
 * Spanish text. parse-sax passes strings through untouched, so this reader hands it text decoded with one
 * StringDecoder per entry (which keeps a split character until its last byte arrives). Everything else is
 * exceljs's own WorkbookReader.
 */

/** Chunks of a byte stream as text, decoding characters split across chunks correctly. */
export async function* decodeUtf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
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

const Base = ExcelJS.stream.xlsx.WorkbookReader as unknown as new (
  input: Readable,
  options: ReaderOptions,
) => ExcelJS.stream.xlsx.WorkbookReader & ReaderInternals;

export class Utf8SafeWorkbookReader extends Base {
  override _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    return super._parseWorksheet(decodeUtf8(iterator), sheetNo);
  }

  override _parseSharedStrings(entry: Readable) {
    // The entry is read through 'data' events: let the stream decode (it keeps split characters).
    entry.setEncoding('utf8');
    return super._parseSharedStrings(entry);
  }
}
