/** globalTeardown of the e2e project: delete the seeded template directory (global-setup.ts). */
import { rmSync } from 'node:fs';
import { SEEDED_TEMPLATE_ENV } from './seeded-template';

export default function globalTeardown(): void {
  const dir = process.env[SEEDED_TEMPLATE_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
