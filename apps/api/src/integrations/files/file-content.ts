import { fileTypeFromBuffer } from 'file-type';

export type StoredKind = 'pdf' | 'jpg' | 'png';

export const CONTENT_TYPES: Record<StoredKind, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The file's real type from its magic bytes (never its name or declared type); null when not pdf/jpg/png. */
export async function detectKind(bytes: Buffer): Promise<StoredKind | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  if (found.mime === 'application/pdf') return 'pdf';
  if (found.mime === 'image/jpeg') return 'jpg';
  if (found.mime === 'image/png') return 'png';
  return null;
}

export class ImageDecodeError extends Error {}

/** Larger inputs are refused before decoding (decompression bombs): 40 megapixels. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Re-encodes a JPEG/PNG: applies the EXIF orientation, drops every metadata block (EXIF, GPS, XMP, ICC:
 * sharp strips them unless asked to keep them), fits it inside maxSide × maxSide without enlarging,
 * and writes the same format again.
 */
export async function reencodeImage(bytes: Buffer, kind: 'jpg' | 'png', maxSide: number): Promise<Buffer> {
  // Loaded on the first image upload, not at start-up: libvips is ~20 MB of memory most processes never use.
  const { default: sharp } = await import('sharp');
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    return kind === 'jpg'
      ? await pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
      : await pipeline.png({ compressionLevel: 9 }).toBuffer();
  } catch (err) {
    throw new ImageDecodeError(err instanceof Error ? err.message : 'image decode failed');
  }
}
