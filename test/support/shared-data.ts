/**
 * The reference data handed to the project (`../shared/data`, beside the repository; never copied
 * into it). `SUTURE_SHARED_DIR` points elsewhere when the checkout has no `../shared` beside it.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SHARED_DIR = process.env.SUTURE_SHARED_DIR ?? resolve(__dirname, '..', '..', '..', 'shared');

/**
 * Absolute path of a file under `<shared>/data`, e.g. `sharedDataFile('cms/PPRRVU2025_Oct.csv')`.
 * @throws Error naming the expected place when the file is not there.
 */
export function sharedDataFile(relativePath: string): string {
  const path = join(SHARED_DIR, 'data', relativePath);
  if (!existsSync(path)) {
    throw new Error(
      `Reference data ${path} is missing: the tests expect ../shared beside the repository (or set SUTURE_SHARED_DIR).`,
    );
  }
  return path;
}
