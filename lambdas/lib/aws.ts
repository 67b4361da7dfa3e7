/**
 * Shared AWS SDK clients, built on first use and reused across invocations of a warm Lambda.
 *
 * Endpoints and credentials come from the SDK's standard environment (`AWS_REGION`,
 * `AWS_ENDPOINT_URL_DYNAMODB`, `AWS_ENDPOINT_URL_S3`, ...): product code never branches on "local".
 * S3 path-style addressing follows `S3_FORCE_PATH_STYLE` of the Lambda environment (s3rver needs it).
 * Every client Suture builds (here, in bin/ and in local/) retries with {@link SDK_RETRY}. The
 * Lambdas' clients below are captured by the X-Ray tracer (./tracer.ts: a no-op where tracing is off).
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getEnv } from './env';
import { traced } from './tracer';

/** The name under which every SDK v3 client adds its logger middleware (@aws-sdk/core). */
export const SDK_LOGGER_MIDDLEWARE = 'loggerMiddleware';

/**
 * Remove the SDK's logger middleware from a client (the API's reads stay within 1.3x of a raw
 * Query, docs/figures.md). The middleware builds a copy of every command's input and output, filtered for
 * sensitive fields, for its logger, even when that logger is the default no-op one (it calls
 * `logger?.info?.(...)`, and the no-op logger has `info`): for a page of 50 cases that is a walk of
 * every attribute of every item per call, for nothing. Suture never gives the SDK a logger (the
 * Powertools logger logs ids and error names only, never items), so nothing is lost. Errors still
 * propagate unchanged (the middleware only logged them). Returns the client.
 */
export function withoutSdkLogging<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
  return client;
}

/** Sends of one SDK call in all (first try included), for every client. */
export const SDK_MAX_ATTEMPTS = 5;

/**
 * Retry settings of every SDK client: the SDK's adaptive retryer (exponential backoff with jitter,
 * and a client-side rate limit that slows down after throttling) instead of hand-written loops.
 */
export const SDK_RETRY = { retryMode: 'adaptive', maxAttempts: SDK_MAX_ATTEMPTS } as const;

/** The name of {@link retryTransactionCancellations} in a DynamoDB client's middleware stack. */
export const TRANSACTION_RETRY_MIDDLEWARE = 'sutureTransactionRetry';

/**
 * Let the SDK's retryer retry a transaction cancelled by a concurrent transaction
 * (`TransactionConflict`) or by throttling (`ThrottlingError`), which it does not classify as
 * retryable: the error is marked `$retryable` (throttling included, so the adaptive rate limit
 * learns). Never when a condition failed (the answer would not change). The retry resends the same
 * request, so the same `ClientRequestToken`: a retry of a committed transaction is a success, never
 * applied twice (AWS TransactWriteItems reference). Returns the client.
 */
export function retryTransactionCancellations(client: DynamoDBClient): DynamoDBClient {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (err) {
        const e = err as { name?: string; CancellationReasons?: { Code?: string }[]; $retryable?: object };
        const codes =
          e?.name === 'TransactionCanceledException' ? (e.CancellationReasons ?? []).map((r) => r.Code) : [];
        if (!codes.includes('ConditionalCheckFailed')) {
          if (codes.includes('ThrottlingError')) e.$retryable = { throttling: true };
          else if (codes.includes('TransactionConflict')) e.$retryable = {};
        }
        throw err;
      }
    },
    // Inside the retry middleware (finalizeRequest, priority high), around every single send.
    { step: 'finalizeRequest', priority: 'low', name: TRANSACTION_RETRY_MIDDLEWARE },
  );
  return client;
}

/**
 * A DynamoDB client as every Suture component needs it: {@link SDK_RETRY}, transaction
 * cancellations retried ({@link retryTransactionCancellations}), no SDK logger. `config` adds to
 * (or overrides) those settings: the importers' and the local runtime's endpoint and credentials.
 */
export function dynamoDbClient(config: DynamoDBClientConfig = {}): DynamoDBClient {
  return retryTransactionCancellations(withoutSdkLogging(new DynamoDBClient({ ...SDK_RETRY, ...config })));
}

let doc: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let lambda: LambdaClient | undefined;
let ses: SESv2Client | undefined;

/** The DynamoDB DocumentClient (undefined attributes removed on write, numbers as JS numbers). */
export function ddb(): DynamoDBDocumentClient {
  // The document client shares the base client's middleware stack.
  doc ??= DynamoDBDocumentClient.from(traced(dynamoDbClient()), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return doc;
}

/**
 * The S3 client for the documents bucket. Checksums only when an operation requires them: a
 * presigned PUT must not carry a checksum of an empty body (the browser sends the bytes later).
 */
export function s3Client(): S3Client {
  s3 ??= traced(
    withoutSdkLogging(
      new S3Client({
        ...SDK_RETRY,
        forcePathStyle: getEnv().S3_FORCE_PATH_STYLE === 'true',
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    ),
  );
  return s3;
}

/**
 * The Cognito user pool client, for calls authorised by the caller's own access token (GetUser):
 * no IAM permission is involved. Endpoint from `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER` locally.
 */
export function cognitoClient(): CognitoIdentityProviderClient {
  cognito ??= traced(withoutSdkLogging(new CognitoIdentityProviderClient({ ...SDK_RETRY })));
  return cognito;
}

/** The Lambda client (async Invoke of the document Lambda; `AWS_ENDPOINT_URL_LAMBDA` locally). */
export function lambdaClient(): LambdaClient {
  lambda ??= traced(withoutSdkLogging(new LambdaClient({ ...SDK_RETRY })));
  return lambda;
}

/** The SES v2 client (email from the stage's verified identity; `AWS_ENDPOINT_URL_SESV2` locally). */
export function sesClient(): SESv2Client {
  ses ??= traced(withoutSdkLogging(new SESv2Client({ ...SDK_RETRY })));
  return ses;
}

/** Forget the clients (tests and the local runtime, which change endpoints after import). */
export function resetAwsClients(): void {
  doc?.destroy();
  s3?.destroy();
  cognito?.destroy();
  lambda?.destroy();
  ses?.destroy();
  ses = undefined;
  doc = undefined;
  s3 = undefined;
  cognito = undefined;
  lambda = undefined;
}
