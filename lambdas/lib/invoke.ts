/**
 * Asynchronous Lambda invocation (Lambda Invoke API, `InvocationType: Event`), used by the case
 * Lambda to ask the document Lambda to delete a deleted case's files (issue 6, section 3) without
 * any S3 grant of its own.
 *
 * A small SigV4-signed POST (`@smithy/signature-v4`, the signer inside the AWS SDK) to
 * `{endpoint}/2015-03-31/functions/{name}/invocations` with `X-Amz-Invocation-Type: Event`; the
 * endpoint is the SDK's standard `AWS_ENDPOINT_URL_LAMBDA` when set (the local runtime answers the
 * Invoke API there), else `https://lambda.{AWS_REGION}.amazonaws.com`. Credentials are the Lambda
 * execution role's (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`).
 * (`@aws-sdk/client-lambda` would do the same; it is not a dependency of the project yet.)
 *
 * Throws when the service does not answer 202 Accepted.
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

/** Node's SHA-256 in the shape the signer wants (`new Sha256(secret?)`, update, digest). */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBuffer(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

function toBuffer(data: string | ArrayBuffer | ArrayBufferView): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

export { Sha256 as NodeSha256 };

/**
 * Invoke `functionName` asynchronously with `payload` (JSON). Resolves once Lambda has queued the
 * event (202). Throws an Error naming the status otherwise, or when credentials are missing.
 */
export async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment');
  const endpoint = new URL(process.env.AWS_ENDPOINT_URL_LAMBDA ?? `https://lambda.${region}.amazonaws.com`);
  const base = endpoint.pathname.replace(/\/+$/, '');
  const path = `${base}/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`;
  const body = JSON.stringify(payload);
  const signer = new SignatureV4({
    credentials: { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN },
    region,
    service: 'lambda',
    sha256: Sha256,
  });
  const signed = await signer.sign({
    method: 'POST',
    protocol: endpoint.protocol,
    hostname: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    path,
    query: {},
    headers: {
      host: endpoint.host,
      'content-type': 'application/json',
      'x-amz-invocation-type': 'Event',
    },
    body,
  });
  const { host: _host, ...headers } = signed.headers;
  const res = await fetch(`${endpoint.protocol}//${endpoint.host}${path}`, {
    method: 'POST',
    headers,
    body,
  });
  if (res.status !== 202) {
    const text = await res.text().catch(() => '');
    throw new Error(`Lambda Invoke of ${functionName} answered ${res.status} ${text.slice(0, 200)}`);
  }
}
