/**
 * The seeded template data directory of an e2e run (test/e2e/support/global-setup.ts): each suite
 * starts its runtime on a copy of it. Unset (a run without the e2e project's globalSetup), a suite
 * seeds its own data directory as before. Integration suites that seed use it too when the run
 * has one (test/support/seeded-data.ts).
 */
import { cpSync, existsSync } from 'node:fs';

/** Environment variable naming the template directory (set by globalSetup, inherited by the workers). */
export const SEEDED_TEMPLATE_ENV = 'SUTURE_E2E_SEEDED';

/** The run's seeded template directory, or undefined when the run has none. */
export function seededTemplateDir(): string | undefined {
  const template = process.env[SEEDED_TEMPLATE_ENV];
  return template && existsSync(template) ? template : undefined;
}

/** Copy the template into `dataDir` when there is one; true when it did (the copy is already seeded). */
export function copySeededTemplate(dataDir: string): boolean {
  const template = seededTemplateDir();
  if (!template) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}
