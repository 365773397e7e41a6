// Admission in the local HTTPS front (https-front.ts): at most a few requests under way in
// workerd at once, the others waiting in the front, one queue per flow, the flows taken in turn.
//
// Why: workerd serves all of a process's connections on one thread, and when that thread is
// saturated it leaves some connections' requests unread for a long time while it keeps serving
// others. Measured with 64 clients of the mixed ConfigMap load and no front: p50 9 ms, p99 1.4 s,
// the slow requests reaching the Worker's code 2-3 s after they were sent. Waiting here instead,
// requests are served in the order of their flows' turns, and one flow's backlog (a noisy tenant,
// a controller's burst) cannot hold another's requests back: the fairness kube-apiserver's API
// Priority and Fairness gives by flow. Long-running requests (watches, logs, upgraded streams,
// proxies) go through at once and are not counted: they stay open for minutes; so do Leases, which
// must not wait behind their own client's backlog. Which requests those are is decided as the
// server decides, from the request info it parses (src/apimachinery).

import { isLeaseRequest, isLongRunning } from '../apimachinery/long-running.js';
import { decodeRequestPath, parseRequestInfo, type RequestInfo } from '../apimachinery/request-info.js';
import { clusterPathOf } from '../cluster/names.js';

/** What the front reads of a request to classify it. */
export interface FrontRequest {
  /** GET when absent. */
  method?: string;
  /** The request target: path and query. */
  url?: string;
  headers?: { host?: string; authorization?: string; upgrade?: string };
}

/** The request info of `request`, parsed as the server will (its `/clusters/NAME` prefix aside), and the prefix. */
function understood({ method = 'GET', url = '' }: FrontRequest): { info: RequestInfo | null; prefix: string } {
  const target = new URL(url, 'http://front');
  const addressed = clusterPathOf(target.pathname);
  const path = decodeRequestPath(addressed ? addressed.path : target.pathname);
  const info = path === null ? null : parseRequestInfo(method, path, target.searchParams);
  return { info, prefix: addressed ? `/clusters/${addressed.name}` : '' };
}

/** Whether a request stays open for long (apimachinery/long-running.ts): it goes through at once, outside the count. */
export function longRunning(request: FrontRequest): boolean {
  return isLongRunning(understood(request).info, !!request.headers?.upgrade);
}

/**
 * Whether a request goes through without waiting: Leases (leader election, node heartbeats), which
 * kube's API Priority and Fairness serves at priority levels of their own (leader-election,
 * system) so that a controller's own backlog cannot make it lose its lease.
 */
export function exempt(request: FrontRequest): boolean {
  return isLeaseRequest(understood(request).info);
}

/** A request's flow: its tenant (host and `/clusters/NAME` prefix) and its credentials. */
export function flowOf(request: FrontRequest): string {
  return flowWith(request, understood(request).prefix);
}

function flowWith({ headers = {} }: FrontRequest, prefix: string): string {
  return `${headers.host ?? ''}${prefix} ${headers.authorization ?? ''}`;
}

/** How the front admits a request: at once (long-running, or a Lease), else through the admission in its flow. */
export function admissionOf(request: FrontRequest): { atOnce: true } | { atOnce: false; flow: string } {
  const { info, prefix } = understood(request);
  if (isLongRunning(info, !!request.headers?.upgrade) || isLeaseRequest(info)) return { atOnce: true };
  return { atOnce: false, flow: flowWith(request, prefix) };
}

/**
 * At most `limit` admitted at once; the rest wait in one queue per flow, the flows served in turn.
 * A request under way for longer than `holdMs` stops counting: it is waiting on something other than
 * workerd's thread (an admission webhook, an aggregated API server, a big list streaming out), and
 * must not hold everyone else back.
 */
/** Starts an admitted request; `done` (more calls are ignored) frees its place. */
export type Start = (done: () => void) => void;

export class Admission {
  #running = 0;
  /** Waiting requests by flow, in the flows' turn order (a Map iterates in insertion order). */
  #queues = new Map<string, Start[]>();

  constructor(readonly limit: number, readonly holdMs = 250) {}

  /** How many count as under way. */
  get running(): number {
    return this.#running;
  }

  /** How many wait. */
  get waiting(): number {
    let count = 0;
    for (const queue of this.#queues.values()) count += queue.length;
    return count;
  }

  /** Calls `start(done)` once admitted; `done` (more calls are ignored) frees the place. */
  admit(flow: string, start: Start): void {
    if (this.#running < this.limit) return this.#run(start);
    const queue = this.#queues.get(flow);
    if (queue) queue.push(start);
    else this.#queues.set(flow, [start]);
  }

  #run(start: Start): void {
    this.#running += 1;
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      clearTimeout(timer);
      this.#running -= 1;
      this.#next();
    };
    const timer = setTimeout(release, this.holdMs);
    timer.unref();
    start(release);
  }

  /** The oldest request of the flow whose turn it is; that flow goes to the back of the turn. */
  #next(): void {
    const first = this.#queues.entries().next();
    if (first.done) return;
    const [flow, queue] = first.value;
    this.#queues.delete(flow);
    const start = queue.shift()!;
    if (queue.length) this.#queues.set(flow, queue);
    this.#run(start);
  }
}
