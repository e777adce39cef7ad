/** Extensions the licence picture may have to be shown (AHGA §5 'Licence image'). */
export const LICENCE_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg'] as const;

/** MIME types the licence screen uploads (AHGA §5 'Upload accepts jpeg or png'). */
export const LICENCE_UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;

export function isLicenceUploadType(type: string): boolean {
  return (LICENCE_UPLOAD_TYPES as readonly string[]).includes(type.toLowerCase());
}

/** The extension of a URL's path (query and fragment ignored), lower-cased; '' when it has none. */
export function urlExtension(url: string): string {
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    return '';
  }
  const last = path.slice(path.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

export type LicenceImageSource =
  | { kind: 'image'; src: string }
  /** A stored file behind a signed URL (/api/files/{id}?exp&sig): no extension to check, so it is tried
   *  and the default picture replaces it if the browser cannot show it (e.g. a PDF). */
  | { kind: 'try'; src: string }
  | { kind: 'default' };

/**
 * The picture of the licence card: shown when its URL ends in jpg, jpeg, png or svg; any other extension
 * (a PDF uploaded with the garage form) gets the default licence picture.
 */
export function licenceImageSource(url: string | null | undefined): LicenceImageSource {
  const src = url?.trim();
  if (!src) return { kind: 'default' };
  const ext = urlExtension(src);
  if ((LICENCE_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return { kind: 'image', src };
  if (ext === '') return { kind: 'try', src };
  return { kind: 'default' };
}
