/**
 * Per-user request rate limiting, the edge's stand-in for kube's API Priority and Fairness: each
 * user has a token bucket (RATE_LIMIT_QPS per second, RATE_LIMIT_BURST deep) for short requests,
 * and a cap on open watches (WATCH_LIMIT_PER_USER), counted apart because a watch is one
 * long request. Past either, 429 `Too many requests, please try again later.` with Retry-After
 * (kube writes that text as plain text; here it is a Status, as every other error).
 *
 * The state lives in the Worker isolate (a cache: limits hold per isolate, so a client spread
 * over many isolates gets more; a global limit would cost a Durable Object round trip per request).
 */
import { tooManyRequests } from '../core/status.js';
import type { Env } from '../env.js';

const message = 'Too many requests, please try again later.';
/** Buckets kept before idle (full) ones are dropped. */
const maxTrackedUsers = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

const buckets = new Map<string, Bucket>();
const openWatches = new Map<string, number>();

function numberSetting(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** Takes one token from the user's bucket; throws 429 with the seconds until one is back. */
export function admitRequest(env: Env, user: string, now = Date.now()): void {
  const qps = numberSetting(env.RATE_LIMIT_QPS, 100);
  const burst = numberSetting(env.RATE_LIMIT_BURST, 200);
  const bucket = buckets.get(user) ?? { tokens: burst, at: now };
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * qps);
  bucket.at = now;
  if (bucket.tokens < 1) {
    buckets.set(user, bucket);
    throw tooManyRequests(message, Math.max(1, Math.ceil((1 - bucket.tokens) / qps)));
  }
  bucket.tokens -= 1;
  buckets.set(user, bucket);
  if (buckets.size > maxTrackedUsers) dropIdle(now, qps, burst);
}

/** Opens a watch for the user; the returned function closes it. Throws 429 past the cap. */
export function admitWatch(env: Env, user: string): () => void {
  const limit = numberSetting(env.WATCH_LIMIT_PER_USER, 100);
  const open = openWatches.get(user) ?? 0;
  if (open >= limit) throw tooManyRequests(message, 1);
  openWatches.set(user, open + 1);
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    const left = (openWatches.get(user) ?? 1) - 1;
    if (left > 0) openWatches.set(user, left);
    else openWatches.delete(user);
  };
}

function dropIdle(now: number, qps: number, burst: number): void {
  for (const [user, bucket] of buckets) {
    if (bucket.tokens + ((now - bucket.at) / 1000) * qps >= burst) buckets.delete(user);
  }
}

/** Forgets every bucket and watch count (tests). */
export function resetRateLimits(): void {
  buckets.clear();
  openWatches.clear();
}
