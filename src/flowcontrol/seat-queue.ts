/**
 * Seats taken in arrival order (a priority level's, a tenant's), handed over between requests. A
 * seat given back goes to the first in line, who holds it from then on: the giver resolves the
 * waiter's turn, a promise the waiter made with handOver() (apimachinery/hand-over.ts: a promise
 * from `new Promise` would, once V8 optimized its maker, resume the waiter in the giver's request,
 * where its body, its answer and its Durable Object calls fail or hang). The waiter's deadline and
 * its request's abort end the wait in its own request.
 */
import { handOver } from '../apimachinery/hand-over.js';

interface Waiter {
  /** Resolved true by the hand-over, false at the deadline; rejected with the signal's reason. */
  readonly turn: PromiseWithResolvers<boolean>;
  handed: boolean;
}

/**
 * The longest single timer of a waiter without a deadline: it only keeps the request pending
 * (workerd cancels as hung a request with nothing of its own pending, and another request's
 * promise is not its own), re-armed while the wait lasts.
 */
const keepAliveMillis = 60_000;

export class SeatQueue {
  private inUse = 0;
  private readonly line: Waiter[] = [];

  /** Seats held (handed over ones included). */
  get held(): number {
    return this.inUse;
  }

  /** Requests waiting in line. */
  get waiting(): number {
    return this.line.length;
  }

  /** Takes a free seat, if fewer than `limit` are held. */
  tryTake(limit: number): boolean {
    if (this.inUse >= limit) return false;
    this.inUse += 1;
    return true;
  }

  /**
   * Waits in line for a seat given back: true once this request holds it, false at `deadline`
   * (out of the line); rejects with `signal`'s reason when it aborts first (out of the line, or
   * the seat handed over meanwhile passed on). Call it from the waiting request's own code.
   */
  async waitTurn({ signal, deadline = Infinity }: { signal?: AbortSignal; deadline?: number } = {}): Promise<boolean> {
    signal?.throwIfAborted();
    const waiter: Waiter = { turn: handOver<boolean>(), handed: false };
    this.line.push(waiter);
    const leave = () => {
      this.leave(waiter);
      waiter.turn.reject(signal!.reason);
    };
    signal?.addEventListener('abort', leave, { once: true });
    const timer = this.deadlineTimer(waiter, deadline);
    try {
      await waiter.turn.promise;
      // Handed over, then aborted before this ran: the seat passed on already.
      if (!waiter.handed) signal?.throwIfAborted();
      return waiter.handed;
    } finally {
      timer.stop();
      signal?.removeEventListener('abort', leave);
    }
  }

  /** Gives a seat back: to the first in line (who then holds it), or free. */
  giveBack(): void {
    const next = this.line.shift();
    if (!next) {
      this.inUse -= 1;
      return;
    }
    next.handed = true;
    next.turn.resolve(true);
  }

  /** A waiter goes away: out of the line, or the seat it was handed passes on. */
  private leave(waiter: Waiter): void {
    if (waiter.handed) {
      waiter.handed = false;
      this.giveBack();
      return;
    }
    const index = this.line.indexOf(waiter);
    if (index >= 0) this.line.splice(index, 1);
  }

  /** The waiter's own timer: at `deadline` it leaves the line (its turn resolves false); without one, it only keeps the request pending. */
  private deadlineTimer(waiter: Waiter, deadline: number): { stop(): void } {
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const left = deadline - Date.now();
      if (left > keepAliveMillis) timer = setTimeout(arm, keepAliveMillis);
      else timer = setTimeout(() => this.expire(waiter), Math.max(0, left));
    };
    arm();
    return { stop: () => clearTimeout(timer) };
  }

  private expire(waiter: Waiter): void {
    if (waiter.handed) return;
    this.leave(waiter);
    waiter.turn.resolve(false);
  }
}
