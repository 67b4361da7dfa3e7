/**
 * The remote mode of the end-to-end harness (test/e2e/support/stack.ts):
 * SUTURE_E2E_URL parsing, the stage's /config.json (relative URLs resolved, production refused)
 * and the Cognito sign-in used for API tokens. `fetch` is replaced: no network.
 */
import { fetchRemoteConfig, parseRemoteUrl, signInWithCognito } from '../../e2e/support/stack';

const STAGE_CONFIG = {
  region: 'eu-west-1',
  apiUrl: '/api',
  userPoolId: 'eu-west-1_Abc',
  userPoolClientId: 'client1',
  stage: 'qa-123',
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => jest.restoreAllMocks());

describe('SUTURE_E2E_URL', () => {
  it('is unset when empty, and loses its trailing slash otherwise', () => {
    // Act & Assess
    expect(parseRemoteUrl(undefined)).toBeUndefined();
    expect(parseRemoteUrl('  ')).toBeUndefined();
    expect(parseRemoteUrl('https://d111.cloudfront.net/')).toBe('https://d111.cloudfront.net');
    expect(parseRemoteUrl('http://127.0.0.1:3917')).toBe('http://127.0.0.1:3917');
  });

  it('must be an http(s) URL', () => {
    // Act & Assess
    expect(() => parseRemoteUrl('d111.cloudfront.net')).toThrow(/must be the stage's URL/);
    expect(() => parseRemoteUrl('ftp://d111.cloudfront.net')).toThrow(/http\(s\) URL/);
  });
});

describe("the stage's config.json", () => {
  it('is read from the stage, with its relative API URL made absolute', async () => {
    // Prepare
    const fetchMock = jest.spyOn(global, 'fetch').mockResolvedValue(jsonResponse(STAGE_CONFIG));

    // Act
    const config = await fetchRemoteConfig('https://d111.cloudfront.net');

    // Assess
    expect(fetchMock.mock.calls[0]![0]).toBe('https://d111.cloudfront.net/config.json');
    expect(config).toMatchObject({ apiUrl: 'https://d111.cloudfront.net/api', stage: 'qa-123', region: 'eu-west-1' });
  });

  it('refuses production, whose data the tests would change', async () => {
    // Prepare
    jest.spyOn(global, 'fetch').mockResolvedValue(jsonResponse({ ...STAGE_CONFIG, stage: 'prod' }));

    // Act & Assess
    await expect(fetchRemoteConfig('https://suture.example')).rejects.toThrow(/production/);
  });

  it('says so when the URL is not a Suture stage', async () => {
    // Prepare
    jest.spyOn(global, 'fetch').mockResolvedValue(new Response('Not Found', { status: 404 }));

    // Act & Assess
    await expect(fetchRemoteConfig('https://example.com')).rejects.toThrow(
      /answered 404: is SUTURE_E2E_URL a Suture stage/,
    );
  });
});

describe('the sign-in for API tokens', () => {
  const config = { ...STAGE_CONFIG, supportEmail: 'a@b.c', debugPages: false };

  it("calls InitiateAuth (USER_PASSWORD_AUTH) at the region's Cognito endpoint and answers the tokens and sub", async () => {
    // Prepare
    const idToken = `h.${Buffer.from(JSON.stringify({ sub: 'sub-1' })).toString('base64url')}.s`;
    const fetchMock = jest
      .spyOn(global, 'fetch')
      .mockResolvedValue(
        jsonResponse({ AuthenticationResult: { IdToken: idToken, AccessToken: 'a', RefreshToken: 'r' } }),
      );

    // Act
    const result = await signInWithCognito(config, 'provider1@example.com', 'pw');

    // Assess
    expect(result).toEqual({ idToken, accessToken: 'a', refreshToken: 'r', sub: 'sub-1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
    expect((init!.headers as Record<string, string>)['x-amz-target']).toBe(
      'AWSCognitoIdentityProviderService.InitiateAuth',
    );
    expect(JSON.parse(String(init!.body))).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'client1',
      AuthParameters: { USERNAME: 'provider1@example.com', PASSWORD: 'pw' },
    });
  });

  it("rejects with Cognito's error type on wrong credentials", async () => {
    // Prepare
    jest
      .spyOn(global, 'fetch')
      .mockResolvedValue(
        jsonResponse({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }, 400),
      );

    // Act & Assess
    await expect(signInWithCognito(config, 'provider1@example.com', 'bad')).rejects.toThrow(/NotAuthorizedException/);
  });
});
