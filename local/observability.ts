/**
 * Powertools Metrics and Tracer are off in the local runtime unless `SUTURE_OBSERVABILITY=1`: no EMF
 * lines among the request log, no X-Ray attempts without a daemon. The handlers do not know: the
 * runtime sets the variables Powertools documents, as Lambda's environment would
 * (docs/decisions/0013-observability.md).
 *
 * Imported first by ./index.ts, since Powertools reads them when its Metrics and Tracer are built, at
 * import; the pool's threads inherit them.
 */

/**
 * The variables that turn Powertools Metrics and Tracer off, unless `env.SUTURE_OBSERVABILITY` is `1`.
 * With the Tracer off, the X-Ray SDK's manual mode spares every promise its context-tracking async
 * hook (cls-hooked), which nothing reads then.
 */
export function localObservabilityEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  if (env.SUTURE_OBSERVABILITY === '1') return {};
  return { POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_TRACE_ENABLED: 'false', AWS_XRAY_MANUAL_MODE: 'true' };
}

Object.assign(process.env, localObservabilityEnv(process.env));
