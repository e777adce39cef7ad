import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's source, evaluated in the page (the app's CSP refuses an injected <script>, not the debugger's eval). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** axe's explanation for each node (e.g. the contrast measured and the colours), in the same order. */
  details: string[];
}

/**
 * axe-core's violations on the page as it is now (WCAG 2.x A/AA and best practices), with the selectors of the
 * offending nodes: a journey asserts the list is empty.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Once per document: a single-page app keeps it across its screens.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } })
      .axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[]; failureSummary?: string }[];
      }[];
      passes: unknown[];
    }
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    // No rule passed: axe did not look at the page (an empty document, a failed load).
    if (result.passes.length === 0) throw new Error('axe-core checked nothing');
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      details: v.nodes.map((n) => (n.failureSummary ?? '').replace(/\s+/g, ' ').trim()),
    }));
  });
}
