/**
 * The local gateway's rate limit per caller: one token bucket per caller key
 * (the gateway uses `sub:<token sub>` for a verified token, else `ip:<source IP>`). No rate-limit
 * library is among the project's dependencies, and a token bucket is a few lines.
 */
import type { RateLimit } from '../infra/security-headers';

/** What {@link TokenBucketLimiter.take} decides for one request. */
export interface RateDecision {
  allowed: boolean;
  /** When refused: whole seconds until a token is back (>= 1), for `Retry-After`; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Token buckets per key: each holds at most `burst` tokens and gains `ratePerSecond` tokens per
 * second; a request takes one token or is refused. A key seen for the first time starts full.
 * At most `maxKeys` buckets are kept: beyond that the least recently used bucket is dropped (it
 * would have refilled anyway unless its caller is still sending). Times in ms since the epoch.
 * @throws RangeError when `ratePerSecond` is not > 0, `burst` not >= 1 or `maxKeys` not >= 1.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedMs: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {
    if (!(limit.ratePerSecond > 0) || !(limit.burst >= 1) || !(maxKeys >= 1)) {
      throw new RangeError(
        `Invalid rate limit ${JSON.stringify(limit)} (maxKeys ${maxKeys}): ratePerSecond > 0, burst >= 1, maxKeys >= 1`,
      );
    }
  }

  /** Take one token of `key`'s bucket. */
  take(key: string): RateDecision {
    const nowMs = this.now();
    const { ratePerSecond, burst } = this.limit;
    const bucket = this.buckets.get(key);
    let tokens = burst;
    if (bucket) {
      tokens = Math.min(burst, bucket.tokens + (Math.max(0, nowMs - bucket.updatedMs) / 1000) * ratePerSecond);
      this.buckets.delete(key); // re-inserted below: the Map's order is least recently used first
    }
    const allowed = tokens >= 1;
    if (allowed) tokens -= 1;
    this.buckets.set(key, { tokens, updatedMs: nowMs });
    while (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value as string;
      this.buckets.delete(oldest);
    }
    return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / ratePerSecond)) };
  }

  /** Buckets kept (at most `maxKeys`). */
  get size(): number {
    return this.buckets.size;
  }
}
