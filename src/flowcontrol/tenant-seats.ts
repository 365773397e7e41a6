/**
 * Per-tenant concurrency in this isolate: a tenant's requests (watches aside: they are long and
 * counted by the watch cap) hold at most TENANT_CONCURRENCY seats at once; the others wait in
 * arrival order. One isolate serves many tenants on one thread, and work started cannot be
 * preempted, so a tenant with few requests under way can only be served promptly beside a busy
 * one if the busy one's requests under way are few: this is the fairness between tenants that
 * kube's API Priority and Fairness gives between flows, with one queue per tenant. The default
 * control plane takes no seats.
 */
import { ClusterState, type ClusterContext } from '../cluster/context.js';

/** A tenant's seats in this isolate and its requests waiting for one. */
export class Seats {
  private inUse = 0;
  private readonly waiting: Array<() => void> = [];

  /** Waits for a seat (at most `limit` in use); the returned function gives it back, once. */
  async take(limit: number): Promise<() => void> {
    if (this.inUse >= limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inUse += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      // The seat passes straight to the next waiter: inUse stays as it is.
      if (next) next();
      else this.inUse -= 1;
    };
  }
}

const seats = new ClusterState(() => new Seats());
const none = () => {};

/** A seat for a request in `cluster` (nothing to wait for in the default plane or for a watch). */
export function takeTenantSeat(cluster: ClusterContext, watch: boolean): Promise<() => void> | (() => void) {
  if (!cluster.tenancy.sharesLimits || watch) return none;
  return seats.of(cluster).take(cluster.settings.tenantConcurrency);
}
