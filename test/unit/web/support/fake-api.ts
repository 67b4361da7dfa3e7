/**
 * A stand-in for web/src/lib/api.ts in unit tests: the same ApiError, and `apiFetch` as a jest mock,
 * so that no Amplify session or network is involved. Use it as
 * `jest.mock('../../../web/src/lib/api', () => jest.requireActual('./support/fake-api'))` and
 * import `apiFetch` from here to program the answers.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, 0 for network failures. */
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const apiFetch = jest.fn();
