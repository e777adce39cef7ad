import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineScriptHashesOf, scriptHash } from './inline-scripts.ts';

const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('inline scripts of the built pages (decision 047)', () => {
  it('hashes the text between the tags exactly, as browsers check it (UTF-8, spaces kept)', () => {
    expect(scriptHash(' boot("ñ") ')).toBe(sha(' boot("ñ") '));
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('takes inline scripts with their attributes, never scripts with a src or empty ones', () => {
    const html = [
      '<script data-entry="/assets/index-1.js" data-early-reads>boot()</script>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<SCRIPT>\nother()\n</SCRIPT >',
      '<script>  </script>',
    ].join('');
    expect(inlineScriptHashesOf(html)).toEqual([sha('boot()'), sha('\nother()\n')]);
  });

  it("reads every page of the build once, without duplicates; none when there's no build", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'togo-inline-'));
    mkdirSync(path.join(dir, '_pages', 'auth'), { recursive: true });
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<script type="module" src="/assets/index-1.js"></script>');
    writeFileSync(path.join(dir, '_pages', 'auth', 'login.html'), '<script data-entry="/a">boot()</script>');
    writeFileSync(path.join(dir, '_pages', 'auth.html'), '<script data-entry="/b">boot()</script>');
    // A file under assets/ is no page of ours (a library's demo, say).
    writeFileSync(path.join(dir, 'assets', 'demo.html'), '<script>evil()</script>');
    expect(inlineScriptHashes(dir)).toEqual([sha('boot()')]);
    expect(inlineScriptHashes(path.join(dir, 'none'))).toEqual([]);
  });
});
