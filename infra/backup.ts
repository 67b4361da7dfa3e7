/**
 * Backup construct: an AWS Backup plan for the tables and the documents bucket (HIPAA 164.308(a)(7)(ii)(A), data backup plan).
 */
import * as backup from 'aws-cdk-lib/aws-backup';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** AWS Backup's managed policies for S3 (the DynamoDB ones are attached by the selection itself). */
export const S3_BACKUP_POLICIES = ['AWSBackupServiceRolePolicyForS3Backup', 'AWSBackupServiceRolePolicyForS3Restore'];

export interface BackupProps {
  tables: readonly dynamodb.ITable[];
  documentsBucket: s3.IBucket;
}

/**
 * A daily backup at 05:00 UTC of every table and of the documents bucket, each recovery point kept
 * 35 days (AWS Backup's `daily35DayRetention` plan, in its own vault). This adds to point-in-time
 * recovery (tables, 35 days) and versioning (bucket): a backup survives the deletion of its source.
 * The selection's role may back up and restore DynamoDB and S3 (AWS Backup's managed service-role
 * policies). The vault is retained when the stack is destroyed, as AWS Backup refuses to delete a
 * vault that holds recovery points.
 */
export class Backup extends Construct {
  readonly plan: backup.BackupPlan;
  readonly selection: backup.BackupSelection;

  constructor(scope: Construct, id: string, props: BackupProps) {
    super(scope, id);
    this.plan = backup.BackupPlan.daily35DayRetention(this, 'Plan');
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('backup.amazonaws.com'),
      description: 'AWS Backup: back up and restore the Suture tables and documents bucket',
      managedPolicies: S3_BACKUP_POLICIES.map((name) => iam.ManagedPolicy.fromAwsManagedPolicyName(name)),
    });
    this.selection = this.plan.addSelection('Selection', {
      resources: [
        ...props.tables.map((t) => backup.BackupResource.fromDynamoDbTable(t)),
        backup.BackupResource.fromArn(props.documentsBucket.bucketArn),
      ],
      role,
      allowRestores: true,
    });
  }
}
