// Admission in the local HTTPS front (scripts/https-front.mjs): at most a few requests under way in
// workerd at once, the others waiting in the front, one queue per flow, the flows taken in turn.
//
// Why: workerd serves all of a process's connections on one thread, and when that thread is
// saturated it leaves some connections' requests unread for a long time while it keeps serving
// others. Measured with 64 clients of the mixed ConfigMap load and no front: p50 9 ms, p99 1.4 s,
// the slow requests reaching the Worker's code 2-3 s after they were sent. Waiting here instead,
// requests are served in the order of their flows' turns, and one flow's backlog (a noisy tenant,
// a controller's burst) cannot hold another's requests back: the fairness kube-apiserver's API
// Priority and Fairness gives by flow. Long-running requests (watches, followed logs, upgraded
// streams, proxies) go through at once and are not counted: they stay open for minutes; so do
// Leases, which must not wait behind their own client's backlog.

/** Whether a request stays open for long: it goes through at once, outside the count. */
export function longRunning({ method, url = '', headers }) {
  if (headers.upgrade) return true;
  if (method !== 'GET') return false;
  const at = url.indexOf('?');
  const [path, query] = at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
  return /[?&](watch|follow)=(true|1)(&|$)/.test(query) || /^(\/clusters\/[^/]+)?\/(api\/[^/]+|apis\/[^/]+\/[^/]+)\/watch\//.test(path) || /\/proxy(\/|$)/.test(path);
}

/**
 * Whether a request goes through without waiting: Leases (leader election, node heartbeats), which
 * kube's API Priority and Fairness serves at priority levels of their own (leader-election,
 * system) so that a controller's own backlog cannot make it lose its lease.
 */
export function exempt({ url = '' }) {
  return /^(\/clusters\/[^/]+)?\/apis\/coordination\.k8s\.io\//.test(url);
}

/** A request's flow: its tenant (host and `/clusters/NAME` prefix) and its credentials. */
export function flowOf({ url = '', headers }) {
  const tenant = /^\/clusters\/[^/?]+/.exec(url)?.[0] ?? '';
  return `${headers.host ?? ''}${tenant} ${headers.authorization ?? ''}`;
}

/**
 * At most `limit` admitted at once; the rest wait in one queue per flow, the flows served in turn.
 * A request under way for longer than `holdMs` stops counting: it is waiting on something other than
 * workerd's thread (an admission webhook, an aggregated API server, a big list streaming out), and
 * must not hold everyone else back.
 */
export class Admission {
  #running = 0;
  /** Waiting requests by flow, in the flows' turn order (a Map iterates in insertion order). */
  #queues = new Map();

  constructor(limit, holdMs = 250) {
    this.limit = limit;
    this.holdMs = holdMs;
  }

  /** How many count as under way. */
  get running() {
    return this.#running;
  }

  /** How many wait. */
  get waiting() {
    let count = 0;
    for (const queue of this.#queues.values()) count += queue.length;
    return count;
  }

  /** Calls `start(done)` once admitted; `done` (more calls are ignored) frees the place. */
  admit(flow, start) {
    if (this.#running < this.limit) return this.#run(start);
    const queue = this.#queues.get(flow);
    if (queue) queue.push(start);
    else this.#queues.set(flow, [start]);
  }

  #run(start) {
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
  #next() {
    const first = this.#queues.entries().next();
    if (first.done) return;
    const [flow, queue] = first.value;
    this.#queues.delete(flow);
    const start = queue.shift();
    if (queue.length) this.#queues.set(flow, queue);
    this.#run(start);
  }
}
