/**
 * Chromium for end-to-end tests, driven by playwright-core (never downloads a browser).
 *
 * - `CHROMIUM_PATH`, else Debian's `chromium-headless-shell` (`apt-get install -y chromium-headless-shell`),
 *   else `/usr/bin/chromium`. The headless shell is what Playwright itself runs headless: the same
 *   Blink and V8 without the full browser, about 40 % less CPU for the suite
 *   (docs/decisions/0020-ci-time.md).
 * - Without a Chromium, `describeBrowser` skips its tests with a message, unless `CI` is set: under CI
 *   the browser tests are mandatory and a missing Chromium fails.
 */
import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserServer,
  type Download,
  type Page,
} from 'playwright-core';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);
const IN_CI = !!process.env.CI && process.env.CI !== 'false';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // V8's baseline tiers only: a test's page lives seconds, too short for Maglev and TurboFan to repay
  // their compiling (about 15 % less CPU per page load, 30 % per axe-core run).
  '--js-flags=--max-opt=1',
];

/** `describe` when Chromium is there (or under CI), otherwise `describe.skip` with a notice. */
export function describeBrowser(name: string, fn: () => void): void {
  if (HAS_CHROMIUM || IN_CI) {
    describe(name, fn);
    return;
  }
  console.warn(
    `Skipping browser tests "${name}": no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium-headless-shell).`,
  );
  describe.skip(name, fn);
}

export async function launchBrowser(): Promise<Browser> {
  if (!HAS_CHROMIUM) throw new Error(`Chromium is required for the browser tests (CI): none at ${CHROMIUM_PATH}`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

/** Environment variable holding the WebSocket endpoint of the run's shared Chromium (global-setup.ts). */
export const BROWSER_WS_ENV = 'SUTURE_E2E_BROWSER_WS';

/** A Chromium that the suites of a run connect to (one launch per run instead of one per suite). */
export function launchBrowserServer(): Promise<BrowserServer> {
  if (!HAS_CHROMIUM) throw new Error(`Chromium is required for the browser tests (CI): none at ${CHROMIUM_PATH}`);
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

/**
 * The run's shared Chromium when global-setup.ts started one (closing it only disconnects and closes
 * this suite's contexts), else a Chromium of the suite's own.
 */
export async function openBrowser(): Promise<Browser> {
  const endpoint = process.env[BROWSER_WS_ENV];
  if (endpoint) {
    const shared = await chromium.connect(endpoint, { timeout: 30_000 }).catch(() => undefined);
    if (shared) return shared;
  }
  return launchBrowser();
}

/** The bytes of a finished download (read through Playwright, which works on a shared Chromium too). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A fresh context (no shared storage) and page with a phone- or desktop-sized viewport. */
export async function newPage(
  browser: Browser,
  opts: { mobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}
