import { ImageDecodeError, reencodeImage } from '../integrations/files/file-content.ts';
import { AppError } from './app-error.ts';

/**
 * An uploaded JPEG/PNG re-encoded (integrations/files/file-content.ts reencodeImage); one that cannot be
 * decoded is a 400 on its form field with the feature's Spanish message.
 */
export async function reencodeUpload(
  bytes: Buffer,
  kind: 'jpg' | 'png',
  maxSide: number,
  field: string,
  damagedMessage: string,
): Promise<Buffer> {
  try {
    return await reencodeImage(bytes, kind, maxSide);
  } catch (err) {
    if (err instanceof ImageDecodeError) throw AppError.field(field, damagedMessage);
    throw err;
  }
}
