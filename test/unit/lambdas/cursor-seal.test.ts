import './support/env';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import * as z from 'zod';
import { beforeFirstRequest, coldStart } from '../../../lambdas/lib/cold-start';
import { CursorKeyError, deriveCursorKey, loadCursorKey, resetCursorKey } from '../../../lambdas/lib/cursor-seal';
import { resetEnvCache } from '../../../lambdas/lib/env';
import { ValidationError } from '../../../lambdas/lib/errors';
import { ok } from '../../../lambdas/lib/http';
import { logger } from '../../../lambdas/lib/logger';
import { apiHandler } from '../../../lambdas/lib/middleware';
import { CURSOR_MESSAGE, decodeCursor, encodeCursor } from '../../../lambdas/lib/paging';
import { RESOURCES, RESOURCE_ACCESS, type Resource } from '../../../lambdas/routes';
import { invoke } from './support/events';

const LAMBDAS = resolve(__dirname, '../../../lambdas');
const secrets = mockClient(SecretsManagerClient);
const SearchState = z.object({ k: z.record(z.string(), z.string()) });
/** A search page's resume key as the case search index holds it: the patient's last name in it. */
const SEARCH_STATE = {
  k: { search_last_p: 'case#ZEPHYRINE', sort_last: 'zephyrine#2026-01-01#c-123', case_id: 'c-123' },
};
const SCOPE = 'case:search:user-7:zeph:all';

/** Answer GetSecretValue with `text` from now on and read the key again (a new cold start). */
async function coldStartWith(text: string): Promise<void> {
  secrets.reset();
  secrets.on(GetSecretValueCommand, { SecretId: process.env.CURSOR_KEY_SECRET_ARN }).resolves({ SecretString: text });
  resetCursorKey();
  await loadCursorKey();
}

function cursorError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err instanceof ValidationError ? err.errors : err;
  }
  return undefined;
}

beforeEach(() => coldStartWith(randomBytes(32).toString('base64')));

describe('sealed cursors', () => {
  it('show nothing of the index key, the patient last name or the caller once base64url-decoded', () => {
    // Act
    const cursor = encodeCursor(SCOPE, SEARCH_STATE);
    const decoded = Buffer.from(cursor, 'base64url').toString('latin1').toLowerCase();
    // Assess
    for (const readable of ['zephyrine', 'search_last_p', 'sort_last', 'case_id', 'c-123', 'user-7', 'case#']) {
      expect(decoded).not.toContain(readable);
    }
    expect(decodeCursor(cursor, SCOPE, SearchState)).toEqual(SEARCH_STATE);
  });

  it('differ each time for the same page (random IV)', () => {
    // Act
    const cursors = new Set([1, 2, 3].map(() => encodeCursor(SCOPE, SEARCH_STATE)));
    // Assess
    expect(cursors.size).toBe(3);
  });

  it('answer 400 for another caller or query, a changed byte, and the old unsealed format', () => {
    // Prepare
    const cursor = encodeCursor(SCOPE, SEARCH_STATE);
    const bytes = Buffer.from(cursor, 'base64url');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    const tampered = bytes.toString('base64url');
    const unsealed = Buffer.from(JSON.stringify({ v: 1, s: SCOPE, p: SEARCH_STATE })).toString('base64url');
    // Act
    const errors = [
      cursorError(() => decodeCursor(cursor, 'case:search:user-8:zeph:all', SearchState)),
      cursorError(() => decodeCursor(cursor, 'case:search:user-7:zeph:50', SearchState)),
      cursorError(() => decodeCursor(tampered, SCOPE, SearchState)),
      cursorError(() => decodeCursor(unsealed, SCOPE, SearchState)),
    ];
    // Assess
    expect(errors).toEqual(Array(4).fill([{ field: 'cursor', message: CURSOR_MESSAGE }]));
  });

  it("answer 400 in another stage (another stage's secret)", async () => {
    // Prepare
    const cursor = encodeCursor(SCOPE, SEARCH_STATE);
    await coldStartWith(randomBytes(32).toString('base64'));
    // Act
    const error = cursorError(() => decodeCursor(cursor, SCOPE, SearchState));
    // Assess
    expect(error).toEqual([{ field: 'cursor', message: CURSOR_MESSAGE }]);
  });

  it('open again after a cold start on the same secret', async () => {
    // Prepare
    const text = randomBytes(32).toString('base64');
    await coldStartWith(text);
    const cursor = encodeCursor(SCOPE, SEARCH_STATE);
    // Act
    await coldStartWith(text);
    // Assess
    expect(decodeCursor(cursor, SCOPE, SearchState)).toEqual(SEARCH_STATE);
  });
});

describe('the cursor key', () => {
  it('is read once per cold start, before the first request, through GetSecretValue', async () => {
    // Prepare
    resetCursorKey();
    secrets.resetHistory();
    const handler = apiHandler(
      'check_npi',
      { 'GET /check_npi': async () => ok({ next_cursor: encodeCursor('scope', { n: 1 }) }) },
      { writeAudit: async () => {} },
    );
    // Act
    const answers = [
      await invoke(handler, { method: 'GET', path: '/check_npi', sub: 'u1' }),
      await invoke(handler, { method: 'GET', path: '/check_npi', sub: 'u1' }),
    ];
    // Assess
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('missing makes sealing a 500, never a 400 the caller would take for a bad cursor', async () => {
    // Prepare
    resetCursorKey();
    jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = apiHandler(
      'check_npi',
      { 'GET /check_npi': async () => ok({ next_cursor: encodeCursor('scope', { n: 1 }) }) },
      { writeAudit: async () => {} },
    );
    secrets.reset();
    secrets.on(GetSecretValueCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/check_npi', sub: 'u1' });
    const direct = cursorError(() => decodeCursor('AQID', 'scope', SearchState));
    // Assess
    expect(answer.status).toBe(500);
    expect(direct).toBeInstanceOf(CursorKeyError);
    jest.restoreAllMocks();
  });

  it('is not read by a function without CURSOR_KEY_SECRET_ARN, which starts and answers', async () => {
    // Prepare: a function that bundles the paging module but never pages (the document Lambda)
    const saved = process.env.CURSOR_KEY_SECRET_ARN;
    delete process.env.CURSOR_KEY_SECRET_ARN;
    resetEnvCache();
    resetCursorKey();
    secrets.resetHistory();
    // Registering a task starts the cold start over, with every task registered so far.
    beforeFirstRequest(async () => undefined);
    try {
      // Act
      const started = coldStart();
      // Assess
      await expect(started).resolves.toBeUndefined();
      expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
      expect(() => encodeCursor('scope', { n: 1 })).toThrow(/CURSOR_KEY_SECRET_ARN is not set/);
    } finally {
      process.env.CURSOR_KEY_SECRET_ARN = saved;
      resetEnvCache();
    }
  });

  it('needs CURSOR_KEY_SECRET_ARN and a secret of at least 32 characters', async () => {
    // Prepare
    const saved = process.env.CURSOR_KEY_SECRET_ARN;
    delete process.env.CURSOR_KEY_SECRET_ARN;
    resetEnvCache();
    resetCursorKey();
    try {
      // Act
      const withoutArn = loadCursorKey();
      // Assess
      await expect(withoutArn).rejects.toBeInstanceOf(CursorKeyError);
      expect(() => deriveCursorKey('short')).toThrow(CursorKeyError);
      expect(deriveCursorKey('x'.repeat(32))).toHaveLength(32);
    } finally {
      process.env.CURSOR_KEY_SECRET_ARN = saved;
      resetEnvCache();
    }
  });
});

describe('the functions given the cursor key', () => {
  /** Value imports (type-only ones are not bundled) of a file: clause and resolved relative module. */
  function valueImports(file: string): { clause: string; module: string }[] {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/^(?:import|export)(?!\s+type\b)([^;]*?)from\s+'(\.{1,2}\/[^']+)'/gms)].map((m) => {
      const base = resolve(dirname(file), m[2]!);
      const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
      if (!found) throw new Error(`${file}: cannot resolve ${m[2]}`);
      return { clause: m[1]!, module: found };
    });
  }

  /** Whether the handler of `resource` reaches a module that seals or opens cursors. */
  function sealsCursors(resource: Resource): boolean {
    const paging = resolve(LAMBDAS, 'lib', 'paging.ts');
    const seen = new Set<string>();
    const todo = [resolve(LAMBDAS, resource, 'handler.ts')];
    while (todo.length) {
      const file = todo.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const { clause, module } of valueImports(file)) {
        if (module === paging && /\b(encodeCursor|decodeCursor)\b/.test(clause)) return true;
        todo.push(module);
      }
    }
    return false;
  }

  it.each([...RESOURCES])('flag %s with cursorKey exactly when its code seals or opens cursors', (resource) => {
    // Act
    const seals = sealsCursors(resource);
    // Assess
    expect(RESOURCE_ACCESS[resource].cursorKey === true).toBe(seals);
  });
});
