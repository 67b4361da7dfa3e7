/**
 * The local runtime's safe writes for cognito-local's StormDB files (local/stormdb-writes.ts):
 * concurrent saves of one file never interleave, and flushStormWrites waits for them.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyStormWrites, flushStormWrites } from '../../../local/stormdb-writes';

const requireFromCognitoLocal = createRequire(require.resolve('cognito-local/package.json'));
const StormDB = requireFromCognitoLocal('stormdb') as {
  localFileEngine: new (path: string, options: { async: boolean }) => { write(data: unknown): Promise<void> };
};

describe('StormDB saves in the local runtime', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stormdb-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves the last of many concurrent saves, whole, and no temporary files', async () => {
    // Prepare
    applyStormWrites();
    const path = join(dir, 'pool.json');
    const engine = new StormDB.localFileEngine(path, { async: true });
    const big = (n: number) => ({ n, users: Array.from({ length: 2000 - n * 10 }, (_, i) => `user-${i}`) });

    // Act: 50 saves of different sizes in flight at once, without awaiting them one by one
    for (let n = 0; n < 50; n++) void engine.write(big(n));
    await flushStormWrites();

    // Assess
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(big(49));
    expect(readdirSync(dir)).toEqual(['pool.json']);
  });
});
