/** globalTeardown of the e2e project: close the shared Chromium and delete the seeded template (global-setup.ts). */
import { rmSync } from 'node:fs';
import { BROWSER_WS_ENV } from './browser';
import { sharedBrowser } from './global-setup';
import { SEEDED_TEMPLATE_ENV } from './seeded-template';

export default async function globalTeardown(): Promise<void> {
  await sharedBrowser.server?.close().catch(() => undefined);
  sharedBrowser.server = undefined;
  delete process.env[BROWSER_WS_ENV];
  const dir = process.env[SEEDED_TEMPLATE_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
