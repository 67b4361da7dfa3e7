/**
 * The X-Ray tracer (Powertools Tracer) and the capture of the AWS SDK clients (./aws.ts).
 *
 * Tracing runs only inside Lambda with active tracing (infra/api.ts); elsewhere, or with
 * `POWERTOOLS_TRACE_ENABLED=false` (the local runtime's default), every call here is a no-op and
 * clients are returned as they are. Responses are never recorded in a trace: they hold PHI
 * (docs/decisions/0013-observability.md).
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_DIMENSION } from './metrics';

/** The one Tracer of a Lambda. */
export const tracer = new Tracer({ serviceName: SERVICE_DIMENSION });

/** `client` with an X-Ray subsegment per call when tracing is on; `client` itself otherwise. */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}
