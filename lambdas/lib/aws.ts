/**
 * Shared AWS SDK clients, built on first use and reused across invocations of a warm Lambda.
 *
 * Endpoints and credentials come from the SDK's standard environment (`AWS_REGION`,
 * `AWS_ENDPOINT_URL_DYNAMODB`, `AWS_ENDPOINT_URL_S3`, ...): product code never branches on "local".
 * S3 path-style addressing follows `S3_FORCE_PATH_STYLE` of the Lambda environment (s3rver needs it).
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getEnv } from './env';

/** The name under which every SDK v3 client adds its logger middleware (@aws-sdk/core). */
export const SDK_LOGGER_MIDDLEWARE = 'loggerMiddleware';

/**
 * Remove the SDK's logger middleware from a client (issue 7, section 1: the API within 1.3x of the
 * raw Query). The middleware builds a copy of every command's input and output, filtered for
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

let doc: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let lambda: LambdaClient | undefined;

/** The DynamoDB DocumentClient (undefined attributes removed on write, numbers as JS numbers). */
export function ddb(): DynamoDBDocumentClient {
  // The document client shares the base client's middleware stack.
  doc ??= DynamoDBDocumentClient.from(withoutSdkLogging(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return doc;
}

/**
 * The S3 client for the documents bucket. Checksums only when an operation requires them: a
 * presigned PUT must not carry a checksum of an empty body (the browser sends the bytes later).
 */
export function s3Client(): S3Client {
  s3 ??= withoutSdkLogging(
    new S3Client({
      forcePathStyle: getEnv().S3_FORCE_PATH_STYLE === 'true',
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
  return s3;
}

/**
 * The Cognito user pool client, for calls authorised by the caller's own access token (GetUser):
 * no IAM permission is involved. Endpoint from `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER` locally.
 */
export function cognitoClient(): CognitoIdentityProviderClient {
  cognito ??= withoutSdkLogging(new CognitoIdentityProviderClient({}));
  return cognito;
}

/** The Lambda client (async Invoke of the document Lambda; `AWS_ENDPOINT_URL_LAMBDA` locally). */
export function lambdaClient(): LambdaClient {
  lambda ??= withoutSdkLogging(new LambdaClient({}));
  return lambda;
}

/** Forget the clients (tests and the local runtime, which change endpoints after import). */
export function resetAwsClients(): void {
  doc?.destroy();
  s3?.destroy();
  cognito?.destroy();
  lambda?.destroy();
  doc = undefined;
  s3 = undefined;
  cognito = undefined;
  lambda = undefined;
}
