/**
 * Data construct: one DynamoDB table per definition in `lambdas/lib/tables.ts`.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { TABLES, physicalTableName, type AttributeType, type KeyDef, type TableDef } from '../lambdas/lib/tables';
import type { StageSettings } from './stage';

export interface DataProps {
  settings: StageSettings;
  /** The customer-managed key the tables are encrypted with (infra/keys.ts `dataKey`). */
  encryptionKey: kms.IKey;
}

/** Map a shared key definition to a CDK attribute. */
function attribute(key: KeyDef): dynamodb.Attribute {
  const types: Record<AttributeType, dynamodb.AttributeType> = {
    S: dynamodb.AttributeType.STRING,
    N: dynamodb.AttributeType.NUMBER,
  };
  return { name: key.name, type: types[key.type] };
}

/**
 * The tables of the shared definitions (`TABLES`), with their keys and global secondary indexes.
 *
 * Every table: on-demand billing, point-in-time recovery, encryption at rest with the stack's
 * customer-managed key (`encryptionKey`; grants on a table include the key),
 * physical name `suture-<stage>-<id>` (the same names the local runtime uses). Retained and
 * deletion-protected in prod; destroyed with the stack in other stages. A table with a
 * `timeToLiveAttribute` (the audit trail: six years) expires its items by DynamoDB TTL.
 */
export class Data extends Construct {
  /** Tables by the environment variable that carries their name, e.g. `CASES_TABLE`. */
  readonly tablesByEnvVar: ReadonlyMap<string, dynamodb.Table>;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { settings } = props;
    const tables = new Map<string, dynamodb.Table>();

    for (const def of TABLES as readonly TableDef[]) {
      const table = new dynamodb.Table(this, `Table-${def.id}`, {
        tableName: physicalTableName(settings.resourcePrefix, def),
        partitionKey: attribute(def.partitionKey),
        ...(def.sortKey ? { sortKey: attribute(def.sortKey) } : {}),
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
        encryptionKey: props.encryptionKey,
        deletionProtection: settings.isProd,
        removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        ...(def.timeToLiveAttribute ? { timeToLiveAttribute: def.timeToLiveAttribute } : {}),
      });
      for (const index of def.globalSecondaryIndexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.indexName,
          partitionKey: attribute(index.partitionKey),
          ...(index.sortKey ? { sortKey: attribute(index.sortKey) } : {}),
          projectionType: dynamodb.ProjectionType.ALL,
        });
      }
      tables.set(def.envVar, table);
    }
    this.tablesByEnvVar = tables;
  }

  /**
   * The table whose name travels in `envVar`.
   * @throws Error when no shared table definition uses that variable (a mistake in `RESOURCE_ACCESS`).
   */
  table(envVar: string): dynamodb.Table {
    const table = this.tablesByEnvVar.get(envVar);
    if (!table) throw new Error(`No table is declared with envVar ${envVar} in lambdas/lib/tables.ts`);
    return table;
  }
}
