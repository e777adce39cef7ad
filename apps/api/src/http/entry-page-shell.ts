import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import escapeHtml from 'escape-html';
import { LCP_IMAGE_MARKER } from '@togo/domain/entry-pages';

/**
 * The page with its image in place of the marker (decorative in the shell, which is hidden from assistive
 * technology; the screen drawn over it describes the banner), or without the marker when there is none: the
 * shell then keeps its grey placeholder.
 */
export function withLcpImage(html: string, src: string | null): string {
  const image =
    src === null
      ? ''
      : `<img src="${escapeHtml(src)}" alt="" width="1200" height="500" fetchpriority="high">`;
  return html.replace(LCP_IMAGE_MARKER, () => image);
}

export type PageEncoding = 'br' | 'gzip' | 'identity';

export interface ShellPageBody {
  body: Buffer;
  encoding: PageEncoding;
}

/** How many (page, image) variants stay compressed in memory: one per shell page in practice. */
const CACHE_LIMIT = 32;

/**
 * The entry pages that carry a shell with an image marker, read once from the build: each request gets the page
 * with the current image, compressed as the browser accepts it (the build's .br/.gz cannot hold a per-request
 * image), and the compressed variants are kept until the image changes.
 */
export class ShellPages {
  private readonly templates = new Map<string, string>();
  private readonly variants = new Map<string, Record<PageEncoding, Buffer>>();

  constructor(webDist: string, pages: Iterable<string>) {
    for (const page of pages) {
      const html = readFileSync(path.join(webDist, page), 'utf8');
      if (html.includes(LCP_IMAGE_MARKER)) this.templates.set(page, html);
    }
  }

  /** Whether `page` (a path under the build: '_pages/app/home.html') carries a shell to fill in. */
  has(page: string): boolean {
    return this.templates.has(page);
  }

  body(page: string, image: string | null, acceptEncoding: string | undefined): ShellPageBody {
    const template = this.templates.get(page);
    if (template === undefined) throw new Error(`${page} no tiene esqueleto`);
    const key = `${page}\n${image ?? ''}`;
    let variant = this.variants.get(key);
    if (!variant) {
      const html = Buffer.from(withLcpImage(template, image));
      variant = { identity: html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
      if (this.variants.size >= CACHE_LIMIT) this.variants.clear();
      this.variants.set(key, variant);
    }
    const encoding = negotiate(acceptEncoding ?? '', ['br', 'gzip', 'identity'] as const) ?? 'identity';
    return { body: variant[encoding], encoding };
  }
}
