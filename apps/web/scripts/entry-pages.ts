/**
 * The entry routes that get their own page in dist/_pages/ (scripts/prerender.ts, docs/decisions/044). Public
 * screens are prerendered; the signed-in ones name their chunks, since their content is the visitor's own, and the
 * home also carries its shell.
 * A path listed here must match a route of src/app/router.tsx (prerender-html.test.ts checks it).
 */
import type { EarlyReadSet } from '../src/app/early-reads.ts';
import type { ShellAudience } from '../src/app/page-shells.ts';

export interface EntryPage {
  path: string;
  prerender: boolean;
  /** Starts these first reads before the app's entry has loaded (src/app/early-reads.ts). */
  earlyReads?: EarlyReadSet;
  /**
   * A signed-in screen whose page carries its shell (src/app/prerender.tsx renderShell): its layout before the
   * data, shown only to the audience the route's guard lets in (src/app/page-shells.ts), drawn over by React.
   */
  shell?: ShellAudience;
}

export const ENTRY_PAGES: readonly EntryPage[] = [
  { path: '/auth', prerender: true },
  { path: '/auth/login', prerender: true },
  { path: '/auth/create-account', prerender: true },
  { path: '/auth/reset-password', prerender: true },
  { path: '/app/home', prerender: false, earlyReads: 'home', shell: 'home' },
  { path: '/app/servicios/rtm', prerender: false, earlyReads: 'rtm', shell: 'session' },
  { path: '/flota', prerender: false, earlyReads: 'fleet', shell: 'fleet' },
];
