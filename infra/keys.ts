/**
 * Keys construct: the KMS customer-managed keys of the stack (issue 9, section 3).
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import type { StageSettings } from './stage';

export interface KeysProps {
  settings: StageSettings;
}

/**
 * Two symmetric customer-managed keys, each rotated yearly by KMS:
 *
 * - `dataKey`: the PHI at rest, every DynamoDB table and the documents bucket (HIPAA 164.312(a)(2)(iv));
 *   the grants of `RESOURCE_ACCESS` (infra/api.ts) carry its use, so only functions that may read or
 *   write a table or the bucket can decrypt;
 * - `logsKey`: the CloudWatch log groups (Lambda logs and the HTTP API's access log); its key policy
 *   lets the CloudWatch Logs service of the stack's region use it for log groups of this account only.
 *
 * Retained in prod; in other stages scheduled for deletion (7 days) with the stack.
 */
export class Keys extends Construct {
  readonly dataKey: kms.Key;
  readonly logsKey: kms.Key;

  constructor(scope: Construct, id: string, props: KeysProps) {
    super(scope, id);
    const { settings } = props;
    const removal = {
      removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(settings.isProd ? 30 : 7),
    };
    this.dataKey = new kms.Key(this, 'DataKey', {
      description: `Suture ${settings.stage}: tables and documents bucket`,
      enableKeyRotation: true,
      ...removal,
    });
    this.logsKey = new kms.Key(this, 'LogsKey', {
      description: `Suture ${settings.stage}: CloudWatch log groups`,
      enableKeyRotation: true,
      ...removal,
    });
    const stack = Stack.of(this);
    this.logsKey.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal(`logs.${stack.region}.amazonaws.com`)],
        actions: ['kms:Encrypt*', 'kms:Decrypt*', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
        resources: ['*'],
        conditions: {
          ArnLike: {
            'kms:EncryptionContext:aws:logs:arn': `arn:${stack.partition}:logs:${stack.region}:${stack.account}:*`,
          },
        },
      }),
    );
  }
}
