/**
 * The entry routes that get their own page in dist/_pages/ (scripts/prerender.ts, docs/decisions/044). Public
 * screens are prerendered; the signed-in ones name their chunks, since their content is the visitor's own, and the
 * home also carries its shell.
 * A path listed here must match a route of src/app/router.tsx (prerender-html.test.ts checks it).
 */
import type { EarlyReadSet } from '../src/app/early-reads.ts';
import type { ShellAudience } from '../src/app/page-shells.ts';
import type { ShellView } from '../src/app/prerender.tsx';

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
  /** The shell's picture for a screen without a shell of its own (app/prerender.tsx `ShellView`). */
  view?: ShellView;
}

const bar = (title: string): ShellView => ({ kind: 'screen', title, header: 'bar' });
const page = (title: string): ShellView => ({ kind: 'screen', title, header: 'page' });
const fleet = (title: string): ShellView => ({ kind: 'fleet', title });

/**
 * Every other signed-in screen a driver or a fleet manager lands on from a link (a notice, a bookmark, a shared
 * address): a page with its chunks and a shell of its header (decision 131). A `:param` segment stands for any one
 * segment (apps/api's spa-fallback.ts serves the page for them). A screen whose largest paint waits for a read
 * names its set of early reads (src/app/early-reads.ts, decision 134), started by the page's inline script.
 */
const SCREENS: readonly EntryPage[] = [
  ['/app/alerts', bar('Alertas'), 'alerts'],
  ['/app/alerts/soat', bar('SOAT'), 'soat'],
  ['/app/alerts/rtm', bar('Revisión técnico-mecánica'), 'rtm-alert'],
  ['/app/alerts/licencia-conduccion', bar('Licencia de conducción'), 'licence'],
  ['/app/alerts/poliza', bar('Póliza todo riesgo'), 'policy'],
  ['/app/alerts/impuestos', bar('Impuestos'), 'tax'],
  ['/app/alerts/kit', bar('Kit de carretera'), 'kit'],
  ['/app/alerts/pico-placa', bar('Pico y placa'), 'pico-placa'],
  ['/app/alerts/alertas-peritaje', bar('Peritaje')],
  ['/app/alerts/alertas-tramites', bar('Trámites')],
  ['/app/alerts/infracciones', bar('Infracciones'), 'fines'],
  ['/app/alerts/comparendos', bar('Comparendos'), 'fines-list'],
  ['/app/alerts/comparendos-detalle/:numero', bar('Detalle del comparendo')],
  ['/app/agendamientos', page('Mis agendamientos')],
  ['/app/agendamientos/:id', page('Mi agendamiento')],
  ['/app/profile', page('Perfil')],
  ['/app/profile/avisos', page('Avisos')],
  ['/app/garaje-personal', page('Tu garaje')],
  ['/app/otros/compras', page('Comprar')],
  // Its title depends on the browser (the page cannot know it): a placeholder line.
  ['/app/otros/tutorial', page('')],
  ['/flota/hoy', fleet('Hoy'), 'fleet-today'],
  ['/flota/alertas', fleet('Alertas')],
  ['/flota/reportes', fleet('Reportes')],
  ['/flota/miembros', fleet('Miembros')],
].map(([path, view, earlyReads]) => ({
  path: path as string,
  prerender: false,
  shell: (path as string).startsWith('/flota') ? 'fleet' : 'session',
  view: view as ShellView,
  ...(earlyReads ? { earlyReads: earlyReads as EarlyReadSet } : {}),
}));

export const ENTRY_PAGES: readonly EntryPage[] = [
  { path: '/auth', prerender: true },
  { path: '/auth/login', prerender: true },
  { path: '/auth/create-account', prerender: true },
  { path: '/auth/reset-password', prerender: true },
  { path: '/app/home', prerender: false, earlyReads: 'home', shell: 'home' },
  { path: '/app/servicios/rtm', prerender: false, earlyReads: 'rtm', shell: 'session' },
  { path: '/flota', prerender: false, earlyReads: 'fleet', shell: 'fleet' },
  ...SCREENS,
];
