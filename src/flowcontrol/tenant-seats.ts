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
import { SeatQueue } from './seat-queue.js';

/** A tenant's seats in this isolate and its requests waiting for one (in line: seat-queue.ts). */
export class Seats {
  private readonly queue = new SeatQueue();

  /**
   * Waits for a seat (at most `limit` in use); the returned function gives it back, once. When
   * `signal` aborts, a waiter leaves the queue (the promise rejects) and a holder gives its seat back.
   */
  async take(limit: number, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (!this.queue.tryTake(limit)) await this.queue.waitTurn(signal ? { signal } : {});
    let given = false;
    const giveBack = () => {
      if (given) return;
      given = true;
      signal?.removeEventListener('abort', giveBack);
      this.queue.giveBack();
    };
    signal?.addEventListener('abort', giveBack, { once: true });
    return giveBack;
  }
}

const seats = new ClusterState(() => new Seats());
const none = () => {};

/** A seat for a request in `cluster` (nothing to wait for in the default plane or for a watch); `signal`: the request's. */
export function takeTenantSeat(cluster: ClusterContext, watch: boolean, signal?: AbortSignal): Promise<() => void> | (() => void) {
  if (!cluster.tenancy.sharesLimits || watch) return none;
  return seats.of(cluster).take(cluster.settings.tenantConcurrency, signal);
}
