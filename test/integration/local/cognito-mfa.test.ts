/**
 * Optional TOTP MFA and global sign-out on the local Cognito, through the
 * runtime's /cognito proxy as the SPA reaches it: the pool is OPTIONAL with software tokens, a user
 * associates and verifies an authenticator app, prefers it, is then asked for a code at sign-in, and
 * a global sign-out revokes the refresh tokens (local/cognito.ts).
 */
import {
  CognitoIdentityProviderClient,
  GetUserPoolMfaConfigCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { useLocalStack } from '../../support/local';

// Its own runtime: a test restarts it.
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

/** The current 6-digit code of an authenticator app holding `secret`. */
function totp(secret: string): string {
  return generateSync({ secret });
}

/** A code that is not the current one (nor the previous or next, which Cognito also accepts). */
function wrongCode(secret: string): string {
  const now = Date.now() / 1000;
  const near = new Set([-30, 0, 30].map((d) => generateSync({ secret, epoch: now + d })));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.has(c))!;
}

/** Sign a user in with the password: the answer of InitiateAuth. */
function passwordSignIn(email: string, password: string) {
  return cognitoCall('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: local.stack.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
}

/** Associate, verify and prefer an authenticator app for a signed-in user: its secret. */
async function turnOnTotp(accessToken: string): Promise<string> {
  const associated = await cognitoCall('AssociateSoftwareToken', { AccessToken: accessToken });
  const secret = String(associated.body.SecretCode);
  const verified = await cognitoCall('VerifySoftwareToken', { AccessToken: accessToken, UserCode: totp(secret) });
  const preferred = await cognitoCall('SetUserMFAPreference', {
    AccessToken: accessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  if (verified.status !== 200 || preferred.status !== 200) throw new Error('TOTP setup failed');
  return secret;
}

describe('optional TOTP MFA on the local user pool', () => {
  it('configures the pool with optional MFA by authenticator app only, again on a data dir made before', async () => {
    // Prepare
    const client = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: local.stack.endpoints.cognito,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const UserPoolId = local.stack.userPoolId;
    const first = await client.send(new GetUserPoolMfaConfigCommand({ UserPoolId }));
    await client.send(new SetUserPoolMfaConfigCommand({ UserPoolId, MfaConfiguration: 'OFF' }));
    client.destroy();

    // Act
    await local.restart();
    const again = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: local.stack.endpoints.cognito,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const after = await again.send(new GetUserPoolMfaConfigCommand({ UserPoolId: local.stack.userPoolId }));
    again.destroy();

    // Assess
    expect(first.MfaConfiguration).toBe('OPTIONAL');
    expect(first.SoftwareTokenMfaConfiguration?.Enabled).toBe(true);
    expect(local.stack.userPoolId).toBe(UserPoolId);
    expect(after.MfaConfiguration).toBe('OPTIONAL');
    expect(after.SoftwareTokenMfaConfiguration?.Enabled).toBe(true);
  });

  it('signs a user without MFA in with the password alone', async () => {
    // Prepare
    const user = await local.createSignedInUser();

    // Act
    const res = await passwordSignIn(user.email, user.password);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body.ChallengeName).toBeUndefined();
    expect(res.body.AuthenticationResult).toBeDefined();
  });

  it('refuses a wrong code when verifying the authenticator app and leaves MFA off', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    const associated = await cognitoCall('AssociateSoftwareToken', { AccessToken: user.accessToken });
    const secret = String(associated.body.SecretCode);

    // Act
    const verified = await cognitoCall('VerifySoftwareToken', {
      AccessToken: user.accessToken,
      UserCode: wrongCode(secret),
    });
    const me = await cognitoCall('GetUser', { AccessToken: user.accessToken });
    const signIn = await passwordSignIn(user.email, user.password);

    // Assess
    expect(associated.status).toBe(200);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(verified.status).toBe(400);
    expect(verified.body.__type).toBe('CodeMismatchException');
    expect(me.body.UserMFASettingList ?? []).toEqual([]);
    expect(signIn.body.AuthenticationResult).toBeDefined();
  });

  it('asks a user who turned TOTP on for a code at sign-in and signs them in with the right one', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    const secret = await turnOnTotp(user.accessToken);

    // Act
    const me = await cognitoCall('GetUser', { AccessToken: user.accessToken });
    const challenge = await passwordSignIn(user.email, user.password);
    const wrong = await cognitoCall('RespondToAuthChallenge', {
      ClientId: local.stack.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: wrongCode(secret) },
    });
    const right = await cognitoCall('RespondToAuthChallenge', {
      ClientId: local.stack.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: totp(secret) },
    });
    const tokens = right.body.AuthenticationResult as Record<string, unknown>;
    const refreshed = await cognitoCall('GetTokensFromRefreshToken', {
      ClientId: local.stack.clientId,
      RefreshToken: tokens.RefreshToken,
    });
    const api = await local.api('GET', '/case', { token: String(tokens.AccessToken), query: { user_id: user.sub } });

    // Assess
    expect(me.body.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
    expect(me.body.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(challenge.status).toBe(200);
    expect(challenge.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.body.AuthenticationResult).toBeUndefined();
    expect(wrong.status).toBe(400);
    expect(wrong.body.__type).toBe('CodeMismatchException');
    expect(right.status).toBe(200);
    expect(typeof tokens.AccessToken).toBe('string');
    expect(refreshed.status).toBe(200);
    expect(api.status).toBe(200);
  });

  it('stops asking for a code once the user turns TOTP off', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    await turnOnTotp(user.accessToken);

    // Act
    const off = await cognitoCall('SetUserMFAPreference', {
      AccessToken: user.accessToken,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
    const signIn = await passwordSignIn(user.email, user.password);

    // Assess
    expect(off.status).toBe(200);
    expect(signIn.body.ChallengeName).toBeUndefined();
    expect(signIn.body.AuthenticationResult).toBeDefined();
  });
});

describe('global sign-out on the local user pool', () => {
  it('revokes every refresh token of the user, so that a refresh fails as on AWS', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    const second = await local.signIn(user.email, user.password);
    const other = await local.createSignedInUser();

    // Act
    const before = await cognitoCall('GetTokensFromRefreshToken', {
      ClientId: local.stack.clientId,
      RefreshToken: user.refreshToken,
    });
    const signOut = await cognitoCall('GlobalSignOut', { AccessToken: user.accessToken });
    const after = await cognitoCall('GetTokensFromRefreshToken', {
      ClientId: local.stack.clientId,
      RefreshToken: user.refreshToken,
    });
    const afterSecond = await cognitoCall('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: local.stack.clientId,
      AuthParameters: { REFRESH_TOKEN: second.refreshToken },
    });
    const otherUser = await cognitoCall('GetTokensFromRefreshToken', {
      ClientId: local.stack.clientId,
      RefreshToken: other.refreshToken,
    });
    const again = await passwordSignIn(user.email, user.password);

    // Assess
    expect(before.status).toBe(200);
    expect(signOut.status).toBe(200);
    expect(signOut.body).toEqual({});
    expect(after.status).toBe(400);
    expect(after.body.__type).toBe('NotAuthorizedException');
    expect(afterSecond.status).toBe(400);
    expect(afterSecond.body.__type).toBe('NotAuthorizedException');
    expect(otherUser.status).toBe(200);
    expect(again.body.AuthenticationResult).toBeDefined();
  });

  it('refuses a global sign-out with a forged access token and revokes nothing', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    const [header, payload] = user.accessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;

    // Act
    const signOut = await cognitoCall('GlobalSignOut', { AccessToken: forged });
    const refresh = await cognitoCall('GetTokensFromRefreshToken', {
      ClientId: local.stack.clientId,
      RefreshToken: user.refreshToken,
    });

    // Assess
    expect(signOut.status).toBe(400);
    expect(signOut.body.__type).toBe('NotAuthorizedException');
    expect(refresh.status).toBe(200);
  });
});
