/**
 * `npm run seed:stage` (bin/seed-stage.ts), with every AWS client mocked by
 * aws-sdk-client-mock (no network): it refuses production before any AWS call, reads the stack's
 * outputs, creates the demo users in their groups, writes the seed to the stage's tables and
 * bucket, and a second run adds nothing. DynamoDB and Cognito answer from small in-memory stores
 * so that "already exists" is answered the way AWS answers it.
 */
import { CloudFormationClient, DescribeStacksCommand, type Stack } from '@aws-sdk/client-cloudformation';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  ListGroupsCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { EXIT, parseArgs, runSeedStage, UsageError } from '../../../bin/seed-stage';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../local/seed';
import { TABLES, type TableDef } from '../../../lambdas/lib/tables';

type Item = Record<string, unknown>;

/** Fake timers for Date only, at `now` (ms): the SDK's timers keep running. */
function fakeDateOnly(now: number): Parameters<typeof jest.useFakeTimers>[0] {
  return {
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  };
}

const cfn = mockClient(CloudFormationClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const doc = mockClient(DynamoDBDocumentClient);
const rawDynamo = mockClient(DynamoDBClient);
const s3 = mockClient(S3Client);

const STAGE_STACK: Stack = {
  StackName: 'Suture-qa-123',
  StackStatus: 'CREATE_COMPLETE',
  CreationTime: new Date('2026-11-20T09:00:00Z'),
  EnableTerminationProtection: false,
  Tags: [{ Key: 'stage', Value: 'qa-123' }],
  Outputs: [
    { OutputKey: 'UserPoolId', OutputValue: 'us-east-1_QaPool123' },
    { OutputKey: 'UserPoolClientId', OutputValue: 'client123' },
    { OutputKey: 'DocumentsBucketName', OutputValue: 'suture-qa-123-documents-abc' },
    { OutputKey: 'SpaUrl', OutputValue: 'https://d111.cloudfront.net' },
    { OutputKey: 'ApiUrl', OutputValue: 'https://api.example' },
  ],
};

/** Tables by physical name: items by their key (partition key and sort key values). */
let tables: Map<string, Map<string, Item>>;
/** Cognito users by username: sub and groups. */
let users: Map<string, { sub: string; groups: Set<string>; password?: string }>;
let groups: Set<string>;
let objects: Map<string, Uint8Array>;

function keyOf(tableName: string, item: Item): string {
  const def = (TABLES as readonly TableDef[]).find((t) => tableName.endsWith(`-${t.id}`));
  if (!def) throw new Error(`unknown table ${tableName}`);
  return JSON.stringify([item[def.partitionKey.name], def.sortKey ? item[def.sortKey.name] : null]);
}
function table(name: string): Map<string, Item> {
  let t = tables.get(name);
  if (!t) tables.set(name, (t = new Map()));
  return t;
}
/** The seed's conditions are "attribute_not_exists(<key>)" (create only) or none. */
function blockedPut(input: { TableName?: string; Item?: Item; ConditionExpression?: string }): boolean {
  return (
    /attribute_not_exists/.test(input.ConditionExpression ?? '') &&
    table(input.TableName!).has(keyOf(input.TableName!, input.Item!))
  );
}

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { log: (l: string) => out.push(l), error: (l: string) => err.push(l) } };
}

function itemCounts(): Record<string, number> {
  return Object.fromEntries([...tables].map(([name, items]) => [name, items.size]));
}

beforeEach(() => {
  process.env.AWS_REGION = 'us-east-1';
  tables = new Map();
  users = new Map();
  groups = new Set(['admin']);
  objects = new Map();
  for (const mock of [cfn, cognito, doc, rawDynamo, s3]) mock.reset();
  rawDynamo.onAnyCommand().rejects(new Error('unexpected call of the low-level DynamoDB client'));
  cfn.on(DescribeStacksCommand, { StackName: 'Suture-qa-123' }).resolves({ Stacks: [STAGE_STACK] });

  cognito.on(ListGroupsCommand).callsFake(() => ({ Groups: [...groups].map((GroupName) => ({ GroupName })) }));
  cognito.on(CreateGroupCommand).callsFake((input: { GroupName: string }) => {
    groups.add(input.GroupName);
    return {};
  });
  cognito.on(AdminCreateUserCommand).callsFake((input: { Username: string }) => {
    if (users.has(input.Username)) {
      throw new UsernameExistsException({ message: 'User account already exists', $metadata: {} });
    }
    users.set(input.Username, { sub: `sub-${users.size + 1}`, groups: new Set() });
    return {};
  });
  cognito.on(AdminSetUserPasswordCommand).callsFake((input: { Username: string; Password: string }) => {
    users.get(input.Username)!.password = input.Password;
    return {};
  });
  cognito.on(AdminAddUserToGroupCommand).callsFake((input: { Username: string; GroupName: string }) => {
    if (!groups.has(input.GroupName)) throw new Error(`no group ${input.GroupName}`);
    users.get(input.Username)!.groups.add(input.GroupName);
    return {};
  });
  cognito.on(AdminGetUserCommand).callsFake((input: { Username: string }) => ({
    Username: input.Username,
    UserAttributes: [{ Name: 'sub', Value: users.get(input.Username)!.sub }],
  }));

  doc.on(GetCommand).callsFake((input: { TableName: string; Key: Item }) => ({
    Item: table(input.TableName).get(keyOf(input.TableName, input.Key)),
  }));
  doc.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Item[] }> }) => ({
    Responses: Object.fromEntries(
      Object.entries(input.RequestItems).map(([name, { Keys }]) => [
        name,
        Keys.map((k) => table(name).get(keyOf(name, k))).filter(Boolean),
      ]),
    ),
    UnprocessedKeys: {},
  }));
  doc.on(PutCommand).callsFake((input: { TableName: string; Item: Item; ConditionExpression?: string }) => {
    if (blockedPut(input))
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    table(input.TableName).set(keyOf(input.TableName, input.Item), input.Item);
    return {};
  });
  doc.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, { PutRequest?: { Item: Item } }[]> }) => {
    for (const [name, requests] of Object.entries(input.RequestItems)) {
      for (const r of requests) if (r.PutRequest) table(name).set(keyOf(name, r.PutRequest.Item), r.PutRequest.Item);
    }
    return { UnprocessedItems: {} };
  });
  doc.on(TransactWriteCommand).callsFake((input: { TransactItems: Record<string, Item & { TableName: string }>[] }) => {
    const reasons = input.TransactItems.map((action) =>
      action.Put && blockedPut(action.Put as never) ? 'ConditionalCheckFailed' : 'None',
    );
    if (reasons.includes('ConditionalCheckFailed')) {
      throw new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: reasons.map((Code) => ({ Code })),
      });
    }
    for (const action of input.TransactItems) {
      const put = action.Put as { TableName: string; Item: Item } | undefined;
      if (put) table(put.TableName).set(keyOf(put.TableName, put.Item), put.Item);
    }
    return {};
  });
  // The case-number counter (lambdas/data/counters/case-numbers.ts, ADD answers the new value) and
  // the numbering of cases; every other update is accepted and not kept.
  doc
    .on(UpdateCommand)
    .callsFake(
      (input: { TableName: string; Key: Item; UpdateExpression: string; ExpressionAttributeValues?: Item }) => {
        const key = keyOf(input.TableName, input.Key);
        const item = table(input.TableName).get(key) ?? { ...input.Key };
        const values = input.ExpressionAttributeValues ?? {};
        if (input.UpdateExpression === 'ADD #n :count') {
          item.n = Number(item.n ?? 0) + Number(values[':count']);
          table(input.TableName).set(key, item);
          return { Attributes: { n: item.n } };
        }
        // The numbering of cases seeded without a number (lambdas/data/case/numbering.ts).
        if (input.UpdateExpression === 'SET #num = :num, #sp = :sp, #s = :s ADD #v :one') {
          table(input.TableName).set(key, {
            ...item,
            case_number: values[':num'],
            search_num_p: values[':sp'],
            search_num: values[':s'],
            version: Number(item.version ?? 0) + 1,
          });
        }
        return {};
      },
    );
  // A dispute's partition (the record and events between two sort keys); every other Query: nothing.
  doc
    .on(QueryCommand)
    .callsFake(
      (input: { TableName: string; ExpressionAttributeValues?: Record<string, string>; IndexName?: string }) => {
        const v = input.ExpressionAttributeValues ?? {};
        if (!input.TableName.endsWith('-disputes') || input.IndexName || v[':lo'] === undefined) return { Items: [] };
        const items = [...table(input.TableName).values()].filter(
          (i) => i.case_id === v[':c'] && String(i.sk) >= v[':lo']! && String(i.sk) <= v[':hi']!,
        );
        return { Items: items.sort((a, b) => (String(a.sk) < String(b.sk) ? -1 : 1)) };
      },
    );
  doc.on(ScanCommand).callsFake((input: { TableName: string }) => ({ Items: [...table(input.TableName).values()] }));
  s3.on(PutObjectCommand).callsFake((input: { Bucket: string; Key: string; Body: Uint8Array }) => {
    objects.set(`${input.Bucket}/${input.Key}`, input.Body);
    return {};
  });
});

describe('the arguments', () => {
  it('takes the stage like the CDK CLI context flag, in each of its spellings', () => {
    // Act & Assess
    expect(parseArgs(['-c', 'stage=qa-123']).stage).toBe('qa-123');
    expect(parseArgs(['--context', 'stage=qa-7']).stage).toBe('qa-7');
    expect(parseArgs(['--context=stage=qa-8', '-c', 'other=x']).stage).toBe('qa-8');
    expect(parseArgs(['-c', 'stage=qa-9', '--profile', 'qa']).profile).toBe('qa');
    expect(() => parseArgs(['--stage', 'qa-1'])).toThrow(UsageError);
    expect(() => parseArgs(['-c', 'stage'])).toThrow(UsageError);
  });

  it('answers a missing or malformed stage with the usage and exit code 2, without any AWS call', async () => {
    // Prepare
    const missing = io();
    const malformed = io();

    // Act
    const codes = [await runSeedStage([], missing.io), await runSeedStage(['-c', 'stage=QA_1'], malformed.io)];

    // Assess
    expect(codes).toEqual([EXIT.USAGE, EXIT.USAGE]);
    expect(missing.err.join('\n')).toMatch(/-c stage=<stage>/);
    expect(malformed.err.join('\n')).toMatch(/Invalid stage "QA_1"/);
    expect(cfn.calls()).toHaveLength(0);
  });
});

describe('production', () => {
  it('is refused with a clear message and exit code 3 before any AWS call', async () => {
    // Prepare
    const { err, io: out } = io();

    // Act
    const code = await runSeedStage(['-c', 'stage=prod'], out);

    // Assess
    expect(code).toBe(EXIT.REFUSED);
    expect(err.join('\n')).toMatch(/Refusing to seed stage "prod": it is production/);
    for (const mock of [cfn, cognito, doc, rawDynamo, s3]) expect(mock.calls()).toHaveLength(0);
  });

  it('is refused when the stack itself is marked as production, and nothing is written', async () => {
    // Prepare: a stage whose stack carries termination protection (infra/app.ts sets it for prod)
    cfn
      .on(DescribeStacksCommand, { StackName: 'Suture-qa-123' })
      .resolves({ Stacks: [{ ...STAGE_STACK, EnableTerminationProtection: true }] });
    const { err, io: out } = io();

    // Act
    const code = await runSeedStage(['-c', 'stage=qa-123'], out);

    // Assess
    expect(code).toBe(EXIT.REFUSED);
    expect(err.join('\n')).toMatch(/marked as production/);
    expect(cognito.calls()).toHaveLength(0);
    expect(doc.calls()).toHaveLength(0);
  });
});

describe('a QA stage', () => {
  it('says how to deploy a stage whose stack does not exist, with exit code 1', async () => {
    // Prepare
    cfn
      .on(DescribeStacksCommand, { StackName: 'Suture-qa-404' })
      .rejects(Object.assign(new Error('Stack with id Suture-qa-404 does not exist'), { name: 'ValidationError' }));
    const { err, io: out } = io();

    // Act
    const code = await runSeedStage(['-c', 'stage=qa-404'], out);

    // Assess
    expect(code).toBe(EXIT.FAILED);
    expect(err.join('\n')).toMatch(/Stack Suture-qa-404 does not exist.*npx cdk deploy -c stage=qa-404/);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('creates the demo users with the demo password as permanent password, in the groups of their user_type', async () => {
    // Act
    const code = await runSeedStage(['-c', 'stage=qa-123'], io().io);

    // Assess
    expect(code).toBe(EXIT.OK);
    expect(cfn.commandCalls(DescribeStacksCommand)[0]!.args[0].input).toEqual({ StackName: 'Suture-qa-123' });
    expect([...groups].sort()).toEqual(['admin', 'staff', 'surgeon']);
    expect([...users.keys()]).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    for (const account of DEMO_ACCOUNTS) {
      expect([...users.get(account.email)!.groups]).toEqual([...account.groups]);
      expect(users.get(account.email)!.password).toBe(DEMO_PASSWORD);
    }
    for (const call of cognito.commandCalls(AdminCreateUserCommand)) {
      expect(call.args[0].input).toMatchObject({ UserPoolId: 'us-east-1_QaPool123', MessageAction: 'SUPPRESS' });
    }
    for (const call of cognito.commandCalls(AdminSetUserPasswordCommand)) {
      expect(call.args[0].input).toMatchObject({ UserPoolId: 'us-east-1_QaPool123', Permanent: true });
    }
  });

  it('writes the seed to the tables of the stage and its documents to the bucket named by the outputs', async () => {
    // Act
    await runSeedStage(['-c', 'stage=qa-123'], io().io);

    // Assess
    const counts = itemCounts();
    expect(Object.keys(counts).every((name) => name.startsWith('suture-qa-123-'))).toBe(true);
    const cases = [...table('suture-qa-123-cases').values()].filter((i) => typeof i.case_id === 'string');
    expect(cases.length).toBe(64 + 24);
    // Every seeded case numbered once, from the stage's counter.
    const numbers = cases.map((c) => String(c.case_number));
    expect(numbers.every((n) => /^C-\d{6,}$/.test(n))).toBe(true);
    // With the key of the number's search index.
    expect(cases.every((c) => c.search_num === String(c.case_number).toLowerCase())).toBe(true);
    expect(new Set(numbers).size).toBe(cases.length);
    const profiles = [...table('suture-qa-123-users').values()].filter((i) => typeof i.user_email === 'string');
    expect(profiles.map((p) => p.user_email).sort()).toEqual(
      DEMO_ACCOUNTS.filter((a) => a.userType !== undefined)
        .map((a) => a.email)
        .sort(),
    );
    expect(profiles.find((p) => p.user_email === 'provider1@example.com')).toMatchObject({ user_id: 'sub-1' });
    expect(counts['suture-qa-123-surgeons']).toBeGreaterThanOrEqual(14);
    expect(counts['suture-qa-123-facilities']).toBeGreaterThanOrEqual(9);
    expect(counts['suture-qa-123-cpt-codes']).toBeGreaterThan(0);
    expect(objects.size).toBeGreaterThan(100);
    // provider1's 36 cases in statuses 40 to 90 have a dispute record, recorded by caseadmin.
    const disputes = [...table('suture-qa-123-disputes').values()];
    const caseAdmin = users.get('caseadmin@example.com')!.sub;
    expect(disputes.filter((i) => i.sk === 'dispute')).toHaveLength(36);
    const events = disputes.filter((i) => String(i.sk).startsWith('event#'));
    expect(events.length).toBeGreaterThan(36 * 3);
    expect(events.every((e) => e.recorded_by === caseAdmin)).toBe(true);
    expect([...objects.keys()].every((k) => k.startsWith('suture-qa-123-documents-abc/'))).toBe(true);
    // Case dates follow the stack's creation time (the same on every run), within the twelve months before it.
    const dates = cases.map((c) => String(c.case_date)).sort();
    expect(dates[dates.length - 1]! < '2026-11-20').toBe(true);
    expect(dates[0]! >= '2025-11-20').toBe(true);
  });

  it('adds nothing when run a second time, weeks later: no new user, item or document', async () => {
    // Prepare
    await runSeedStage(['-c', 'stage=qa-123'], io().io);
    const countsBefore = itemCounts();
    const objectsBefore = objects.size;
    const subsBefore = [...users.values()].map((u) => u.sub);
    doc.resetHistory();
    s3.resetHistory();
    const second = io();
    // Weeks later (only Date is faked): the plan of cases must not move with the clock.
    jest.useFakeTimers(fakeDateOnly(Date.now() + 40 * 86_400_000));

    // Act
    const code = await runSeedStage(['-c', 'stage=qa-123'], second.io).finally(() => jest.useRealTimers());

    // Assess
    expect(code).toBe(EXIT.OK);
    expect(itemCounts()).toEqual(countsBefore);
    expect(objects.size).toBe(objectsBefore);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    expect([...users.values()].map((u) => u.sub)).toEqual(subsBefore);
    expect(second.out.join('\n')).toMatch(
      /new: profiles 0, surgeons 0, facilities 0, cases 0, CPT codes 0, disputes 0/,
    );
  });
});
