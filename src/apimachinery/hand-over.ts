/**
 * A promise one request makes and another resolves (a doorbell, a seat handed over, a load shared
 * by concurrent requests). workerd runs a promise's continuations in the request that made it,
 * whichever request resolves it, by a tag V8 stores in each promise at its making (workerd's V8
 * patch "Promise Context Tagging"); a promise without a tag is followed nowhere, and its
 * continuations run in the resolving request, where the waiter's body, its answer, its streams
 * and its Durable Object calls fail ("Cannot perform I/O on behalf of a different request") or
 * hang. V8's optimizing compilers build `new Promise(...)` (and an async function's promise, and
 * `.then()`'s) inline with the tag left empty: once the function making it is optimized (after
 * some thousands of calls, which is why the failures began after ~13,000-17,000 hand-overs, and
 * not in every run), every such promise loses its request. `Promise.withResolvers()` is a
 * built-in call that no compiler inlines, so the promise it makes always carries the tag
 * (bench/native-pipe-soak.mjs: none refused in 1,029,033 deliveries against the first at ~17,000
 * with `new Promise`; docs/watch.md).
 *
 * The rule: a promise that another request resolves, or that another request awaits, comes from
 * here, never from `new Promise`, an async function's result or a `.then()` result.
 */
export function handOver<T = void>(): PromiseWithResolvers<T> {
  return Promise.withResolvers<T>();
}

/**
 * Awaits `shared`, another request's handOver() promise (a load it shares), in this request: its
 * value, or undefined at `deadline` (the other request may be gone, workerd having canceled it
 * before it settled `shared`). The wait is on a handOver() promise of this request, which
 * `shared` settles, and on this request's own timer, which also keeps the request pending
 * (workerd cancels as hung a request with nothing of its own pending).
 */
export async function awaitHandOver<T>(shared: Promise<T>, deadline: number): Promise<T | undefined> {
  const mine = handOver<T | undefined>();
  const timer = setTimeout(() => mine.resolve(undefined), Math.max(0, deadline - Date.now()));
  void shared.then(mine.resolve, mine.reject);
  try {
    return await mine.promise;
  } finally {
    clearTimeout(timer);
  }
}

interface Waiter {
  ready: () => boolean;
  deadline: number;
  bell: PromiseWithResolvers<void>;
}

/**
 * Requests waiting for a condition that other requests make true (a watch cache's sync, its
 * position reaching a version): a waiter rests on a handOver() promise of its own request and on
 * its own deadline timer (which also keeps its request pending); `ring()`, called from whichever
 * request changed the state, resolves the waiters whose condition now holds. A waiter whose
 * request workerd ended never runs again: ring() forgets every waiter it resolves, and those past
 * their deadline, so none stays behind.
 */
export class Waiters {
  private readonly waiting = new Set<Waiter>();

  /**
   * True once `ready()` holds (checked now and at each ring), false at `deadline` (epoch
   * milliseconds, finite). Call it from the waiting request's own code.
   */
  async until(ready: () => boolean, deadline: number): Promise<boolean> {
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const waiter: Waiter = { ready, deadline, bell: handOver<void>() };
      this.waiting.add(waiter);
      const timer = setTimeout(() => waiter.bell.resolve(), left);
      try {
        await waiter.bell.promise;
      } finally {
        clearTimeout(timer);
        this.waiting.delete(waiter);
      }
    }
    return true;
  }

  /** Resolves the waiters whose condition holds now (and forgets those past their deadline). */
  ring(): void {
    if (this.waiting.size === 0) return;
    const now = Date.now();
    for (const waiter of this.waiting) {
      if (!waiter.ready() && waiter.deadline > now) continue;
      this.waiting.delete(waiter);
      waiter.bell.resolve();
    }
  }
}
