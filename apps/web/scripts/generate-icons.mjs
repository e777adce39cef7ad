// Writes the PWA icons (public/icons/*.png) from the favicon's drawing. Run after changing the logo:
//   node apps/web/scripts/generate-icons.mjs
// Uses sharp (a dependency of apps/api, hoisted to the root node_modules).
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';

const out = new URL('../public/icons/', import.meta.url);
const plate = `
  <rect x="9" y="17" width="46" height="30" rx="6" fill="#FFC400" stroke="#1B2430" stroke-width="2.5"/>
  <path d="M21 25h22v5h-8.5v11h-5V30H21z" fill="#0B3D91"/>
  <circle cx="14" cy="32" r="1.8" fill="#1B2430"/>
  <circle cx="50" cy="32" r="1.8" fill="#1B2430"/>`;
// 'any': the rounded badge of the favicon.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect x="2" y="2" width="60" height="60" rx="14" fill="#0B3D91"/>${plate}</svg>`;
// 'maskable': full-bleed background, the plate inside the central 80 % safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#0B3D91"/><g transform="translate(9.6 9.6) scale(0.7)">${plate}</g></svg>`;

await mkdir(out, { recursive: true });
const render = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(name, out).pathname);
await render(any, 192, 'icon-192.png');
await render(any, 512, 'icon-512.png');
await render(maskable, 192, 'maskable-192.png');
await render(maskable, 512, 'maskable-512.png');
await render(maskable, 180, 'apple-touch-icon.png');
console.log('icons written to', out.pathname);
