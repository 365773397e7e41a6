/**
 * Seats per priority level, per isolate: kube's APF divides the server's concurrency limit
 * (ServerCL, here SERVER_CONCURRENCY, default 600 = kube's 400 read + 200 mutating in-flight
 * defaults) among the Limited levels in proportion to their nominalConcurrencyShares:
 * NominalCL = ceil(ServerCL * shares / sum of shares). A request takes a seat of its level while
 * it is served (a watch only until its stream starts, as kube counts watch initialization);
 * Exempt levels take none. A full level rejects at once (limitResponse Reject) or queues, FIFO, up
 * to queues x queueLengthLimit requests for at most 15 s (kube's queue wait is bounded by a quarter
 * of the request timeout), then 429 `Too many requests, please try again later.`
 * Not modelled: borrowing and lending between levels, fair queuing between flows of a level
 * (shuffle sharding by the distinguisher), and work estimation (every request is one seat).
 * Each isolate counts only the requests it serves: the budget is per isolate (and cluster), not
 * global. Seats and metrics live in the cluster's context. A seat given back goes to the first
 * waiter, resumed in its own request (seat-queue.ts: its turn is a handOver() promise).
 */
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import { tooManyRequests } from '../apimachinery/status.js';
import { metricsOf } from '../metrics/families.js';
import type { PriorityLevel } from './classify.js';
import { SeatQueue } from './seat-queue.js';

const maxWaitMillis = 15_000;
const message = 'Too many requests, please try again later.';

/** Each cluster's levels' seats in this isolate. */
const levelStates = new ClusterState(() => new Map<string, SeatQueue>());

/** NominalCL of `level` among `levels`. */
export function nominalConcurrencyLimit(level: PriorityLevel, levels: Iterable<PriorityLevel>, serverConcurrency: number): number {
  let shares = 0;
  for (const candidate of levels) if (!candidate.exempt) shares += candidate.shares;
  return shares === 0 ? serverConcurrency : Math.ceil((serverConcurrency * level.shares) / shares);
}

/**
 * Takes a seat of `level` for a request of `flowSchema` (waiting in the level's queue if need
 * be); the returned function gives it back, once. When `signal` (the request's) aborts, a waiter
 * leaves the queue and a holder gives its seat back: workerd cancels the code of a request whose
 * client went away, so neither its `finally` nor a seat handed to it would give the seat back.
 */
export async function acquireSeat(cluster: ClusterContext, level: PriorityLevel, flowSchema: string, limit: number, signal?: AbortSignal): Promise<() => void> {
  const labels = [level.name, flowSchema];
  const metrics = metricsOf(cluster);
  const states = levelStates.of(cluster);
  const state = states.get(level.name) ?? new SeatQueue();
  states.set(level.name, state);
  if (!level.exempt) await takeSeat(cluster, state, level, labels, limit, signal);
  metrics.dispatchedRequests.add(labels);
  metrics.executingRequests.add(labels, 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    signal?.removeEventListener('abort', release);
    metrics.executingRequests.add(labels, -1);
    if (!level.exempt) state.giveBack();
  };
  signal?.addEventListener('abort', release, { once: true });
  return release;
}

async function takeSeat(cluster: ClusterContext, state: SeatQueue, level: PriorityLevel, labels: string[], limit: number, signal: AbortSignal | undefined): Promise<void> {
  const metrics = metricsOf(cluster);
  if (state.tryTake(limit)) return;
  const reason = level.reject ? 'concurrency-limit' : state.waiting >= level.queueCapacity ? 'queue-full' : undefined;
  if (reason) throw rejected(cluster, labels, reason);
  metrics.inqueueRequests.add(labels, 1);
  try {
    if (!(await state.waitTurn({ deadline: Date.now() + maxWaitMillis, ...(signal ? { signal } : {}) }))) throw rejected(cluster, labels, 'time-out');
  } finally {
    metrics.inqueueRequests.add(labels, -1);
  }
}

function rejected(cluster: ClusterContext, labels: string[], reason: string) {
  metricsOf(cluster).rejectedRequests.add([...labels, reason]);
  return tooManyRequests(message, 1);
}

