/**
 * What moves on a page while it loads (cumulative layout shift, the Lighthouse metric), and which elements moved.
 *
 *   npx tsx e2e/tools/layout-shifts.ts [page key…]
 *
 * Starts the app with bench:lighthouse's users and records, for each page of e2e/bench/lighthouse-pages.ts (all, or
 * the keys given), the `layout-shift` entries of its load in Debian's Chromium at 412 px with Chromium's 4× CPU
 * slowdown, until the network is idle: their sum, and each shift's time and moved elements (tag.class). With
 * LAYOUT_SHIFTS_RECTS=1 each element's rectangle before and after. A diagnostic, not a benchmark: it writes nothing
 * to bench-results (Lighthouse's own CLS is in bench-results/lighthouse.json).
 */
import { benchUsers } from '../bench/bench-users.ts';
import { pagePath, PAGES } from '../bench/lighthouse-pages.ts';
import { startApp } from '../support/app-server.ts';
import { launchBrowser, TSX_NAME_SHIM } from '../support/browser.ts';

interface Shift {
  value: number;
  time: number;
  moved: string[];
}

const wanted = process.argv.slice(2);
const rects = process.env.LAYOUT_SHIFTS_RECTS === '1';
/** LAYOUT_SHIFTS_SHOTS=<folder>: a screenshot of each page once settled, at the phone's width and at 1280 px. */
const shots = process.env.LAYOUT_SHIFTS_SHOTS;
const server = await startApp();
const browser = await launchBrowser();
try {
  const { users, paths } = await benchUsers(server);
  for (const page of PAGES.filter((p) => wanted.length === 0 || wanted.includes(p.key))) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
    });
    const tab = await context.newPage();
    await tab.addInitScript(TSX_NAME_SHIM);
    await tab.addInitScript(
      ({ storage, withRects }) => {
        for (const [k, v] of Object.entries(storage.local)) localStorage.setItem(k, v);
        for (const [k, v] of Object.entries(storage.session ?? {})) sessionStorage.setItem(k, v);
        const shifts: Shift[] = [];
        (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
        type Entry = PerformanceEntry & {
          value: number;
          sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        const record = (entries: Entry[]) => {
          for (const entry of entries) {
            shifts.push({
              value: entry.value,
              time: Math.round(entry.startTime),
              moved: (entry.sources ?? []).map((s) => {
                const el = s.node instanceof Element ? s.node : null;
                const name = el ? `${el.tagName.toLowerCase()}.${el.classList[0] ?? ''}` : '#text';
                const r = (d: DOMRectReadOnly) => `${Math.round(d.y)}+${Math.round(d.height)}`;
                return withRects ? `${name} y ${r(s.previousRect)} → ${r(s.currentRect)}` : name;
              }),
            });
          }
        };
        const observer = new PerformanceObserver((list) => record(list.getEntries() as Entry[]));
        observer.observe({ type: 'layout-shift', buffered: true });
        // Entries not yet delivered to the callback (it runs later): taken when the tool reads the shifts.
        (window as unknown as { __takeShifts: () => void }).__takeShifts = () =>
          record(observer.takeRecords() as Entry[]);
      },
      { storage: page.as === 'nobody' ? { local: {} } : users[page.as], withRects: rects },
    );
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await tab.goto(`${server.url}${pagePath(page, paths)}`);
    await tab.waitForLoadState('networkidle');
    const shifts = await tab.evaluate(() => {
      const w = window as unknown as { __shifts: Shift[]; __takeShifts: () => void };
      w.__takeShifts();
      return w.__shifts;
    });
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    console.log(`${page.key.padEnd(20)} CLS ${total.toFixed(3)}`);
    for (const s of shifts.filter((x) => x.value >= 0.005)) {
      console.log(`    ${s.value.toFixed(3)} at ${s.time} ms: ${s.moved.join(', ')}`);
    }
    if (shots) {
      await tab.screenshot({ path: `${shots}/${page.key}-phone.png` });
      await tab.setViewportSize({ width: 1280, height: 800 });
      await tab.screenshot({ path: `${shots}/${page.key}-desktop.png` });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
