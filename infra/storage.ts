/**
 * Storage construct: the private bucket for case documents.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageSettings } from './stage';
import { EXPORTS_PREFIX, EXPORT_RETENTION_DAYS } from '../shared/schemas/export';

export interface StorageProps {
  settings: StageSettings;
  /** Origins allowed to use presigned URLs from the browser, e.g. `https://d111.cloudfront.net`. */
  corsOrigins: string[];
  /** The customer-managed key of the documents (infra/keys.ts `dataKey`). */
  encryptionKey: kms.IKey;
  /** The bucket that receives the server access logs (infra/access-logs.ts), under `s3/documents/`. */
  accessLogsBucket: s3.IBucket;
}

/**
 * The documents bucket (PHI: case documents uploaded and downloaded through presigned URLs).
 *
 * No public access (all four public-access blocks), TLS only (a bucket policy denies requests with
 * `aws:SecureTransport` false), SSE-KMS with the stack's customer-managed key and an S3 bucket key
 * (docs/security.md), server access logs to the access-log bucket, versioning, object ownership enforced, CORS for
 * the SPA origin with GET, PUT and HEAD; incomplete multipart uploads are aborted after 7 days,
 * unconfirmed staging uploads (`private/uploads/`) and list-import files (`imports/`) expire after 1 day,
 * list exports (`private/exports/`) after {@link EXPORT_RETENTION_DAYS} days (other noncurrent versions are kept: deciding their retention is a records-policy question).
 * Retained in prod; in other stages destroyed with the stack, its objects deleted first.
 */
export class Storage extends Construct {
  readonly documentsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const { settings } = props;

    this.documentsBucket = new s3.Bucket(this, 'DocumentsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: props.encryptionKey,
      bucketKeyEnabled: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 's3/documents/',
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      cors: [
        {
          allowedOrigins: props.corsOrigins,
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.PUT, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        // Uploads never confirmed (lambdas/document/keys.ts STAGING_PREFIX) are PHI nobody can reach: gone after a day.
        { prefix: 'private/uploads/', expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
        // Reference files uploaded for a list import (lambdas/lists/imports.ts): deleted after the import, else after a day.
        { prefix: 'imports/', expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
        // Server exports of lists (lambdas/export/job.ts): the file and its state, gone after a week.
        {
          prefix: EXPORTS_PREFIX,
          expiration: Duration.days(EXPORT_RETENTION_DAYS),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !settings.isProd,
    });
  }
}
