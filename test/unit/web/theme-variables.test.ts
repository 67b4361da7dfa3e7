/**
 * Every Amplify UI design token the SPA reads (`var(--amplify-...)` in web/src, CSS and inline
 * styles) is defined, by Amplify UI's stylesheet or by Suture's theme (web/src/theme/global.css).
 * A misspelt or renamed token makes the browser drop the whole declaration without a word: the
 * focus ring and the current-page mark once vanished that way (`--amplify-colors-brand-primary-*`
 * is Amplify UI 5's name).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const WEB_SRC = join(ROOT, 'web', 'src');
const AMPLIFY_CSS = join(ROOT, 'node_modules', '@aws-amplify', 'ui', 'dist', 'styles.css');

/** Files under `dir` (recursively) whose name ends with one of `extensions`. */
function sourceFiles(dir: string, extensions: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, extensions);
    return extensions.some((ext) => entry.name.endsWith(ext)) ? [path] : [];
  });
}

/** Custom properties declared (`--name:`) in a stylesheet's text. */
function declared(css: string): Set<string> {
  return new Set([...css.matchAll(/(--amplify-[a-z0-9-]+)\s*:/g)].map((m) => m[1]!));
}

/** Custom properties read (`var(--name`) in a source text. */
function used(text: string): string[] {
  return [...text.matchAll(/var\(\s*(--amplify-[a-z0-9-]+)/g)].map((m) => m[1]!);
}

describe('the SPA theme', () => {
  it('reads only Amplify UI tokens that Amplify UI or Suture defines', () => {
    // Prepare
    const files = sourceFiles(WEB_SRC, ['.css', '.ts', '.tsx']);
    const definitions = new Set([
      ...declared(readFileSync(AMPLIFY_CSS, 'utf8')),
      ...files.filter((f) => f.endsWith('.css')).flatMap((f) => [...declared(readFileSync(f, 'utf8'))]),
    ]);
    // Act
    const undefinedUses = files.flatMap((file) =>
      used(readFileSync(file, 'utf8'))
        .filter((name) => !definitions.has(name))
        .map((name) => `${file.slice(ROOT.length + 1)}: ${name}`),
    );
    // Assess
    expect(definitions.has('--amplify-colors-primary-60')).toBe(true);
    expect(files.flatMap((f) => used(readFileSync(f, 'utf8')))).toContain('--amplify-colors-primary-60');
    expect(undefinedUses).toEqual([]);
  });
});
