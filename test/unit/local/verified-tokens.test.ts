import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { VerifiedTokenCache } from '../../../local/gateway';

const claims = (exp: number | undefined, sub = 'u1'): JwtPayload => ({ sub, exp, token_use: 'access' }) as JwtPayload;

describe("the local gateway's cache of verified tokens", () => {
  it('answers the claims of a verified token until its exp, then forgets it', () => {
    // Prepare
    const cache = new VerifiedTokenCache();
    cache.set('token-a', claims(1_000));

    // Act
    const before = cache.get('token-a', 999_999);
    const atExp = cache.get('token-a', 1_000_000);
    const after = cache.get('token-a', 999_999);

    // Assess
    expect(before?.sub).toBe('u1');
    expect(atExp).toBeUndefined();
    expect(after).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('knows only the exact token it verified, and never one without exp', () => {
    // Prepare
    const cache = new VerifiedTokenCache();
    cache.set('token-a', claims(1_000));
    cache.set('token-b', claims(undefined));

    // Act & Assess
    expect(cache.get('token-a ', 0)).toBeUndefined();
    expect(cache.get('token-A', 0)).toBeUndefined();
    expect(cache.get('token-b', 0)).toBeUndefined();
    expect(cache.get('token-a', 0)?.sub).toBe('u1');
  });

  it('keeps at most maxEntries tokens, dropping the oldest verified first', () => {
    // Prepare
    const cache = new VerifiedTokenCache(2);

    // Act
    cache.set('t1', claims(1_000, 'a'));
    cache.set('t2', claims(1_000, 'b'));
    cache.set('t3', claims(1_000, 'c'));

    // Assess
    expect(cache.size).toBe(2);
    expect(cache.get('t1', 0)).toBeUndefined();
    expect(cache.get('t2', 0)?.sub).toBe('b');
    expect(cache.get('t3', 0)?.sub).toBe('c');
  });
});
