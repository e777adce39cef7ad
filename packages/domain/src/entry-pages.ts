/**
 * Where a signed-in page's shell (the home's: apps/web/src/features/home/components/HomeShell.tsx) leaves its
 * largest image, which only the server knows (the catalogue's first banner, editable at any time) and puts in on
 * each request (apps/api/src/http/entry-page-shell.ts): docs/decisions/044.
 */
export const LCP_IMAGE_MARKER = '<!--togo:lcp-image-->';
