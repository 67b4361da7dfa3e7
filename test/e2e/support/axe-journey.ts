/**
 * axe-core in the end-to-end tests (issue 6, section 7: "No axe-core violations of impact serious or
 * critical on these screens"). The project's axe-core (node_modules/axe-core/axe.min.js) is evaluated
 * in the page through the DevTools protocol (not a script tag, so the page's CSP does not matter),
 * then `axe.run(document)` checks the whole document with the default rules (WCAG 2.x A/AA and best
 * practices).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** One violated rule with the nodes that break it (selectors), as axe reports them. */
export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  targets: string[];
}

/** Every axe violation on the page now (all impacts). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(`${AXE_SOURCE}\n;void 0`);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: {
        id: string;
        impact: AxeViolation['impact'];
        help: string;
        nodes: { target: unknown[] }[];
      }[];
    }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
}

/** The violations of impact serious or critical among `violations`. */
export function seriousOrCritical(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Fail (a jest `expect`) when the page has axe violations of impact serious or critical; resolves
 * with all violations found (any impact) so that callers can report the counts.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const all = await axeViolations(page);
  expect(seriousOrCritical(all)).toEqual([]);
  return all;
}
