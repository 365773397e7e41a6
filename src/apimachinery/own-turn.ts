/**
 * Waiting for state that other requests change (a seat handed over, a load another request
 * finished) without awaiting a promise another request resolves. workerd ties every I/O object
 * (a request's body, a Response's body, a Durable Object stub) to the request that made it, and is
 * meant to run a promise's continuation in the request that made the promise; but after some
 * 16,000 cross-request resolutions in an isolate (workerd 1.20261103.1 and 1.20261123.1, bench/README.md), it runs
 * every such continuation in the resolving request's context instead: the waiter's body cannot be
 * read there, the Response it builds cannot be sent (workerd answers a bare 500), and a Durable
 * Object call it makes hangs once the resolving request has ended (workerd cancels the waiter as
 * hung, its `finally` never runs). A continuation of the request's own timer always runs in the
 * request, so the waiter checks on its own timers: soon at first, then less often (the pauses
 * double from 1 ms to `maxPollMillis`, unless the waiter says how long to pause).
 */

/** The longest pause between two checks. */
export const maxPollMillis = 8;

export interface OwnTurnOptions {
  /** The waiter's request signal: an abort ends the wait with its reason. */
  signal?: AbortSignal;
  /** When to give up (epoch milliseconds): the wait then resolves false. */
  deadline?: number;
  /** The pause before the next check, in milliseconds (say, by the waiter's place in a line). */
  pause?: () => number;
}

/**
 * Resolves true once `ready()` holds (checked now, then on this request's own timers), false at
 * the deadline; rejects with the signal's reason when it aborts first. Call it from the waiting
 * request's own code, never from a continuation another request's promise resumed.
 */
export async function ownTurn(ready: () => boolean, { signal, deadline = Infinity, pause }: OwnTurnOptions = {}): Promise<boolean> {
  for (let doubling = 1; !ready(); doubling = Math.min(doubling * 2, maxPollMillis)) {
    signal?.throwIfAborted();
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await sleep(Math.min(pause ? pause() : doubling, left));
  }
  return true;
}

function sleep(millis: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, millis));
}
