import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Expiring capability URLs for stored files: /api/files/{id}.{ext}?exp={unix seconds}&sig={HMAC}. The URL
 * is the permission (it works in <img src>), so it is short-lived and bound to the file id and expiry. The
 * extension is there for clients that decide how to show a file from its URL (AHGA §5 "Licence image").
 * Expiries are rounded up to a 15-minute boundary so the same file keeps one URL for a while and the
 * browser can cache it.
 */
const ROUND_SECONDS = 15 * 60;

export class FileUrlSigner {
  private readonly key: string;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    // A key derived for this purpose only, so a file signature can never be confused with another HMAC.
    this.key = createHmac('sha256', secret).update('togo:file-url:v1').digest('hex');
  }

  private sign(id: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${id}.${exp}`).digest('base64url');
  }

  /** The file's signed URL; without an extension (profile pictures) the path is /api/files/{id}. */
  url(id: string, extension: string | null, now: Date): string {
    const exp =
      Math.ceil((Math.floor(now.getTime() / 1000) + this.ttlSeconds) / ROUND_SECONDS) * ROUND_SECONDS;
    return `/api/files/${id}${extension ? `.${extension}` : ''}?exp=${exp}&sig=${this.sign(id, exp)}`;
  }

  /** Seconds the URL stays valid, or null when the signature is wrong or it has expired. */
  verify(id: string, exp: number, sig: string, now: Date): number | null {
    const expected = Buffer.from(this.sign(id, exp));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const left = exp - Math.floor(now.getTime() / 1000);
    return left > 0 ? left : null;
  }
}
