/**
 * Seats taken in arrival order (a priority level's, a tenant's), handed over between requests
 * without a promise one request resolves for another (src/apimachinery/own-turn.ts: past some
 * 16,000 such resolutions workerd runs the waiter's continuation in the giver's request, where the
 * waiter's body, its answer and its Durable Object calls fail or hang). A seat given back goes to
 * the first in line, who holds it from then on and notices on its own timers: every millisecond
 * within three seats' worth of places from the front (the seat handed over waits about that
 * long), further back a millisecond longer for each seats' worth more, at most 8 ms (a long line
 * checks no more than some thousands of times a second).
 */
import { maxPollMillis, ownTurn } from '../apimachinery/own-turn.js';

interface Waiter {
  /** Arrival number: its place in line is this less the departures so far (about: a departure behind it counts too). */
  readonly ticket: number;
  handed: boolean;
}

export class SeatQueue {
  private inUse = 0;
  private readonly line: Waiter[] = [];
  private arrivals = 0;
  private departures = 0;
  /** The limit of seats last asked for (how fast the line moves: that many hand-overs at once). */
  private limit = 1;

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
    this.limit = Math.max(1, limit);
    if (this.inUse >= limit) return false;
    this.inUse += 1;
    return true;
  }

  /**
   * Waits in line for a seat given back: true once this request holds it, false at `deadline`
   * (out of the line); rejects with `signal`'s reason when it aborts first (out of the line, or
   * the seat handed over meanwhile passed on).
   */
  async waitTurn({ signal, deadline }: { signal?: AbortSignal; deadline?: number } = {}): Promise<boolean> {
    signal?.throwIfAborted();
    const waiter: Waiter = { ticket: this.arrivals++, handed: false };
    this.line.push(waiter);
    const leave = () => this.leave(waiter);
    signal?.addEventListener('abort', leave, { once: true });
    try {
      const pause = () => Math.max(1, Math.min(maxPollMillis, Math.floor((waiter.ticket - this.departures) / this.limit) - 1));
      const handed = await ownTurn(() => waiter.handed, { ...(signal ? { signal } : {}), ...(deadline !== undefined ? { deadline } : {}), pause });
      if (!handed) this.leave(waiter);
      return handed;
    } finally {
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
    this.departures += 1;
    next.handed = true;
  }

  /** A waiter goes away: out of the line, or the seat it was handed passes on. */
  private leave(waiter: Waiter): void {
    if (waiter.handed) {
      waiter.handed = false;
      this.giveBack();
      return;
    }
    const index = this.line.indexOf(waiter);
    if (index < 0) return;
    this.line.splice(index, 1);
    this.departures += 1;
  }
}
