/**
 * Access logs construct: the bucket that receives the S3 server access logs of the stack's buckets and
 * the CloudFront standard logs (HIPAA 164.312(b)).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageSettings } from './stage';

/** How long access logs are kept: six years, the retention of HIPAA documentation (164.316(b)(2)(i)). */
export const ACCESS_LOG_RETENTION_DAYS = 6 * 365;

export interface AccessLogsProps {
  settings: StageSettings;
}

/**
 * The access-log bucket: no public access, TLS only, versioned, S3-managed encryption (S3 server access
 * logging delivers only to SSE-S3 buckets, not SSE-KMS), ACLs allowed for the bucket owner
 * (BUCKET_OWNER_PREFERRED: CloudFront standard logging writes with the awslogsdelivery ACL), objects
 * expired after {@link ACCESS_LOG_RETENTION_DAYS}. Prefixes: `s3/documents/`, `s3/spa/`, `cloudfront/`.
 * Retained in prod; emptied and destroyed with other stages.
 */
export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsProps) {
    super(scope, id);
    const { settings } = props;
    this.bucket = new s3.Bucket(this, 'LogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        {
          expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS),
          noncurrentVersionExpiration: Duration.days(30),
        },
      ],
      removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !settings.isProd,
    });
  }
}
