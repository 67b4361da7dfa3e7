/**
 * The README's folder map names every top-level folder and every folder directly under `lambdas/`,
 * `web/src/` and `local/` that git tracks, so the map a newcomer reads cannot fall behind the tree.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
/** Folders of the map: a top-level folder, or a direct child of one of these. */
const MAPPED_PARENTS = ['lambdas', 'web/src', 'local'];

/** Every folder git tracks a file in, from `git ls-files` (untracked scratch folders do not count). */
function trackedFolders(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    if (parts.length > 1 && !parts[0]!.startsWith('.')) folders.add(parts[0]!);
    for (const parent of MAPPED_PARENTS) {
      if (!file.startsWith(`${parent}/`)) continue;
      const rest = file.slice(parent.length + 1).split('/');
      if (rest.length > 1) folders.add(`${parent}/${rest[0]}`);
    }
  }
  return [...folders].sort();
}

/** The folders named in the first column of the README's "Folder map" table, as `name/`. */
function mappedFolders(readme: string): Set<string> {
  const section = readme.split(/^## Folder map$/m)[1]?.split(/^## /m)[0] ?? '';
  const names = [...section.matchAll(/^\| `([^`]+)\/`/gm)].map((m) => m[1]!);
  return new Set(names);
}

describe('README folder map', () => {
  it('names every top-level folder and every folder under lambdas/, web/src/ and local/', () => {
    // Prepare
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

    // Act
    const mapped = mappedFolders(readme);
    const missing = trackedFolders().filter((folder) => !mapped.has(folder));

    // Assess
    expect(missing).toEqual([]);
  });

  it('names no folder that does not exist', () => {
    // Prepare
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const tracked = new Set(trackedFolders());

    // Act
    const stale = [...mappedFolders(readme)].filter((folder) => !tracked.has(folder));

    // Assess
    expect(stale).toEqual([]);
  });
});
