/**
 * Per-tenant concurrency in this isolate: a tenant's requests (watches aside: they are long and
 * counted by the watch cap) hold at most TENANT_CONCURRENCY seats at once; the others wait in
 * arrival order. One isolate serves many tenants on one thread, and work started cannot be
 * preempted, so a tenant with few requests under way can only be served promptly beside a busy
 * one if the busy one's requests under way are few: this is the fairness between tenants that
 * kube's API Priority and Fairness gives between flows, with one queue per tenant. The default
 * control plane takes no seats. A request whose client went away (its signal aborts) leaves the
 * queue, or gives its seat back: workerd cancels such a request's code, so neither its own
 * `finally` nor a seat handed to it would ever give the seat back, and the tenant would be left
 * without seats, its requests waiting until workerd cancels them as hung.
 */
import { ClusterState, type ClusterContext } from '../cluster/context.js';

/** A tenant's seats in this isolate and its requests waiting for one. */
export class Seats {
  private inUse = 0;
  private readonly waiting: Array<() => void> = [];

  /**
   * Waits for a seat (at most `limit` in use); the returned function gives it back, once. When
   * `signal` aborts, a waiter leaves the queue (the promise rejects) and a holder gives its seat back.
   */
  async take(limit: number, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.inUse >= limit) await this.turn(signal);
    else this.inUse += 1;
    let given = false;
    const giveBack = () => {
      if (given) return;
      given = true;
      signal?.removeEventListener('abort', giveBack);
      const next = this.waiting.shift();
      // The seat passes straight to the next waiter: inUse stays as it is.
      if (next) next();
      else this.inUse -= 1;
    };
    signal?.addEventListener('abort', giveBack, { once: true });
    return giveBack;
  }

  /** Resolves when a seat is handed over; rejects, out of the queue, when `signal` aborts first. */
  private turn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const index = this.waiting.indexOf(handOver);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal!.reason);
      };
      const handOver = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      this.waiting.push(handOver);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }
}

const seats = new ClusterState(() => new Seats());
const none = () => {};

/** A seat for a request in `cluster` (nothing to wait for in the default plane or for a watch); `signal`: the request's. */
export function takeTenantSeat(cluster: ClusterContext, watch: boolean, signal?: AbortSignal): Promise<() => void> | (() => void) {
  if (!cluster.tenancy.sharesLimits || watch) return none;
  return seats.of(cluster).take(cluster.settings.tenantConcurrency, signal);
}
