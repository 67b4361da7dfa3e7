/**
 * bin/lib/cli.ts: the import CLIs' exit codes and the readable-file check.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputFileError, UsageError, assertReadableFile, runCli } from '../../../bin/lib/cli';

class LayoutError extends Error {}

/** Run `runCli` with a main that settles as given; answer the exit code and what was printed. */
async function exitOf(settle: () => Promise<number>): Promise<{ code: number | undefined; printed: string }> {
  const printed: string[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
  const before = process.exitCode;
  try {
    runCli(settle, { help: 'HELP TEXT', expected: [LayoutError] });
    await new Promise((resolve) => setImmediate(resolve));
    return { code: process.exitCode as number | undefined, printed: printed.join('\n') };
  } finally {
    process.exitCode = before;
    spy.mockRestore();
  }
}

describe('runCli', () => {
  it('exits with what main answers', async () => {
    expect((await exitOf(async () => 0)).code).toBe(0);
  });

  it('exits 2 with the help text after a usage error', async () => {
    const { code, printed } = await exitOf(async () => {
      throw new UsageError('Give exactly one FILE.');
    });
    expect(code).toBe(2);
    expect(printed).toBe('Give exactly one FILE.\n\nHELP TEXT');
  });

  it('exits 1 with the message alone for an expected error or an unreadable file', async () => {
    const layout = await exitOf(async () => {
      throw new LayoutError('Not a PFS file');
    });
    const file = await exitOf(async () => {
      throw new InputFileError('x.csv: no such file.');
    });
    expect([layout.code, layout.printed]).toEqual([1, 'Not a PFS file']);
    expect([file.code, file.printed]).toEqual([1, 'x.csv: no such file.']);
  });

  it('exits 1 naming the error for anything else', async () => {
    const { code, printed } = await exitOf(async () => {
      throw new TypeError('boom');
    });
    expect([code, printed]).toEqual([1, 'TypeError: boom']);
  });
});

describe('assertReadableFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suture-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts a readable file', () => {
    const file = join(dir, 'codes.csv');
    writeFileSync(file, 'HCPCS\n');
    expect(() => assertReadableFile(file)).not.toThrow();
  });

  it('names a missing file and a folder', () => {
    expect(() => assertReadableFile(join(dir, 'missing.csv'))).toThrow(`${join(dir, 'missing.csv')}: no such file.`);
    expect(() => assertReadableFile(dir)).toThrow(`${dir} is not a file.`);
  });
});
