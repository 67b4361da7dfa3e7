/**
 * The access-token check of the local GlobalSignOut (local/cognito.ts `verifiedLocalClaims`;
 * docs/security.md): only a token signed with cognito-local's key and not expired names the user
 * whose refresh tokens are revoked.
 */
import { createSign } from 'node:crypto';
import privateKey from 'cognito-local/lib/keys/cognitoLocal.private.json';
import { verifiedLocalClaims } from '../../../local/cognito';

/** A JWT signed RS256 with cognito-local's published private key. */
function sign(payload: Record<string, unknown>): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', kid: 'CognitoLocal' })}.${part(payload)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey.pem).toString('base64url');
  return `${unsigned}.${signature}`;
}

const NOW = 1_800_000_000;

describe('the local check of an access token for GlobalSignOut', () => {
  it('answers the claims of a token signed by cognito-local that has not expired', () => {
    // Prepare
    const token = sign({ sub: 'u1', token_use: 'access', client_id: 'c1', exp: NOW + 60 });

    // Act
    const claims = verifiedLocalClaims(token, NOW);

    // Assess
    expect(claims).toMatchObject({ sub: 'u1', client_id: 'c1' });
  });

  it('refuses an expired token, an altered one and anything that is not a JWT', () => {
    // Prepare
    const expired = sign({ sub: 'u1', token_use: 'access', client_id: 'c1', exp: NOW });
    const valid = sign({ sub: 'u1', token_use: 'access', client_id: 'c1', exp: NOW + 60 });
    const [header, , signature] = valid.split('.');
    const otherUser = Buffer.from(JSON.stringify({ sub: 'u2', token_use: 'access', client_id: 'c1', exp: NOW + 60 }));
    const altered = `${header}.${otherUser.toString('base64url')}.${signature}`;

    // Act & Assess
    expect(verifiedLocalClaims(expired, NOW)).toBeUndefined();
    expect(verifiedLocalClaims(altered, NOW)).toBeUndefined();
    expect(verifiedLocalClaims('not-a-token', NOW)).toBeUndefined();
    expect(verifiedLocalClaims(undefined, NOW)).toBeUndefined();
  });
});
