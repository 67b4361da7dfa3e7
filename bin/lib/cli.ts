/**
 * The exit convention of the import CLIs: 0 done, 1 for a failure the user can act on (a file in
 * the wrong layout, a store in use: its message alone), 2 for arguments that cannot be understood
 * (the message and the help text).
 */

import { accessSync, constants, statSync } from 'node:fs';

/** Thrown for an input file that is missing or cannot be read; the CLI prints its message (exit 1). */
export class InputFileError extends Error {
  override name = 'InputFileError';
}

/**
 * Check that `path` is a file this process can read, before a parser opens a stream on it (a stream
 * on a missing file fails with an unhandled 'error' event instead of a message).
 * @throws InputFileError naming the path and what is wrong.
 */
export function assertReadableFile(path: string): void {
  try {
    if (!statSync(path).isFile()) throw new InputFileError(`${path} is not a file.`);
    accessSync(path, constants.R_OK);
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const code = (error as { code?: string }).code;
    throw new InputFileError(code === 'ENOENT' ? `${path}: no such file.` : `${path} cannot be read (${code}).`);
  }
}

/** Thrown for arguments that cannot be understood; the CLI prints its message and the help text. */
export class UsageError extends Error {
  override name = 'UsageError';
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Run `main(argv)` and set `process.exitCode` from what it returns or throws.
 * @param help printed after a {@link UsageError} or an unknown option of `node:util` parseArgs.
 * @param expected errors whose message alone is printed (exit 1), besides {@link InputFileError}; any
 *   other error prints its name too.
 */
export function runCli(
  main: (argv: string[]) => Promise<number>,
  { help, expected }: { help: string; expected: readonly ErrorClass[] },
): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
        console.error(`${(error as Error).message}\n\n${help}`);
        process.exitCode = 2;
      } else if (error instanceof InputFileError || expected.some((kind) => error instanceof kind)) {
        console.error((error as Error).message);
        process.exitCode = 1;
      } else {
        console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        process.exitCode = 1;
      }
    },
  );
}
