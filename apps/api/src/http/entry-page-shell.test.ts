import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LCP_IMAGE_MARKER } from '@togo/domain/entry-pages';
import { ShellPages, withLcpImage } from './entry-page-shell.ts';

describe('withLcpImage', () => {
  it('puts the image in place of the marker, its address escaped', () => {
    expect(withLcpImage(`<div>${LCP_IMAGE_MARKER}</div>`, '/static/a "b" <c>&d.svg')).toBe(
      '<div><img src="/static/a &quot;b&quot; &lt;c&gt;&amp;d.svg" alt="" width="1200" height="500" fetchpriority="high"></div>',
    );
  });

  it('drops the marker when there is no image, and leaves a page without one unchanged', () => {
    expect(withLcpImage(`<div>${LCP_IMAGE_MARKER}</div>`, null)).toBe('<div></div>');
    expect(withLcpImage('<div></div>', '/a.svg')).toBe('<div></div>');
  });

  it('is not fooled by replacement patterns in the address', () => {
    expect(withLcpImage(LCP_IMAGE_MARKER, "/a$&$'.svg")).toContain('src="/a$&amp;$&#39;.svg"');
  });
});

describe('ShellPages', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'togo-shell-'));
    mkdirSync(path.join(dist, '_pages', 'app'), { recursive: true });
    writeFileSync(path.join(dist, '_pages', 'app', 'home.html'), `<main>${LCP_IMAGE_MARKER}</main>`);
    writeFileSync(path.join(dist, '_pages', 'login.html'), '<main>login</main>');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('knows only the pages with a marker', () => {
    const shells = new ShellPages(dist, ['_pages/app/home.html', '_pages/login.html']);
    expect(shells.has('_pages/app/home.html')).toBe(true);
    expect(shells.has('_pages/login.html')).toBe(false);
    expect(() => shells.body('_pages/login.html', null, 'br')).toThrow();
  });

  it('sends the encoding the browser prefers, plain when it accepts none', () => {
    const shells = new ShellPages(dist, ['_pages/app/home.html']);
    const gz = shells.body('_pages/app/home.html', '/b.svg', 'gzip;q=1, br;q=0.5');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<img src="/b.svg"');
    for (const header of [undefined, '', 'deflate']) {
      const plain = shells.body('_pages/app/home.html', '/b.svg', header);
      expect(plain.encoding).toBe('identity');
      expect(plain.body.toString()).toBe(withLcpImage(`<main>${LCP_IMAGE_MARKER}</main>`, '/b.svg'));
    }
  });

  it('follows the image when it changes', () => {
    const shells = new ShellPages(dist, ['_pages/app/home.html']);
    expect(shells.body('_pages/app/home.html', '/1.svg', '').body.toString()).toContain('/1.svg');
    expect(shells.body('_pages/app/home.html', '/2.svg', '').body.toString()).toContain('/2.svg');
    expect(shells.body('_pages/app/home.html', null, '').body.toString()).toBe('<main></main>');
  });
});
