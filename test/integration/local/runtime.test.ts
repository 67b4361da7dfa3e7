/**
 * The local runtime itself: one origin serving the config, the gateway with
 * the JWT authorizer's checks, the Cognito shims, the NPPES emulator, and persistence across a
 * restart.
 */
import { createSign } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import cognitoLocalKey from 'cognito-local/lib/keys/cognitoLocal.private.json';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { RuntimeConfigSchema } from '../../../shared/config';
import { isValidNpi } from '../../../shared/npi';
import { createGateway, type LocalApiEvent } from '../../../local/gateway';
import type { NppesErrorResponse, NppesSearchResponse } from '../../../local/nppes';
import { getRegistry } from '../../../local/nppes-registry';
import { useLocalStack } from '../../support/local';

// Its own runtime: the runtime itself is under test (restart, logs, verification codes).
const local = useLocalStack({ isolated: true });

/** POST one Cognito JSON 1.1 call through the runtime's /cognito proxy. */
async function cognitoCall(target: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${local.url}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function decodePayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('the runtime configuration', () => {
  it('serves /config.json with the API URL, the pool ids and the local Cognito endpoint', async () => {
    // Act
    const res = await fetch(`${local.url}/config.json`);
    const config = RuntimeConfigSchema.parse(await res.json());

    // Assess
    expect(res.status).toBe(200);
    expect(config).toEqual({
      region: 'us-east-1',
      apiUrl: `${local.url}/api`,
      userPoolId: local.stack.userPoolId,
      userPoolClientId: local.stack.clientId,
      userPoolEndpoint: `${local.url}/cognito`,
      stage: 'local',
      // The local default support address (Report Bug's mailto link).
      supportEmail: 'support@suture.example',
      // The debug pages are on locally.
      debugPages: true,
    });
  });

  it('serves a page telling to build the web app when web/dist is missing', async () => {
    // Act
    const res = await fetch(`${local.url}/dashboard`);

    // Assess
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('npm run build:web');
  });
});

describe('the web app', () => {
  beforeAll(() => {
    const dist = join(local.dataDir, 'web-dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Suture SPA</title>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
  });

  afterAll(() => rmSync(join(local.dataDir, 'web-dist'), { recursive: true, force: true }));

  it('serves built files with their content type and unknown paths with index.html', async () => {
    // Act
    const asset = await fetch(`${local.url}/assets/app-1234.js`);
    const deepLink = await fetch(`${local.url}/case/abc_123/edit`);
    const escape = await fetch(`${local.url}/..%2f..%2fetc%2fpasswd`);

    // Assess
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log("app")');
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('content-type')).toContain('text/html');
    expect(await deepLink.text()).toContain('Suture SPA');
    expect(await escape.text()).toContain('Suture SPA');
  });
});

describe('the gateway', () => {
  it('refuses an auth route without a token with 401 Unauthorized, like the JWT authorizer', async () => {
    // Act
    const res = await local.api('GET', '/case', { query: { case_id: 'x_1' } });

    // Assess
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('refuses a token whose payload was altered after signing', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    const [header, payload, signature] = user.accessToken.split('.');
    const claims = decodePayload(user.accessToken);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');

    // Act
    const res = await local.api('GET', '/case', { token: `${header}.${forged}.${signature}` });
    const garbage = await local.api('GET', '/case', { token: 'not-a-jwt' });
    const original = await local.api('GET', '/case', { token: `${header}.${payload}.${signature}` });

    // Assess
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
    expect(garbage.status).toBe(401);
    expect(original.status).not.toBe(401);
  });

  it('lets both the access token and the id token of a signed-in user through to the handler', async () => {
    // Prepare: a new account has no profile yet, which the /user handler answers with 404
    const user = await local.createSignedInUser();

    // Act
    const withAccess = await local.api('GET', '/user', { token: user.accessToken });
    const withId = await local.api('GET', '/user', { token: user.idToken });

    // Assess
    expect(withAccess.status).toBe(404);
    expect(withAccess.body).toMatchObject({ success: false, message: 'User not found' });
    expect(withId.status).toBe(404);
  });

  it('answers /case/health without a token', async () => {
    // Act
    const res = await local.api('GET', '/case/health');

    // Assess
    expect(res.status).toBe(200);
  });

  it('lets /check_npi reach the NPPES emulator through NPPES_API_URL', async () => {
    // Prepare
    const surgeon = getRegistry().surgeons[3]!;
    const user = await local.createSignedInUser();

    // Act
    const res = await local.api<{ valid: boolean; first_name: string; last_name: string }>('GET', '/check_npi', {
      token: user.accessToken,
      query: { npi: surgeon.number },
    });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(true);
    expect(res.body.first_name.toUpperCase()).toBe(surgeon.basic.first_name);
    expect(res.body.last_name.toUpperCase()).toBe(surgeon.basic.last_name);
  });

  it('answers unknown routes with 404 Not Found and CORS preflights with 204', async () => {
    // Act
    const unknown = await local.api('GET', '/nothing-here');
    const wrongMethod = await local.api('POST', '/check_npi');
    const preflight = await fetch(`${local.apiUrl}/case`, {
      method: 'OPTIONS',
      headers: { origin: `http://localhost:${local.stack.port}`, 'access-control-request-method': 'PATCH' },
    });

    // Assess
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not Found' });
    expect(wrongMethod.status).toBe(404);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(`http://localhost:${local.stack.port}`);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('logs method, path, status and time but never the query string', async () => {
    // Prepare
    const before = local.logs.length;

    // Act
    await local.api('GET', '/case', { query: { case_id: 'secret-patient-id' } });

    // Assess
    const lines = local.logs.slice(before).join('\n');
    expect(lines).toMatch(/GET \/api\/case 401 \d+ms/);
    expect(lines).not.toContain('secret-patient-id');
  });
});

describe('a token without exp', () => {
  /** `token` signed again with cognito-local's key, its claims changed by `edit`. */
  function resign(token: string, edit: (claims: Record<string, unknown>) => void): string {
    const [header] = token.split('.');
    const claims = decodePayload(token);
    edit(claims);
    const unsigned = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(cognitoLocalKey.pem).toString('base64url')}`;
  }

  it("is refused with 401 although signed with the pool's key, as API Gateway refuses it", async () => {
    // Prepare: the same claims signed again, with and without exp
    const user = await local.createSignedInUser();
    const withExp = resign(user.accessToken, () => undefined);
    const withoutExp = resign(user.accessToken, (claims) => delete claims.exp);
    const call = (token: string) => fetch(`${local.apiUrl}/user`, { headers: { authorization: `Bearer ${token}` } });
    // Act
    const [kept, dropped] = [await call(withExp), await call(withoutExp)];
    // Assess: the key signs valid tokens (404: no profile yet); without exp, 401
    expect(kept.status).toBe(404);
    expect(dropped.status).toBe(401);
  });
});

describe('the event given to the handlers', () => {
  let server: Server;
  let base = '';

  beforeAll(async () => {
    const { stack } = local;
    const gateway = createGateway({
      root: join(__dirname, 'fixtures'),
      issuer: `${stack.url}/cognito/${stack.userPoolId}`,
      jwksUri: `${stack.endpoints.cognito}/${stack.userPoolId}/.well-known/jwks.json`,
      clientId: stack.clientId,
      domainName: 'localhost',
    });
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void gateway.handle(req, res, url.pathname, url.search.slice(1), Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('has the payload v2.0 shape with the verified claims as strings, groups as "[a b]"', async () => {
    // Prepare
    const user = await local.createSignedInUser({ groups: ['admin', 'surgeon'] });

    // Act
    const res = await fetch(`${base}/case?case_id=abc_1&tag=a&tag=b`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'X-Custom': 'Yes' },
      body: JSON.stringify({ case_id: 'abc_1' }),
    });
    const echo = (await res.json()) as {
      event: LocalApiEvent;
      functionName: string;
      remainingMs: number;
      env: Record<string, string>;
    };

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('x-echo')).toBe('yes');
    const { event } = echo;
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('PATCH /case');
    expect(event.rawPath).toBe('/case');
    expect(event.rawQueryString).toBe('case_id=abc_1&tag=a&tag=b');
    expect(event.queryStringParameters).toEqual({ case_id: 'abc_1', tag: 'a,b' });
    expect(event.headers['x-custom']).toBe('Yes');
    expect(event.body).toBe('{"case_id":"abc_1"}');
    expect(event.isBase64Encoded).toBe(false);
    expect(event.requestContext.http).toMatchObject({ method: 'PATCH', path: '/case' });
    const claims = event.requestContext.authorizer!.jwt.claims;
    expect(claims.sub).toBe(user.sub);
    expect(claims.email).toBe(user.email);
    expect(claims.token_use).toBe('id');
    expect(claims['cognito:groups']).toBe('[admin surgeon]');
    expect(claims.email_verified).toBe('true');
    expect(claims.exp).toMatch(/^\d+$/);
    expect(echo.functionName).toBe('suture-local-case');
    expect(echo.remainingMs).toBeGreaterThan(20_000);
  });

  it('runs the handlers with the local Lambda environment', async () => {
    // Act
    const res = await fetch(`${base}/case/health`);
    const echo = (await res.json()) as { env: Record<string, string>; event: LocalApiEvent };

    // Assess
    expect(echo.env).toEqual({
      CASES_TABLE: 'suture-local-cases',
      DOCUMENTS_BUCKET: 'suture-local-documents',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ENDPOINT_URL_DYNAMODB: local.stack.endpoints.dynamodb,
      NPPES_API_URL: `${local.url}/nppes/api/?version=2.1`,
    });
    expect(echo.event.requestContext.authorizer).toBeUndefined();
  });

  it('gives the access token scopes and client_id to the handler', async () => {
    // Prepare
    const user = await local.createSignedInUser();

    // Act
    const res = await fetch(`${base}/case`, { headers: { authorization: user.accessToken } });
    const echo = (await res.json()) as { event: LocalApiEvent };

    // Assess
    expect(res.status).toBe(200);
    const jwt = echo.event.requestContext.authorizer!.jwt;
    expect(jwt.claims.client_id).toBe(local.stack.clientId);
    expect(jwt.claims.token_use).toBe('access');
    expect(jwt.scopes).toEqual(['aws.cognito.signin.user.admin']);
  });
});

describe('the Cognito endpoint', () => {
  it('answers a wrong password like AWS: NotAuthorizedException "Incorrect username or password."', async () => {
    // Prepare
    const user = await local.createSignedInUser();

    // Act
    const wrong = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: local.stack.clientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: 'Wrong-Passw0rd!' },
    });
    const unknown = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: local.stack.clientId,
      AuthParameters: { USERNAME: 'nobody@test.example.com', PASSWORD: 'Wrong-Passw0rd!' },
    });

    // Assess
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(unknown.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('refreshes tokens through GetTokensFromRefreshToken, as Amplify does', async () => {
    // Prepare
    const user = await local.createSignedInUser();

    // Act
    const res = await cognitoCall('GetTokensFromRefreshToken', {
      ClientId: local.stack.clientId,
      RefreshToken: user.refreshToken,
    });
    const result = res.body.AuthenticationResult as Record<string, unknown>;
    const api = await local.api('GET', '/case', { token: String(result.AccessToken) });

    // Assess
    expect(res.status).toBe(200);
    expect(result.TokenType).toBe('Bearer');
    expect(result.ExpiresIn).toBe(3600);
    expect(decodePayload(String(result.IdToken)).sub).toBe(user.sub);
    expect(decodePayload(String(result.AccessToken)).token_use).toBe('access');
    expect(api.status).not.toBe(401);
  });

  it('refuses a refresh with an unknown refresh token', async () => {
    // Act
    const res = await cognitoCall('GetTokensFromRefreshToken', {
      ClientId: local.stack.clientId,
      RefreshToken: 'not-a-refresh-token',
    });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('NotAuthorizedException');
  });

  it('runs the forgot-password flow with the code it prints, enforcing the password policy like AWS', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    const clientId = local.stack.clientId;

    // Act
    const requested = await cognitoCall('ForgotPassword', { ClientId: clientId, Username: user.email });
    const code = local.stack.lastVerificationCode(user.email);
    const weak = await cognitoCall('ConfirmForgotPassword', {
      ClientId: clientId,
      Username: user.email,
      ConfirmationCode: code,
      Password: 'alllowercase1!',
    });
    const confirmed = await cognitoCall('ConfirmForgotPassword', {
      ClientId: clientId,
      Username: user.email,
      ConfirmationCode: code,
      Password: 'New-Passw0rd!',
    });
    const signedIn = await local.signIn(user.email, 'New-Passw0rd!');

    // Assess
    expect(requested.status).toBe(200);
    expect(code).toMatch(/^\d{6}$/);
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({
      __type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    expect(confirmed.status).toBe(200);
    expect(signedIn.sub).toBe(user.sub);
    expect(local.logs.some((l) => l.includes(`verification code for ${user.email}`))).toBe(true);
  });

  it('answers GlobalSignOut with 200 and an empty object', async () => {
    // Prepare
    const user = await local.createSignedInUser();

    // Act
    const res = await cognitoCall('GlobalSignOut', { AccessToken: user.accessToken });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it('serves an OpenID discovery document naming the issuer of the tokens', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    const iss = String(decodePayload(user.idToken).iss);

    // Act
    const res = await fetch(`${iss}/.well-known/openid-configuration`);

    // Assess
    expect(await res.json()).toMatchObject({ issuer: iss, jwks_uri: `${iss}/.well-known/jwks.json` });
  });

  it('serves the JWKS that the issuer claim points to', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    const iss = String(decodePayload(user.idToken).iss);

    // Act
    const res = await fetch(`${iss}/.well-known/jwks.json`);
    const jwks = (await res.json()) as { keys: { kid: string }[] };

    // Assess
    expect(iss).toBe(`${local.url}/cognito/${local.stack.userPoolId}`);
    expect(jwks.keys[0]?.kid).toBe('CognitoLocal');
  });
});

describe('the NPPES emulator', () => {
  const nppes = async (query: string) => {
    const res = await fetch(`${local.url}/nppes/api/?${query}`);
    return { status: res.status, body: (await res.json()) as NppesSearchResponse & NppesErrorResponse };
  };

  it('finds a registry surgeon by number with the v2.1 result shape', async () => {
    // Prepare
    const surgeon = getRegistry().surgeons[5]!;

    // Act
    const { status, body } = await nppes(`version=2.1&number=${surgeon.number}`);

    // Assess
    expect(status).toBe(200);
    expect(body.result_count).toBe(1);
    const result = body.results[0]!;
    expect(result.number).toBe(surgeon.number);
    expect(result.enumeration_type).toBe('NPI-1');
    expect(result.basic).toMatchObject({
      first_name: surgeon.basic.first_name,
      last_name: surgeon.basic.last_name,
      status: 'A',
    });
    expect(result.addresses[0]).toMatchObject({
      address_purpose: 'LOCATION',
      state: expect.stringMatching(/^[A-Z]{2}$/),
    });
    expect(result.taxonomies[0]).toMatchObject({ primary: true, code: expect.stringMatching(/^[0-9A-Z]{9}X$/) });
    expect(isValidNpi(result.number)).toBe(true);
  });

  it('searches with a trailing wildcard, case-insensitively, within the limit', async () => {
    // Prepare
    const surgeon = getRegistry().surgeons[0]!;
    const prefix = surgeon.basic.last_name.slice(0, 2).toLowerCase();

    // Act
    const { body } = await nppes(`version=2.1&last_name=${prefix}*&enumeration_type=NPI-1&limit=3`);

    // Assess
    expect(body.result_count).toBeGreaterThan(0);
    expect(body.result_count).toBeLessThanOrEqual(3);
    for (const r of body.results) {
      expect(r.enumeration_type).toBe('NPI-1');
      if (r.enumeration_type === 'NPI-1') expect(r.basic.last_name.toLowerCase().startsWith(prefix)).toBe(true);
    }
  });

  it('answers a query without criteria with Errors, as HTTP 200', async () => {
    // Act
    const { status, body } = await nppes('version=2.1');

    // Assess
    expect(status).toBe(200);
    expect(body).toEqual({
      Errors: [{ description: 'No valid search criteria provided', field: 'generic', number: '04' }],
    });
  });
});

describe('a restart', () => {
  it('keeps accounts, the user pool and table data', async () => {
    // Prepare
    const email = `restart-${Date.now()}@test.example.com`;
    const sub = await local.createAccount(email, 'Test-Passw0rd!', ['surgeon']);
    const poolBefore = local.stack.userPoolId;
    const ddb = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: local.stack.endpoints.dynamodb,
      credentials: local.stack.credentials,
    });
    await ddb.send(
      new PutItemCommand({ TableName: 'suture-local-users', Item: { user_id: { S: sub }, first_name: { S: 'Kept' } } }),
    );
    ddb.destroy();

    // Act
    await local.restart();
    const tokens = await local.signIn(email, 'Test-Passw0rd!');
    const ddbAfter = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: local.stack.endpoints.dynamodb,
      credentials: local.stack.credentials,
    });
    const item = await ddbAfter.send(
      new GetItemCommand({ TableName: 'suture-local-users', Key: { user_id: { S: sub } } }),
    );
    ddbAfter.destroy();

    // Assess
    expect(local.stack.userPoolId).toBe(poolBefore);
    expect(tokens.sub).toBe(sub);
    expect(item.Item?.first_name?.S).toBe('Kept');
    expect((await local.api('GET', '/case', { token: tokens.accessToken })).status).not.toBe(401);
  });
});
