/**
 * Whether the built SPA (`web/dist`) was built from the sources as they are now, so that `npm start`
 * builds only after a change (docs/decisions/0008-local-runtime-without-docker.md).
 *
 * The sources are every file under `web/` except `web/dist`, every file under `shared/`, and the
 * files that change what a build makes (package-lock.json, tsconfig.json). Their fingerprint is a
 * SHA-256 of each file's path and bytes, in path order: content, not modification times, so that a
 * `git checkout` back and forth or a fresh clone does not force a build, and any edit does.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { WEB_BUILD_STAMP } from '../../infra/paths';

/** Folders and single files of the project that a build of the SPA reads. */
const SOURCE_DIRS = ['web', 'shared'];
const SOURCE_FILES = ['package-lock.json', 'tsconfig.json'];
/** Paths (relative to the root, `/`-separated) never counted: the build itself and its stamp. */
const IGNORED = [/^web\/dist(\/|$)/, /(^|\/)node_modules(\/|$)/, /(^|\/)\.DS_Store$/];

/** The project's SPA source files, relative to `root` with `/` separators, sorted. */
export function webSourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) {
    const abs = join(root, dir);
    if (!existsSync(abs)) continue;
    for (const entry of readdirSync(abs, { recursive: true, encoding: 'utf8' })) {
      const rel = `${dir}/${entry.split(sep).join('/')}`;
      if (IGNORED.some((re) => re.test(rel))) continue;
      if (statSync(join(root, rel)).isFile()) files.push(rel);
    }
  }
  for (const file of SOURCE_FILES) if (existsSync(join(root, file))) files.push(file);
  return files.sort();
}

/** Hex SHA-256 over the path and content of every source file of {@link webSourceFiles}. */
export function webSourceHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of webSourceFiles(root)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * True when `distDir` holds a build (its index.html) whose stamp equals `hash`.
 * @param hash the current {@link webSourceHash}
 */
export function webBuildIsCurrent(distDir: string, hash: string): boolean {
  const stamp = join(distDir, WEB_BUILD_STAMP);
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === hash;
}

/** Record that `distDir` was built from sources whose fingerprint is `hash`. */
export function writeWebBuildStamp(distDir: string, hash: string): void {
  writeFileSync(join(distDir, WEB_BUILD_STAMP), `${hash}\n`);
}
