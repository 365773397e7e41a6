/**
 * Waiting for state that other requests change by checking it on the waiting request's own
 * timers, without awaiting a promise another request resolves: soon at first, then less often
 * (the pauses double from 1 ms to `maxPollMillis`, unless the waiter says how long to pause). A
 * continuation of the request's own timer always runs in the request. This was the workaround for
 * waiters resumed in the resolving request's context (their body, answer and Durable Object calls
 * failing or hanging after ~13,000-17,000 hand-overs); the cause is now known, and the fix is a
 * promise from src/apimachinery/hand-over.ts, resumed in its own request without a timer's delay,
 * which the server uses everywhere now. Kept for bench/cross-request-worker.ts's comparison
 * (`wait=poll`).
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
