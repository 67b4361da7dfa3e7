/**
 * The shared structured logger (Powertools). Service name from `POWERTOOLS_SERVICE_NAME`
 * (default `suture`), level from `LOG_LEVEL` / `POWERTOOLS_LOG_LEVEL`.
 *
 * PHI rule: never log request or response bodies, patient names, dates of birth or document
 * contents. Log ids, route keys, error names and messages only.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'suture' });
