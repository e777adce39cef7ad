import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP source of one inline script: `'sha256-…'` of its text exactly as written between the tags. */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/** The hashes of the inline scripts (those with text and no src) of one page. */
export function inlineScriptHashesOf(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', code = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || code.trim() === '') continue;
    hashes.push(scriptHash(code));
  }
  return hashes;
}

/**
 * Every inline script of the built web app's pages (apps/web/dist, its entry pages' boot script: apps/web
 * src/app/page-boot.ts, decision 047), as CSP hashes: the pages' policy allows exactly these and no other inline
 * script. Read once at start-up; none when there is no build.
 */
export function inlineScriptHashes(webDist: string): string[] {
  if (!existsSync(webDist)) return [];
  const pages = readdirSync(webDist, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.html') && !file.split(path.sep).includes('assets'),
  );
  const hashes = new Set<string>();
  for (const page of pages) {
    for (const hash of inlineScriptHashesOf(readFileSync(path.join(webDist, page), 'utf8'))) hashes.add(hash);
  }
  return [...hashes].sort();
}
