/**
 * Asynchronous Lambda invocation (Lambda Invoke API, `InvocationType: Event`), used by the case
 * Lambda to ask the document Lambda to delete a deleted case's files without
 * any S3 grant of its own.
 *
 * Uses `@aws-sdk/client-lambda`; the endpoint is the SDK's standard `AWS_ENDPOINT_URL_LAMBDA` when
 * set (the local runtime answers the Invoke API there, local/lambda-api.ts), else the
 * regional Lambda endpoint. Credentials are the Lambda execution role's.
 */
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { lambdaClient } from './aws';

/**
 * Invoke `functionName` asynchronously with `payload` (serialised as JSON). Resolves once Lambda
 * has queued the event (HTTP 202). Throws the SDK's error, or an Error naming the status when the
 * service answers anything but 202.
 */
export async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  const out = await lambdaClient().send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  if (out.StatusCode !== 202) throw new Error(`Lambda Invoke of ${functionName} answered ${out.StatusCode}`);
}
