/**
 * The entry pages' inline script (docs/decisions/047): a prerendered page (the sign-in, the sign-up…) and the
 * home's shell are painted from their HTML alone, so the app's scripts are requested only after that first paint.
 * Requested with the page, they arrive while it is being laid out, and their evaluation (tens of milliseconds on a
 * phone) runs before the page is painted: the visitor waits for JavaScript to see HTML the server already sent.
 *
 * scripts/prerender.ts builds `page-boot.entry.ts` into a classic script inlined at the top of <head> (the API
 * allows it by its hash, apps/api/src/http/inline-scripts.ts) and says what to load in the script's attributes:
 * - `data-entry`: the app's entry (/assets/index-….js);
 * - `data-preloads`: the route's chunks, space-separated, fetched beside the entry (modulepreload);
 * - `data-early-reads`: on the home's, the fleet list's and the RTM wizard's pages, which set of reads starts at
 *   once (`home`, `fleet`, `rtm`: app/early-reads.ts);
 * - `data-shell-for`: on a page with a shell, who sees it (app/page-shells.ts).
 */
import { bootEarlyReads, EARLY_READ_SETS, type EarlyReadSet } from './early-reads.ts';
import { inTasks } from './in-tasks.ts';
import { openingToken, SESSION_CLASS, SHELL_AUDIENCES, type ShellAudience } from './page-shells.ts';

/** A tab opened in the background paints no frame until it is shown: the app loads after this anyway. */
export const FIRST_PAINT_FALLBACK_MS = 300;

/** What an entry page's script is told by the build. */
export interface PageBoot {
  entry: string;
  preloads: string[];
  earlyReads: EarlyReadSet | null;
  shell: ShellAudience | null;
}

/** Reads the script's attributes; null when the script carries no entry (a page the build got wrong). */
export function pageBootOf(script: HTMLOrSVGScriptElement | null): PageBoot | null {
  const data = script instanceof HTMLScriptElement ? script.dataset : null;
  if (!data?.entry) return null;
  return {
    entry: data.entry,
    preloads: (data.preloads ?? '').split(' ').filter(Boolean),
    earlyReads: EARLY_READ_SETS.find((set) => set === data.earlyReads) ?? null,
    shell: SHELL_AUDIENCES.find((audience) => audience === data.shellFor) ?? null,
  };
}

/**
 * Runs `run` once, in the task after the next frame is painted (a frame callback, then a task it queues), or after
 * FIRST_PAINT_FALLBACK_MS when no frame comes.
 */
export function afterFirstPaint(run: () => void, win: Window = window): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  win.requestAnimationFrame(() => win.setTimeout(once, 0));
  win.setTimeout(once, FIRST_PAINT_FALLBACK_MS);
}

/** How many of the route's chunks are requested per task (see loadApp; decision 050: one, as 4 made 60 ms tasks). */
export const PRELOADS_PER_TASK = 1;

/**
 * Requests the app's entry, then the route's chunks, as the page's own tags would have (module scripts, CORS).
 * The chunks go one per task: each request started from a script costs the main thread a little (more when the
 * browser records a trace, as Lighthouse does), and 17 of them at once made one long task, 4 at once 60 ms ones.
 * The entry needs its download and evaluation before it asks for them, so they still arrive first.
 */
export function loadApp(doc: Document, boot: PageBoot, win: Window = window): void {
  const script = doc.createElement('script');
  script.type = 'module';
  script.crossOrigin = 'anonymous';
  script.src = boot.entry;
  doc.head.append(script);
  const preload = (hrefs: string[]) => {
    for (const href of hrefs) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      doc.head.append(link);
    }
  };
  win.setTimeout(() => inTasks(boot.preloads, PRELOADS_PER_TASK, preload, win), 0);
}

/** The inline script's work: the page's early reads now, the app after the first paint. */
export function bootPage(script: HTMLOrSVGScriptElement | null, doc: Document = document): void {
  const boot = pageBootOf(script);
  if (!boot) throw new Error('La página no dice qué script cargar (data-entry)');
  // One look at the device's storage: whether the page's screen opens, and the token its early reads send.
  const token = boot.shell ? openingToken(boot.shell) : null;
  if (token) doc.documentElement.classList.add(SESSION_CLASS);
  if (boot.earlyReads) bootEarlyReads(boot.earlyReads, token);
  afterFirstPaint(() => loadApp(doc, boot));
}
