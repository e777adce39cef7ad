import type { FastifyRequest } from 'fastify';
import { hasNul, INPUT_MSG } from '@togo/domain/input-limits';
import { AppError } from './app-error.ts';

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

export interface FileFieldOptions {
  /** The multipart field that carries the file ('file', 'profile_picture'). */
  field: string;
  /** Larger files are refused with 413 and `tooLarge`. */
  maxBytes: number;
  tooLarge: string;
  /** Answer (400) for a body that is not readable multipart: cut short, bad boundary, broken headers. */
  malformed: string;
}

/** The default answer to a multipart body that cannot be read. */
export const MALFORMED_MULTIPART = 'El archivo enviado está incompleto o dañado. Intenta subirlo de nuevo.';

/**
 * Reads one file field of a multipart request into memory. null when it carries no file in that field;
 * a request that is not multipart is a 415. Every upload route uses it, so a broken body is a 400 everywhere, never a
 * 500, and a file over the cap is a 413 with the route's message.
 */
export function fileFieldReader(
  req: FastifyRequest,
  opts: FileFieldOptions,
): () => Promise<UploadedFile | null> {
  return async () => {
    try {
      const part = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
      if (!part) return null;
      if (part.fieldname !== opts.field) {
        part.file.resume();
        return null;
      }
      // The file name is stored with the upload: a NUL in it is refused like any text (decision 018).
      if (hasNul(part.filename)) {
        part.file.resume();
        throw AppError.field(opts.field, INPUT_MSG.invalidCharacters);
      }
      return { filename: part.filename, bytes: await part.toBuffer() };
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, { detail: opts.tooLarge });
      // The framework's own errors (not multipart, too many files or parts) keep their Spanish answers.
      if (code?.startsWith('FST_')) throw err;
      throw AppError.badRequest(opts.malformed);
    }
  };
}
