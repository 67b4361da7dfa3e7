/**
 * axe-core accessibility checks for the end-to-end tests ("no axe-core
 * violations of impact serious or critical").
 *
 * `node_modules/axe-core/axe.min.js` is evaluated in the page (once per document, through the DevTools
 * protocol, which the page's Content-Security-Policy does not restrict) and run on the
 * whole document with its default rules (WCAG 2.x A/AA and best practices), less those whose
 * fixed impact is below serious (they could never fail). Only violations of
 * impact serious or critical are returned; each is formatted with its rule id, help text, help URL
 * and the failing nodes (CSS selector and axe's failure summary), so an assertion message says
 * what to fix.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** Impacts that fail a test. */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

/** One axe-core violation, as the helpers return it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary: string }[];
}

let axeSource: string | undefined;
function axeScript(): string {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * Run axe-core on the page's current document. Resolves with the violations of impact serious or
 * critical (empty when there are none).
 * @param options.exclude CSS selectors axe should skip (e.g. a third-party widget); default none.
 */
export async function seriousAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the DevTools protocol, not as an inline <script>: the SPA's Content-Security-Policy
  // (script-src 'self') refuses inline scripts, and the test must not weaken it.
  if (!loaded) await page.evaluate(`${axeScript()}\n;undefined`);
  // Colour contrast measured mid-transition (a button fading from disabled to enabled: Amplify's
  // 250 ms `transition: all`) reports colours no one sees: let finite animations end first (at most 2 s).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 2000, polling: 50 },
    )
    .catch(() => undefined);
  const violations = await page.evaluate(
    async ({ exclude, blocking }: { exclude: string[]; blocking: string[] }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (ctx: unknown, opts: unknown) => Promise<unknown>;
            _audit?: { rules?: { id: string; impact?: string }[] };
          };
        }
      ).axe;
      const context = exclude.length ? { include: [['html']], exclude: exclude.map((s) => [s]) } : document;
      // A rule with an impact of its own reports every violation at that impact (axe's finalizeRuleResult):
      // one below serious can never fail the check, so it is not run (about a third of axe's time on
      // a large page). Without that metadata every default rule runs, as before.
      const neverBlocking = (axe._audit?.rules ?? []).filter((r) => r.impact && !blocking.includes(r.impact));
      const rules = Object.fromEntries(neverBlocking.map((r) => [r.id, { enabled: false }]));
      const result = (await axe.run(context, { resultTypes: ['violations'], rules })) as {
        violations: {
          id: string;
          impact: string | null;
          help: string;
          helpUrl: string;
          nodes: { target: unknown[]; failureSummary?: string }[];
        }[];
      };
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary ?? '' })),
      }));
    },
    { exclude: options.exclude ?? [], blocking: [...BLOCKING_IMPACTS] as string[] },
  );
  return violations.filter((v) => (BLOCKING_IMPACTS as readonly (string | null)[]).includes(v.impact));
}

/** A readable report of violations (one block per rule, one line per failing node). */
export function formatAxeViolations(violations: readonly AxeViolation[], label = ''): string {
  if (violations.length === 0) return `No serious or critical axe-core violations${label ? ` on ${label}` : ''}.`;
  const lines = [`${violations.length} serious/critical axe-core violation(s)${label ? ` on ${label}` : ''}:`];
  for (const v of violations) {
    lines.push(`- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`);
    for (const n of v.nodes) {
      lines.push(`    at ${n.target.join(' ')}`);
      for (const summary of n.failureSummary.split('\n').filter(Boolean)) lines.push(`      ${summary.trim()}`);
    }
  }
  return lines.join('\n');
}

/**
 * Fail (throw an Error whose message is {@link formatAxeViolations}) when the page has axe-core
 * violations of impact serious or critical. The label defaults to the page's path.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  options: { label?: string; exclude?: string[] } = {},
): Promise<void> {
  const violations = await seriousAxeViolations(page, { exclude: options.exclude });
  if (violations.length > 0) {
    throw new Error(formatAxeViolations(violations, options.label ?? new URL(page.url()).pathname));
  }
}
