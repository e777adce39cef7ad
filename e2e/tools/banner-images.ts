/**
 * npx tsx e2e/tools/banner-images.ts — draws the seeded banners (apps/api/public/banners/*.svg, the editable
 * sources) into the WebP images the catalogue serves (`<name>.webp`, same size: 1200 × 500), in Debian's Chromium.
 * A banner drawn from SVG lays out and paints its text on the page's main thread, on every page that shows it (about
 * 60 ms on the home under Lighthouse's slowdown); a raster image is decoded off the main thread
 * (docs/decisions/048). Run it after editing a banner's SVG, and commit both files.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromePath } from '../support/browser.ts';

const BANNERS = fileURLToPath(new URL('../../apps/api/public/banners/', import.meta.url));
const QUALITY = 0.8;

const browser = await chromium.launch({ executablePath: chromePath ?? undefined, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const file of readdirSync(BANNERS).filter((name) => name.endsWith('.svg'))) {
    const svg = readFileSync(`${BANNERS}${file}`, 'utf8');
    const dataUrl: string = await page.evaluate(
      `(async () => {
        const image = new Image();
        image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(${JSON.stringify(svg)});
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        canvas.getContext('2d').drawImage(image, 0, 0);
        return canvas.toDataURL('image/webp', ${QUALITY});
      })()`,
    );
    if (!dataUrl.startsWith('data:image/webp;base64,'))
      throw new Error(`${file}: Chromium did not encode WebP`);
    const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const target = file.replace(/\.svg$/, '.webp');
    writeFileSync(`${BANNERS}${target}`, webp);
    console.log(`${target}: ${webp.length} B`);
  }
} finally {
  await browser.close();
}
