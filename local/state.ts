/**
 * `<dataDir>/local.json`: what the local runtime must remember between starts (the user pool and
 * app client ids cognito-local generated, and whether the demo data was seeded).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface LocalState {
  userPoolId?: string;
  clientId?: string;
  /** Set once seeding finished: version of the seed data and when. */
  seed?: { version: number; completedAt: string };
}

export function stateFile(dataDir: string): string {
  return join(dataDir, 'local.json');
}

/** Read local.json; an absent or unreadable file is an empty state. */
export function readState(dataDir: string): LocalState {
  const file = stateFile(dataDir);
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LocalState;
  } catch {
    return {};
  }
}

/** Merge `patch` into local.json and return the new state. */
export function updateState(dataDir: string, patch: Partial<LocalState>): LocalState {
  const next = { ...readState(dataDir), ...patch };
  const file = stateFile(dataDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
