/**
 * The DynamoDB an import CLI (`npm run import:cpt`, `npm run import:nucc`) writes to, chosen by its
 * options, first that applies:
 * - `--endpoint URL`: a running DynamoDB-compatible endpoint (the emulators' fixed credentials
 *   unless AWS ones are in the environment);
 * - `--local`, or no table variable of the CLI in the environment and no `--stage`: the local
 *   runtime's DynamoDB (./local-target.ts);
 * - otherwise AWS, with the SDK's usual credentials and region.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { dynamoDbClient } from '../../lambdas/lib/aws';
import { DEFAULT_DATA_DIR, DEFAULT_LOCAL_PREFIX, openLocalDynamo } from './local-target';

/** The `node:util` parseArgs options that choose the target. */
const TARGET_OPTIONS = {
  local: { type: 'boolean' },
  endpoint: { type: 'string' },
  'data-dir': { type: 'string' },
  prefix: { type: 'string' },
  stage: { type: 'string' },
} as const;

/**
 * The arguments of an import CLI: `-h`/`--help`, the target options ({@link TARGET_OPTIONS}), the
 * CLI's own `options`, and positionals (the file).
 * @throws the `node:util` parseArgs error (`ERR_PARSE_ARGS_UNKNOWN_OPTION`) for an unknown option.
 */
export function parseImportArgs<const O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' }, ...TARGET_OPTIONS, ...options },
  });
}

/** The parsed values of {@link TARGET_OPTIONS}. */
export interface TargetValues {
  local?: boolean;
  endpoint?: string;
  'data-dir'?: string;
  prefix?: string;
  stage?: string;
}

export interface DynamoTarget {
  kind: 'endpoint' | 'local' | 'aws';
  /** Where the writes go, for the CLI's output. */
  description: string;
  doc: DynamoDBDocumentClient;
  /**
   * The prefix of the physical table names (`--prefix`, default `suture-local`; `suture-<stage>`
   * with `--stage` on AWS); undefined on AWS without `--stage`, where the table variables name them.
   */
  tablePrefix: string | undefined;
  close(): Promise<void>;
}

function documentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

/**
 * Open the target the options choose (see the module doc); `tableVariableSet` says whether the
 * CLI's table variable (`CPT_CODES_TABLE`, `LISTS_TABLE`) is set.
 * @throws StoreInUseError (./local-target.ts) when the local store is held by another process.
 */
export async function openDynamoTarget(values: TargetValues, tableVariableSet: boolean): Promise<DynamoTarget> {
  const prefix = values.prefix ?? DEFAULT_LOCAL_PREFIX;
  if (values.endpoint) {
    const client = dynamoDbClient({
      endpoint: values.endpoint,
      region: process.env.AWS_REGION ?? 'us-east-1',
      ...(process.env.AWS_ACCESS_KEY_ID ? {} : { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    });
    const description = `endpoint ${values.endpoint}`;
    return {
      kind: 'endpoint',
      description,
      doc: documentClient(client),
      tablePrefix: prefix,
      close: async () => client.destroy(),
    };
  }
  if (values.local || (!tableVariableSet && !values.stage)) {
    const local = await openLocalDynamo(values['data-dir'] ?? DEFAULT_DATA_DIR, prefix);
    return {
      kind: 'local',
      description: local.description,
      doc: documentClient(local.client),
      tablePrefix: prefix,
      close: () => local.close(),
    };
  }
  const client = dynamoDbClient();
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  return {
    kind: 'aws',
    description: endpoint ? `AWS SDK endpoint ${endpoint}` : 'AWS',
    doc: documentClient(client),
    tablePrefix: values.stage ? `suture-${values.stage}` : undefined,
    close: async () => client.destroy(),
  };
}
