/**
 * `npm start` builds the SPA only when a source changed (bin/lib/web-build.ts): the fingerprint
 * follows file content under web/ and shared/, not web/dist, and the stamp must match it.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webBuildIsCurrent, webSourceFiles, webSourceHash, writeWebBuildStamp } from '../../../bin/lib/web-build';

let root: string;
const dist = () => join(root, 'web', 'dist');

function write(rel: string, text: string): void {
  const path = join(root, rel);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

beforeEach(() => {
  // Prepare: a project with SPA sources, shared code, a lock file and a build.
  root = mkdtempSync(join(tmpdir(), 'web-build-'));
  write('web/index.html', '<div id="root"></div>');
  write('web/src/main.tsx', 'export {}');
  write('shared/statuses.ts', 'export const A = 1;');
  write('package-lock.json', '{}');
  write('lambdas/case/handler.ts', 'export {}');
  write('web/dist/index.html', '<built>');
  write('web/node_modules/x/index.js', '');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the SPA build fingerprint', () => {
  it('counts web/ and shared/ and the lock, not the build, node_modules or the Lambdas', () => {
    // Act
    const files = webSourceFiles(root);
    // Assess
    expect(files).toEqual(['package-lock.json', 'shared/statuses.ts', 'web/index.html', 'web/src/main.tsx']);
  });

  it('calls a stamped build current until a source changes, whatever the files’ times', () => {
    // Prepare
    const hash = webSourceHash(root);
    writeWebBuildStamp(dist(), hash);
    // Act: touched without a change, then a change to shared code, then a new build file.
    utimesSync(join(root, 'web/src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    const afterTouch = webSourceHash(root);
    write('web/dist/assets/x.js', 'built');
    const afterBuildOutput = webSourceHash(root);
    write('shared/statuses.ts', 'export const A = 2;');
    const afterEdit = webSourceHash(root);
    // Assess
    expect(webBuildIsCurrent(dist(), hash)).toBe(true);
    expect(afterTouch).toBe(hash);
    expect(afterBuildOutput).toBe(hash);
    expect(afterEdit).not.toBe(hash);
    expect(webBuildIsCurrent(dist(), afterEdit)).toBe(false);
  });

  it('calls a build without a stamp or without index.html not current', () => {
    // Prepare
    const hash = webSourceHash(root);
    // Act / Assess: no stamp yet.
    expect(webBuildIsCurrent(dist(), hash)).toBe(false);
    writeWebBuildStamp(dist(), hash);
    rmSync(join(dist(), 'index.html'));
    expect(webBuildIsCurrent(dist(), hash)).toBe(false);
  });

  it('tells a renamed file from an unchanged tree', () => {
    // Prepare
    const hash = webSourceHash(root);
    // Act
    rmSync(join(root, 'web/src/main.tsx'));
    write('web/src/index.tsx', 'export {}');
    // Assess
    expect(webSourceHash(root)).not.toBe(hash);
  });
});
