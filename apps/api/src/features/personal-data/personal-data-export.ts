import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { FileStorage } from '../../integrations/files/file-storage.ts';

/** One of the user's files to put in the archive, read through FileStorage when the zip reaches it. */
export interface ExportFile {
  /** Path inside the archive, e.g. 'archivos/foto-perfil-<id>.jpg'. */
  path: string;
  storageKey: string;
  mtime: Date;
  /** Set once the zip has read the file: false when storage had no bytes for it (or failed). */
  available?: boolean;
}

export const DATA_ENTRY = 'datos.json';
/** The readable summary beside datos.json (issue 36). */
export const SUMMARY_ENTRY = 'resumen.html';

/**
 * Streams the export archive: the files one at a time (each read only when the zip gets to it, so at most one
 * file is held in memory), then datos.json, built last so it can say which files were missing. Nothing is
 * compressed twice: files (JPEG/PNG/PDF) are stored as they are, datos.json is deflated.
 */
export function exportArchive<T extends object>(opts: {
  files: ExportFile[];
  storage: FileStorage;
  data: (files: ExportFile[]) => T;
  /** The readable page of the same data, written after datos.json. */
  summary: (data: T) => string;
  now: Date;
  log: FastifyBaseLogger;
}): Readable {
  const zip = new ZipFile();
  for (const file of opts.files) {
    zip.addReadStreamLazy(file.path, { compress: false, mtime: file.mtime }, (cb) => {
      opts.storage.get(file.storageKey).then(
        (bytes) => {
          file.available = bytes !== null;
          if (!bytes)
            opts.log.warn({ key: file.storageKey }, 'personal data export: file missing in storage');
          cb(null, Readable.from([bytes ?? Buffer.alloc(0)]));
        },
        (err: unknown) => {
          file.available = false;
          opts.log.error({ err, key: file.storageKey }, 'personal data export: file read failed');
          cb(null, Readable.from([Buffer.alloc(0)]));
        },
      );
    });
  }
  let data: T | null = null;
  zip.addReadStreamLazy(DATA_ENTRY, { mtime: opts.now }, (cb) => {
    try {
      data = opts.data(opts.files);
      cb(null, Readable.from([Buffer.from(JSON.stringify(data, null, 2), 'utf8')]));
    } catch (err) {
      cb(err as Error, Readable.from([]));
    }
  });
  zip.addReadStreamLazy(SUMMARY_ENTRY, { mtime: opts.now }, (cb) => {
    try {
      cb(null, Readable.from([Buffer.from(opts.summary(data ?? opts.data(opts.files)), 'utf8')]));
    } catch (err) {
      cb(err as Error, Readable.from([]));
    }
  });
  zip.end();
  const out = zip.outputStream as Readable;
  zip.on('error', (err: Error) => {
    opts.log.error({ err }, 'personal data export failed');
    out.destroy(err);
  });
  return out;
}
