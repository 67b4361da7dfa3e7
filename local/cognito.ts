/**
 * Cognito emulator for the local runtime: cognito-local 5.3 built in-process with its data under
 * `<dataDir>/cognito` (its default server always uses `./.cognito`), the Suture user pool, app
 * client and groups created idempotently, and the proxy that the browser reaches at `/cognito`
 * with the shims that make it answer like AWS where Amplify needs it
 * (docs/decisions/0008-local-runtime-without-docker.md):
 * - GetTokensFromRefreshToken (Amplify's refresh) -> InitiateAuth REFRESH_TOKEN_AUTH;
 * - GlobalSignOut (Amplify's `signOut({ global: true })`): revokes every refresh
 *   token of the user, so that a refresh with one of them fails with NotAuthorizedException as on
 *   AWS (cognito-local answers UnsupportedError); a layer in cognito-local's router, see
 *   {@link localTargets};
 * - RespondToAuthChallenge (TOTP code, new password): the refresh token it issues is kept on the user
 *   like InitiateAuth's (cognito-local forgets it, so the session could not be refreshed);
 *   a disabled account is refused as in InitiateAuth;
 * - optional TOTP MFA: the pool's MfaConfiguration is OPTIONAL with software
 *   tokens on ({@link ensureUserPool}, also on an existing data dir); cognito-local's own
 *   AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference, GetUser and the
 *   SOFTWARE_TOKEN_MFA challenge of InitiateAuth / RespondToAuthChallenge do the rest;
 * - InitiateAuth wrong password / unknown user -> NotAuthorizedException
 *   "Incorrect username or password." (as AWS with prevent-user-existence-errors), an invited user's
 *   temporary password included (see {@link localTargets});
 * - InitiateAuth / refresh of a disabled account (AdminDisableUser) -> NotAuthorizedException
 *   "User is disabled." (cognito-local signs it in);
 * - AdminCreateUser (an invitation): the invitation text with the temporary
 *   password is printed in the server log (`[cognito] invitation email to ...`); with MessageAction
 *   RESEND (cognito-local refuses it) a new temporary password is sent, see {@link localTargets};
 * - ConfirmForgotPassword / ChangePassword / RespondToAuthChallenge NEW_PASSWORD: the pool's
 *   password policy, which cognito-local does not enforce -> InvalidPasswordException.
 *
 * Local mode only: cognito-local signs tokens with a key published in the package and keeps
 * passwords in clear.
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';

import { createPrivateKey, createPublicKey, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GetUserPoolMfaConfigCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DefaultConfig, type Config } from 'cognito-local/lib/server/config';
import { CognitoError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
import { Router, type Route } from 'cognito-local/lib/server/Router';
import { userToResponseObject } from 'cognito-local/lib/targets/responses';
import { createServer } from 'cognito-local/lib/server/server';
import { DateClock, LambdaService, MessagesService, TriggersService, type Services } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import type { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import cognitoLocalPublicKey from 'cognito-local/lib/keys/cognitoLocal.public.json';
import cognitoLocalPrivateKey from 'cognito-local/lib/keys/cognitoLocal.private.json';
import type { Context } from 'cognito-local/lib/services/context';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { COGNITO_GROUPS } from '../shared/roles';
import { readState, updateState } from './state';
import { closeServer, listen } from './util';
import { applyStormWrites, flushStormWrites } from './stormdb-writes';
import { SDK_RETRY } from '../lambdas/lib/aws';

/** Name of the local user pool and app client. */
export const LOCAL_POOL_NAME = 'suture-local';
export const LOCAL_CLIENT_NAME = 'suture-local-web';

/** The message AWS gives for a wrong password or unknown user (prevent-user-existence-errors). */
export const INCORRECT_CREDENTIALS_MESSAGE = 'Incorrect username or password.';

export interface CognitoEmulator {
  /** Internal endpoint of cognito-local, e.g. `http://127.0.0.1:40123` (not for the browser). */
  endpoint: string;
  /** Last verification code sent to each user (forgot password, attribute verification), by username/email. */
  codes: Map<string, string>;
  close(): Promise<void>;
}

export interface CognitoOptions {
  /** `<dataDir>/cognito`. */
  dir: string;
  /** Prefix of the `iss` claim: tokens carry `iss = ${issuerDomain}/${userPoolId}`. */
  issuerDomain: string;
  preferredPort?: number;
  /** Where verification-code notices go (one line each). */
  log: (line: string) => void;
}

// cognito-local uses pino 7 (its own dependency); load it from cognito-local's location.
const requireFromCognitoLocal = createRequire(require.resolve('cognito-local/package.json'));

/**
 * In place of cognito-local's CryptoService, which encrypts codes with KMS for a CustomEmailSender
 * trigger (none is configured here). Its module loads the AWS SDK v2 and @aws-crypto, and through
 * them Node's `domain` module, which wraps EventEmitter's emit and constructor for the whole process:
 * a cost on every event of every request of the local runtime (the API within 1.3x of the raw
 * Query, docs/figures.md) and some 40 MB of modules, for a feature that is never used.
 */
const NO_KMS = {
  encrypt: async () => {
    throw new Error('The local runtime has no KMS: CustomEmailSender triggers are not supported');
  },
} as unknown as CryptoService;

/**
 * The text of Cognito's default invitation message (AdminCreateUser without a custom template):
 * the username and the temporary password, which the new user changes at first sign-in.
 */
export function invitationText(username: string, temporaryPassword: string): string {
  return `Your username is ${username} and temporary password is ${temporaryPassword}.`;
}

/** cognito-local's signing key (published in the package): tokens it issued verify with it. */
const COGNITO_LOCAL_KEY = createPublicKey({ key: cognitoLocalPublicKey.jwk, format: 'jwk' });

/**
 * cognito-local's private key, parsed once: its token generator hands jsonwebtoken the PEM, which
 * parses it again for each of the three tokens of every sign-in. The same key signs the same bytes.
 */
function parseSigningKeyOnce(): void {
  const key = cognitoLocalPrivateKey as { pem: string | KeyObject };
  if (typeof key.pem === 'string') key.pem = createPrivateKey(key.pem);
}

/**
 * The claims of an access token issued by cognito-local whose signature and expiry are valid, or
 * undefined (a forged, altered or expired token).
 */
export function verifiedLocalClaims(
  token: unknown,
  nowSeconds = Date.now() / 1000,
): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return undefined;
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${header}.${payload}`);
  if (!verifier.verify(COGNITO_LOCAL_KEY, Buffer.from(signature, 'base64url'))) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof claims.exp === 'number' && claims.exp > nowSeconds ? claims : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Targets that the local runtime adds to (or wraps in) cognito-local's router, with the pool
 * service of the running emulator:
 * - `GlobalSignOut { AccessToken }` -> `{}`: the user's refresh tokens are all revoked (a refresh
 *   with one answers NotAuthorizedException, as on AWS); an invalid or expired access token, or an
 *   unknown user -> NotAuthorizedException;
 * - `RespondToAuthChallenge`: cognito-local's answer, and the refresh token of a completed sign-in
 *   (after a TOTP code or a new password) is kept on the user, as InitiateAuth does, so that the
 *   session can be refreshed and revoked;
 * - `InitiateAuth` USER_PASSWORD_AUTH of an invited user (FORCE_CHANGE_PASSWORD): the temporary
 *   password is checked (cognito-local answers NEW_PASSWORD_REQUIRED to any password), a wrong one
 *   -> NotAuthorizedException {@link INCORRECT_CREDENTIALS_MESSAGE}, as on AWS;
 * - `ListUsers`: pages of `Limit` (1 to 60, default 60) with a `PaginationToken`, as on AWS
 *   (cognito-local answers every user at once); a token not made here -> InvalidParameterException;
 * - `AdminCreateUser` with `MessageAction: 'RESEND'` (a pending invitation sent again,
 *   lambdas/user/accounts.ts; cognito-local answers UnsupportedError): as on AWS, a new temporary
 *   password replaces the old one and the invitation goes out again (in the log); an unknown user ->
 *   UserNotFoundException, one that is not FORCE_CHANGE_PASSWORD -> UnsupportedUserStateException.
 *   Any other AdminCreateUser is cognito-local's.
 */
export function localTargets(services: Services, base: Router): Record<string, Route> {
  return {
    GlobalSignOut: async (ctx: Context, req: { AccessToken?: string }) => {
      const claims = verifiedLocalClaims(req.AccessToken);
      if (!claims || claims.token_use !== 'access' || typeof claims.client_id !== 'string') {
        throw new NotAuthorizedError('Invalid Access Token');
      }
      const userPool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
      const user = await userPool.getUserByUsername(ctx, String(claims.sub ?? ''));
      if (!user) throw new NotAuthorizedError('User does not exist.');
      await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },
    InitiateAuth: async (
      ctx: Context,
      req: { AuthFlow?: string; ClientId?: string; AuthParameters?: Record<string, string> },
    ) => {
      const { USERNAME: username, PASSWORD: password } = req.AuthParameters ?? {};
      if (req.AuthFlow === 'USER_PASSWORD_AUTH' && req.ClientId && username) {
        const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
        const user = await userPool.getUserByUsername(ctx, username);
        if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== password) {
          throw new NotAuthorizedError(INCORRECT_CREDENTIALS_MESSAGE);
        }
      }
      return base('InitiateAuth')(ctx, req as never);
    },
    ListUsers: async (
      ctx: Context,
      req: { UserPoolId: string; Filter?: string; Limit?: number; PaginationToken?: string },
    ) => {
      const all = (await base('ListUsers')(ctx, req as never)) as { Users: unknown[] };
      const limit = req.Limit ?? 60;
      if (!Number.isInteger(limit) || limit < 1 || limit > 60) {
        throw new CognitoError('InvalidParameterException', 'Limit must be from 1 to 60');
      }
      let offset = 0;
      if (req.PaginationToken !== undefined) {
        const match = /^o(\d+)$/.exec(Buffer.from(req.PaginationToken, 'base64url').toString('utf8'));
        if (!match) throw new CognitoError('InvalidParameterException', 'Invalid pagination token');
        offset = Number(match[1]);
      }
      const next = offset + limit;
      return {
        Users: all.Users.slice(offset, next),
        ...(next < all.Users.length ? { PaginationToken: Buffer.from(`o${next}`).toString('base64url') } : {}),
      };
    },
    AdminCreateUser: async (
      ctx: Context,
      req: { UserPoolId: string; Username: string; MessageAction?: string; ClientMetadata?: Record<string, string> },
    ) => {
      if (req.MessageAction !== 'RESEND') return base('AdminCreateUser')(ctx, req as never);
      const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      const user = await userPool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError();
      if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
        throw new CognitoError(
          'UnsupportedUserStateException',
          `Resend not possible. ${user.Username} status is ${user.UserStatus}.`,
        );
      }
      const email = user.Attributes.find((a) => a.Name === 'email')?.Value;
      if (!email) throw new CognitoError('InvalidParameterException', 'User has no email to send the invitation to');
      const temporaryPassword = randomBytes(6).toString('base64url');
      const resent = { ...user, Password: temporaryPassword, UserLastModifiedDate: services.clock.get() };
      await userPool.saveUser(ctx, resent);
      await services.messages.deliver(
        ctx,
        'AdminCreateUser',
        null,
        req.UserPoolId,
        resent,
        temporaryPassword,
        req.ClientMetadata,
        { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email },
      );
      return { User: userToResponseObject(resent) };
    },
    RespondToAuthChallenge: async (
      ctx: Context,
      req: { ClientId?: string; ChallengeResponses?: Record<string, string> },
    ) => {
      const answer = (await base('RespondToAuthChallenge')(ctx, req)) as {
        AuthenticationResult?: { RefreshToken?: string };
      };
      const refreshToken = answer.AuthenticationResult?.RefreshToken;
      const username = req.ChallengeResponses?.USERNAME;
      if (refreshToken && username && req.ClientId) {
        const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
        const user = await userPool.getUserByUsername(ctx, username);
        if (user) await userPool.storeRefreshToken(ctx, refreshToken, user);
      }
      return answer;
    },
  };
}

/**
 * cognito-local's per-request logger (pino-http: a child logger, a request id and a response hook
 * for every request) replaced by the silent logger itself: at level silent neither wrote anything.
 */
function quietRequestLogs(app: unknown, logger: unknown): void {
  type Layer = { name: string; handle: (req: { log?: unknown }, res: unknown, next: () => void) => void };
  const stack = (app as { router?: { stack?: Layer[] } }).router?.stack ?? [];
  const layer = stack.find((l) => l.name === 'loggingMiddleware');
  if (!layer) return;
  layer.handle = (req, _res, next) => {
    req.log = logger;
    next();
  };
}

/** Start cognito-local in-process on 127.0.0.1 with its data under `options.dir`. */
export async function startCognito(options: CognitoOptions): Promise<CognitoEmulator> {
  const dataDirectory = join(options.dir, 'db');
  mkdirSync(dataDirectory, { recursive: true });
  const pino = requireFromCognitoLocal('pino') as (opts: { level: string }) => Parameters<typeof createServer>[1];
  const logger = pino({ level: process.env.COGNITO_LOCAL_DEBUG ? 'debug' : 'silent' });
  const ctx = { logger };

  const config: Config = {
    ...DefaultConfig,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: options.issuerDomain },
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  };

  const codes = new Map<string, string>();
  const sender: MessageSender = {
    async sendEmail(_ctx, user, destination, message) {
      if (message.__code && user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
        // AdminCreateUser's invitation: what Cognito would email, in the log.
        codes.set(user.Username, message.__code);
        codes.set(destination, message.__code);
        options.log(`[cognito] invitation email to ${destination}: ${invitationText(destination, message.__code)}`);
        return;
      }
      if (message.__code) {
        codes.set(user.Username, message.__code);
        codes.set(destination, message.__code);
        options.log(`[cognito] verification code for ${destination}: ${message.__code}`);
      }
    },
    async sendSms(_ctx, user, destination, message) {
      if (message.__code) {
        codes.set(user.Username, message.__code);
        options.log(`[cognito] verification code for ${destination}: ${message.__code}`);
      }
    },
  };

  const clock = new DateClock();
  applyStormWrites();
  parseSigningKeyOnce();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  );
  const cognito = await cognitoServiceFactory.create(ctx, config.UserPoolDefaults);
  // No Lambda triggers are configured, so the Lambda client is never called.
  const triggers = new TriggersService(clock, cognito, new LambdaService(config.TriggerFunctions, {} as never), NO_KMS);
  const services: Services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const baseRouter = Router(services);
  const extra = localTargets(services, baseRouter);
  const router: Router = (target) => extra[target] ?? baseRouter(target);
  const app = createServer(router, logger, config.ServerConfig, services);
  if (!process.env.COGNITO_LOCAL_DEBUG) quietRequestLogs(app.application, logger);
  const server = createHttpServer(app.application as Parameters<typeof createHttpServer>[0]);
  const port = await listen(server, 0, '127.0.0.1', options.preferredPort);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    codes,
    close: async () => {
      await closeServer(server);
      await flushStormWrites();
    },
  };
}

/** An SDK client for cognito-local (it accepts any credentials). */
export function localCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    ...SDK_RETRY,
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Make sure the Suture user pool, its app client and the groups admin (0) / surgeon (1) /
 * staff (2) exist; ids are kept in `<dataDir>/local.json` so a restart keeps them. Mirrors the
 * CDK auth construct: email sign-in, password policy 8 with lower/upper/digit/symbol (not
 * enforced by cognito-local), optional TOTP MFA without SMS (set again on an existing data dir),
 * USER_PASSWORD_AUTH + refresh, no secret, no OAuth.
 */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  dataDir: string,
): Promise<{ userPoolId: string; clientId: string }> {
  const state = readState(dataDir);
  let userPoolId: string | undefined;
  if (state.userPoolId) {
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: state.userPoolId }));
      userPoolId = state.userPoolId;
    } catch {
      userPoolId = undefined;
    }
  }
  if (!userPoolId) {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    userPoolId = pools.UserPools?.find((p) => p.Name === LOCAL_POOL_NAME)?.Id;
  }
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: LOCAL_POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        // Optional TOTP MFA, set below with SetUserPoolMfaConfig.
        MfaConfiguration: 'OPTIONAL',
        Policies: {
          PasswordPolicy: {
            MinimumLength: 8,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          },
        },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }

  // Optional TOTP MFA, no SMS; also on a data dir created before it.
  const mfa = await client.send(new GetUserPoolMfaConfigCommand({ UserPoolId: userPoolId }));
  if (mfa.MfaConfiguration !== 'OPTIONAL' || mfa.SoftwareTokenMfaConfiguration?.Enabled !== true) {
    await client.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: userPoolId,
        MfaConfiguration: 'OPTIONAL',
        SoftwareTokenMfaConfiguration: { Enabled: true },
      }),
    );
  }

  let clientId: string | undefined;
  if (state.clientId && state.userPoolId === userPoolId) {
    try {
      await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: state.clientId }));
      clientId = state.clientId;
    } catch {
      clientId = undefined;
    }
  }
  if (!clientId) {
    const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    clientId = clients.UserPoolClients?.find((c) => c.ClientName === LOCAL_CLIENT_NAME)?.ClientId;
  }
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: LOCAL_CLIENT_NAME,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
        PreventUserExistenceErrors: 'ENABLED',
        AccessTokenValidity: 60,
        IdTokenValidity: 60,
        RefreshTokenValidity: 30,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      }),
    );
    clientId = created.UserPoolClient!.ClientId!;
  }

  const groups = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  const existing = new Set((groups.Groups ?? []).map((g) => g.GroupName));
  for (const group of COGNITO_GROUPS) {
    if (existing.has(group.name)) continue;
    await client.send(
      new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group.name, Precedence: group.precedence }),
    );
  }

  updateState(dataDir, { userPoolId, clientId });
  return { userPoolId, clientId };
}

const AMZ_JSON = 'application/x-amz-json-1.1';

interface Forwarded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

async function forward(
  target: string,
  method: string,
  path: string,
  headers: IncomingMessage['headers'],
  body: Buffer | undefined,
): Promise<Forwarded> {
  const outHeaders: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || HOP_BY_HOP.has(k)) continue;
    outHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  const res = await fetch(`${target}${path}`, {
    method,
    headers: outHeaders,
    body: body && body.length > 0 && method !== 'GET' && method !== 'HEAD' ? new Uint8Array(body) : undefined,
  });
  const resHeaders: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    if (!HOP_BY_HOP.has(key) && key !== 'content-encoding') resHeaders[key] = value;
  });
  return { status: res.status, headers: resHeaders, body: Buffer.from(await res.arrayBuffer()) };
}

function json(status: number, payload: unknown, contentType = AMZ_JSON): Forwarded {
  return { status, headers: { 'content-type': contentType }, body: Buffer.from(JSON.stringify(payload)) };
}

function parseJson(buf: Buffer): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(buf.toString('utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The user pool's password policy (8+ characters with lower, upper, digit and symbol), which
 * cognito-local does not enforce. Returns AWS's InvalidPasswordException message, or undefined.
 */
export function passwordPolicyViolation(password: unknown): string | undefined {
  const p = typeof password === 'string' ? password : '';
  const prefix = 'Password did not conform with policy: ';
  if (p.length < 8) return `${prefix}Password not long enough`;
  if (!/[a-z]/.test(p)) return `${prefix}Password must have lowercase characters`;
  if (!/[A-Z]/.test(p)) return `${prefix}Password must have uppercase characters`;
  if (!/[0-9]/.test(p)) return `${prefix}Password must have numeric characters`;
  if (!/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(p)) return `${prefix}Password must have symbol characters`;
  return undefined;
}

/** Operations that set a password chosen by the user, and the field that carries it. */
const NEW_PASSWORD_FIELDS: Record<string, (body: Record<string, unknown>) => unknown> = {
  ConfirmForgotPassword: (b) => b.Password,
  ChangePassword: (b) => b.ProposedPassword,
  RespondToAuthChallenge: (b) => (b.ChallengeResponses as Record<string, unknown> | undefined)?.NEW_PASSWORD,
};

/** Rewrite InitiateAuth answers like AWS: credential errors and the AuthenticationResult fields. */
function fixInitiateAuth(answer: Forwarded): Forwarded {
  const payload = parseJson(answer.body);
  if (!payload) return answer;
  if (answer.status >= 400) {
    const type = String(payload.__type ?? '');
    if (type === 'InvalidPasswordException' || type === 'NotAuthorizedException' || type === 'UserNotFoundException') {
      return json(400, { __type: 'NotAuthorizedException', message: INCORRECT_CREDENTIALS_MESSAGE });
    }
    return answer;
  }
  const result = payload.AuthenticationResult as Record<string, unknown> | undefined;
  if (result) {
    result.TokenType ??= 'Bearer';
    result.ExpiresIn ??= 3600;
    return json(answer.status, payload);
  }
  return answer;
}

/** AWS's answer to signing in (or refreshing) with a disabled account. */
export const USER_DISABLED_MESSAGE = 'User is disabled.';

/**
 * Whether the account that a successful sign-in answer's id token names is disabled (AdminGetUser
 * on cognito-local with the token's pool and `sub`). cognito-local signs disabled users in; AWS
 * does not (a deleted user's account is disabled).
 */
async function isDisabled(target: string, req: IncomingMessage, answer: Forwarded): Promise<boolean> {
  const result = parseJson(answer.body)?.AuthenticationResult as Record<string, unknown> | undefined;
  const idToken = typeof result?.IdToken === 'string' ? result.IdToken : '';
  let claims: Record<string, unknown> | undefined;
  try {
    claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return false;
  }
  const poolId = String(claims?.iss ?? '')
    .split('/')
    .pop();
  if (!poolId || typeof claims?.sub !== 'string') return false;
  const user = await forward(
    target,
    'POST',
    '/',
    { ...req.headers, 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser', 'content-type': AMZ_JSON },
    Buffer.from(JSON.stringify({ UserPoolId: poolId, Username: claims.sub })),
  );
  return user.status === 200 && parseJson(user.body)?.Enabled === false;
}

/** A successful sign-in of a disabled account -> NotAuthorizedException 'User is disabled.' (as AWS). */
async function refuseDisabled(target: string, req: IncomingMessage, answer: Forwarded): Promise<Forwarded> {
  if (answer.status !== 200 || !(await isDisabled(target, req, answer))) return answer;
  return json(400, { __type: 'NotAuthorizedException', message: USER_DISABLED_MESSAGE });
}

/**
 * The operations the SPA's Amplify calls (web/src/auth): sign-in with USER_PASSWORD_AUTH and its
 * challenges (new password, TOTP code, TOTP setup), the refresh, the global sign-out and token
 * revocation, the forgotten password, and the TOTP setup and preference. The Lambdas and the seed
 * reach cognito-local directly (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER), never through here.
 */
export const SPA_OPERATIONS: ReadonlySet<string> = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'GlobalSignOut',
  'RevokeToken',
  'GetUser',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);

/**
 * Proxy one request received under `/cognito` (prefix already removed: `path` is e.g. `/` or
 * `/us-east-1_x/.well-known/jwks.json`) to cognito-local, applying the AWS shims. `publicBase` is
 * the `/cognito` URL the browser uses (for the OpenID discovery document). Only the
 * {@link SPA_OPERATIONS} (POST `/`) and the pool's `.well-known` documents (GET) pass; anything
 * else: 400 NotAuthorizedException. CORS: for `allowedOrigins` only (the runtime's own origins).
 */
export async function proxyCognito(
  target: string,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: Buffer,
  publicBase: string,
  allowedOrigins: ReadonlySet<string> = new Set(),
): Promise<number> {
  const method = req.method ?? 'GET';
  const amzTarget = String(req.headers['x-amz-target'] ?? '');
  const operation = amzTarget.split('.')[1] ?? '';
  let answer: Forwarded;
  const bare = path.split('?')[0] ?? '';
  const discovery = /^\/([\w-]+)\/\.well-known\/openid-configuration$/.exec(bare);
  const origin = req.headers.origin;
  const corsAllowed = origin !== undefined && allowedOrigins.has(origin);
  const cors: Record<string, string> = corsAllowed
    ? { 'access-control-allow-origin': origin, vary: 'Origin' }
    : { vary: 'Origin' };

  if (method === 'OPTIONS') {
    if (corsAllowed) {
      cors['access-control-allow-methods'] = 'GET,POST,OPTIONS';
      cors['access-control-allow-headers'] = String(
        req.headers['access-control-request-headers'] ?? 'content-type,x-amz-target,x-amz-user-agent',
      );
      cors['access-control-max-age'] = '600';
    }
    answer = { status: 204, headers: {}, body: Buffer.alloc(0) };
  } else if (
    !(method === 'GET' && /^\/[\w-]+\/\.well-known\/(openid-configuration|jwks\.json)$/.test(bare)) &&
    !(method === 'POST' && (bare === '/' || bare === '') && SPA_OPERATIONS.has(operation))
  ) {
    answer = json(400, {
      __type: 'NotAuthorizedException',
      message: `${operation || `${method} ${bare}`} is not answered here: the local /cognito passes the operations of the SPA only`,
    });
  } else if (discovery && method === 'GET') {
    // cognito-local's own answer names localhost:9229; give the addresses the browser and gateway use.
    const issuer = `${publicBase}/${discovery[1]}`;
    answer = json(
      200,
      { issuer, jwks_uri: `${issuer}/.well-known/jwks.json`, id_token_signing_alg_values_supported: ['RS256'] },
      'application/json',
    );
  } else if (method === 'POST' && (path === '/' || path === '') && operation === 'GetTokensFromRefreshToken') {
    const request = parseJson(body) ?? {};
    const initiate = Buffer.from(
      JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: request.ClientId,
        AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
      }),
    );
    const headers = {
      ...req.headers,
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      'content-type': AMZ_JSON,
    };
    const upstream = await forward(target, 'POST', '/', headers, initiate);
    const payload = parseJson(upstream.body);
    if (upstream.status === 200 && payload?.AuthenticationResult && (await isDisabled(target, req, upstream))) {
      answer = json(400, { __type: 'NotAuthorizedException', message: USER_DISABLED_MESSAGE });
    } else if (upstream.status === 200 && payload?.AuthenticationResult) {
      const r = payload.AuthenticationResult as Record<string, unknown>;
      answer = json(200, {
        AuthenticationResult: { AccessToken: r.AccessToken, IdToken: r.IdToken, TokenType: 'Bearer', ExpiresIn: 3600 },
      });
    } else {
      answer = upstream;
    }
  } else {
    const newPassword = method === 'POST' ? NEW_PASSWORD_FIELDS[operation]?.(parseJson(body) ?? {}) : undefined;
    const violation = newPassword === undefined ? undefined : passwordPolicyViolation(newPassword);
    if (violation) {
      answer = json(400, { __type: 'InvalidPasswordException', message: violation });
    } else {
      answer = await forward(target, method, path, req.headers, body);
      if (operation === 'InitiateAuth' || operation === 'AdminInitiateAuth' || operation === 'RespondToAuthChallenge') {
        answer = await refuseDisabled(target, req, fixInitiateAuth(answer));
      }
    }
  }

  const headers: Record<string, string> = { ...cors };
  for (const [k, v] of Object.entries(answer.headers)) {
    // cognito-local's own CORS answer allows every origin.
    if (!k.startsWith('access-control-')) headers[k] = v;
  }
  res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
  res.end(answer.body);
  return answer.status;
}
