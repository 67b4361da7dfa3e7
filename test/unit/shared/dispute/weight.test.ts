/**
 * The SPA shows the deadlines the server computes by running the same engine: it must stay light.
 * Bundles shared/dispute (zod aside, which the SPA loads anyway) and checks what it pulls in.
 */
import { buildSync } from 'esbuild';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

describe('shared/dispute in a browser bundle', () => {
  it('pulls in only shared modules, the holiday library and its date library, under 12 KB gzipped', () => {
    // Act
    const result = buildSync({
      absWorkingDir: path.join(__dirname, '../../../..'),
      entryPoints: ['shared/dispute/index.ts'],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      external: ['zod'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    // Assess
    // Paths are relative to the working directory; node_modules may be a link to another checkout.
    const inputs = Object.keys(result.metafile.inputs).map((p) => p.replace(/^.*node_modules\//, 'node_modules/'));
    const foreign = inputs.filter((p) => !/^(shared\/|node_modules\/(@18f\/us-federal-holidays|dayjs)\/)/.test(p));
    expect(foreign).toEqual([]);
    const gzipped = gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array()).length;
    expect(gzipped).toBeLessThan(12 * 1024);
  });
});
