import './support/env';
import { Readable } from 'node:stream';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { SDK_LOGGER_MIDDLEWARE, ddb, resetAwsClients, withoutSdkLogging } from '../../../lambdas/lib/aws';

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

describe('the SDK clients without the SDK logger middleware (issue 7, section 1)', () => {
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
