/**
 * Per-user request rate limiting, the edge's stand-in for kube's API Priority and Fairness: each
 * user has a token bucket (RATE_LIMIT_QPS per second, RATE_LIMIT_BURST deep) for short requests,
 * and an opt-in cap on open watches (WATCH_LIMIT_PER_USER, none unless set: kube has no such
 * cap, and one shared by kcm, the scheduler and kubelets of one identity starved their
 * controllers), counted apart because a watch is one long request. Past either, 429 `Too many requests, please try again later.` with Retry-After
 * (kube writes that text as plain text; here it is a Status, as every other error).
 *
 * The state lives in the Worker isolate, one limiter per cluster (a cache: limits hold per
 * isolate, so a client spread over many isolates gets more; a global limit would cost a Durable
 * Object round trip per request), so one cluster's load never throttles another's. A tenant's
 * requests also share one bucket of the tenant's (TENANT_RATE_LIMIT_QPS, TENANT_RATE_LIMIT_BURST),
 * so that many users of one tenant cannot take the isolate from its neighbours either.
 */
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import type { ClusterSettings } from '../cluster/settings.js';
import { tooManyRequests } from '../apimachinery/status.js';

const message = 'Too many requests, please try again later.';
/** Buckets kept before idle (full) ones are dropped. */
const maxTrackedUsers = 10_000;

type Limits = ClusterSettings['rateLimit'];

interface Bucket {
  tokens: number;
  at: number;
}

/** The buckets and open watch counts of one cluster's users. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly openWatches = new Map<string, number>();

  /** Takes one token from the user's bucket; throws 429 with the seconds until one is back. */
  admitRequest(limits: Limits, user: string, now = Date.now()): void {
    this.reserve(limits, user, 0, now);
  }

  /**
   * Takes one token from the user's bucket, or reserves the next one to come if it comes within
   * `maxWaitMs`: returns the milliseconds the caller waits before going on (0: at once). Past
   * that, 429 with the seconds until a token is back.
   */
  reserve(limits: Limits, user: string, maxWaitMs: number, now = Date.now()): number {
    const { qps, burst } = limits;
    const bucket = this.buckets.get(user) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * qps);
    bucket.at = now;
    this.buckets.set(user, bucket);
    const waitMs = bucket.tokens >= 1 ? 0 : ((1 - bucket.tokens) / qps) * 1000;
    if (waitMs > maxWaitMs) throw tooManyRequests(message, Math.max(1, Math.ceil(waitMs / 1000)));
    bucket.tokens -= 1;
    if (this.buckets.size > maxTrackedUsers) this.dropIdle(now, qps, burst);
    return waitMs;
  }

  /** Opens a watch for the user; the returned function closes it. Throws 429 past the cap. */
  admitWatch(limits: Limits, user: string): () => void {
    const open = this.openWatches.get(user) ?? 0;
    if (open >= limits.watchesPerUser) throw tooManyRequests(message, 1);
    this.openWatches.set(user, open + 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      const left = (this.openWatches.get(user) ?? 1) - 1;
      if (left > 0) this.openWatches.set(user, left);
      else this.openWatches.delete(user);
    };
  }

  private dropIdle(now: number, qps: number, burst: number): void {
    for (const [user, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * qps >= burst) this.buckets.delete(user);
    }
  }
}

const limiters = new ClusterState(() => new RateLimiter());
/** A tenant's requests, all users together. */
const tenantTotals = new ClusterState(() => new RateLimiter());

/** Admits a short request of `user` in `cluster` (429 past the user's rate). */
export function admitRequest(cluster: ClusterContext, user: string): void {
  limiters.of(cluster).admitRequest(cluster.settings.rateLimit, user);
}

/**
 * Admits any request in a tenant, whoever makes it: exempt users (the tenant's admins) included,
 * since the bucket protects the tenant's neighbours, not the tenant. Past the tenant's rate a
 * request waits for its turn, as kube's API Priority and Fairness queues (a flood is paced at the
 * rate instead of spinning on refusals, and a waiting request costs the isolate nothing); past the
 * queue's wait, 429. Checked right after authentication, before anything else costs the isolate
 * time. The default control plane has no such bucket.
 */
export async function admitTenantRequest(cluster: ClusterContext): Promise<void> {
  if (!cluster.tenancy.sharesLimits) return;
  const limits = cluster.settings.tenantRateLimit;
  const waitMs = tenantTotals.of(cluster).reserve(limits, '', limits.queueMillis);
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

/** Admits a watch of `user` in `cluster` (429 past the cap); the returned function gives the slot back. */
export function admitWatch(cluster: ClusterContext, user: string): () => void {
  return limiters.of(cluster).admitWatch(cluster.settings.rateLimit, user);
}
