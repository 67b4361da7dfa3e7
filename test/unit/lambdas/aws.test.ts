import './support/env';
import { Readable } from 'node:stream';
import { DynamoDBClient, GetItemCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import {
  SDK_LOGGER_MIDDLEWARE,
  SDK_MAX_ATTEMPTS,
  TRANSACTION_RETRY_MIDDLEWARE,
  cognitoClient,
  ddb,
  dynamoDbClient,
  lambdaClient,
  resetAwsClients,
  s3Client,
  withoutSdkLogging,
} from '../../../lambdas/lib/aws';

/** A DynamoDB client that answers every call with one item, without a network, and counts logger calls. */
function offlineClient(): { client: DynamoDBClient; infoCalls: unknown[] } {
  const infoCalls: unknown[] = [];
  const client = new DynamoDBClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    logger: {
      debug: () => undefined,
      info: (x: unknown) => infoCalls.push(x),
      warn: () => undefined,
      error: () => undefined,
    },
    requestHandler: {
      handle: async () => ({
        response: {
          statusCode: 200,
          headers: { 'content-type': 'application/x-amz-json-1.0' },
          body: Readable.from([Buffer.from(JSON.stringify({ Item: { case_id: { S: 'c1' } } }))]),
        },
      }),
    } as never,
  });
  return { client, infoCalls };
}

describe('the SDK clients without the SDK logger middleware', () => {
  afterEach(() => resetAwsClients());

  it('no longer copies every input and output for the SDK logger, and answers the same', async () => {
    // Prepare
    const plain = offlineClient();
    const trimmed = offlineClient();
    withoutSdkLogging(trimmed.client);
    const command = () => new GetItemCommand({ TableName: 't', Key: { case_id: { S: 'c1' } } });

    // Act
    const before = await plain.client.send(command());
    const after = await trimmed.client.send(command());

    // Assess
    expect(plain.infoCalls).toHaveLength(1);
    expect(trimmed.infoCalls).toHaveLength(0);
    expect(after.Item).toEqual(before.Item);
    expect(after.Item).toEqual({ case_id: { S: 'c1' } });
  });

  it('leaves the shared document client without the logger middleware', () => {
    // Act
    const names = ddb().middlewareStack.identify();

    // Assess
    expect(names.some((n) => n.startsWith(SDK_LOGGER_MIDDLEWARE))).toBe(false);
    expect(names.some((n) => n.startsWith('serializerMiddleware'))).toBe(true);
  });
});

/** An answer of the DynamoDB JSON protocol. */
function answer(status: number, body: Record<string, unknown>) {
  return {
    response: {
      statusCode: status,
      headers: { 'content-type': 'application/x-amz-json-1.0' },
      body: Readable.from([Buffer.from(JSON.stringify(body))]),
    },
  };
}

const cancelled =
  (...codes: string[]) =>
  () =>
    answer(400, {
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      message: 'Transaction cancelled',
      CancellationReasons: codes.map((Code) => ({ Code })),
    });

/** A client of dynamoDbClient() whose sends get `answers` in turn (the last one repeats), offline. */
function scriptedClient(answers: (() => ReturnType<typeof answer>)[]): { client: DynamoDBClient; bodies: string[] } {
  const bodies: string[] = [];
  const client = dynamoDbClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    requestHandler: {
      handle: async (request: { body: Uint8Array }) => {
        bodies.push(new TextDecoder().decode(request.body));
        return answers[Math.min(bodies.length, answers.length) - 1]!();
      },
    } as never,
  });
  return { client, bodies };
}

const transaction = () =>
  new TransactWriteItemsCommand({
    TransactItems: [{ Put: { TableName: 'cases', Item: { case_id: { S: 'c1' } } } }],
    ClientRequestToken: 'token-1',
  });

describe('retries by the SDK retryer', () => {
  afterEach(() => resetAwsClients());

  it('gives every shared client the adaptive retry mode and one number of attempts', async () => {
    // Act
    const clients = [ddb(), s3Client(), cognitoClient(), lambdaClient()];
    // Assess
    for (const client of clients) {
      expect(await client.config.maxAttempts()).toBe(SDK_MAX_ATTEMPTS);
      const { retryMode } = client.config as { retryMode: string | (() => Promise<string>) };
      expect(typeof retryMode === 'string' ? retryMode : await retryMode()).toBe('adaptive');
    }
    expect(
      ddb()
        .middlewareStack.identify()
        .some((n) => n.startsWith(TRANSACTION_RETRY_MIDDLEWARE)),
    ).toBe(true);
  });

  it('retries a transaction cancelled by a conflict, then by throttling, with the same request token', async () => {
    // Prepare
    const { client, bodies } = scriptedClient([
      cancelled('None', 'TransactionConflict'),
      cancelled('ThrottlingError'),
      () => answer(200, {}),
    ]);
    // Act
    const out = await client.send(transaction());
    // Assess
    expect(out.$metadata.attempts).toBe(3);
    const tokens = bodies.map((b) => (JSON.parse(b) as { ClientRequestToken: string }).ClientRequestToken);
    expect(tokens).toEqual(['token-1', 'token-1', 'token-1']);
  });

  it('does not retry a cancellation whose condition failed, even beside a conflict', async () => {
    // Prepare
    const { client, bodies } = scriptedClient([cancelled('ConditionalCheckFailed', 'TransactionConflict')]);
    // Act
    const outcome = client.send(transaction());
    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(bodies).toHaveLength(1);
  });

  it(`gives up after ${SDK_MAX_ATTEMPTS} sends with the SDK error`, async () => {
    // Prepare
    const { client, bodies } = scriptedClient([cancelled('TransactionConflict')]);
    // Act
    const outcome = client.send(transaction());
    // Assess
    await expect(outcome).rejects.toMatchObject({
      name: 'TransactionCanceledException',
      $metadata: { attempts: SDK_MAX_ATTEMPTS },
    });
    expect(bodies).toHaveLength(SDK_MAX_ATTEMPTS);
  });
});
