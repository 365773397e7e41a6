/**
 * Seats handed over between requests (src/flowcontrol/seat-queue.ts, under API Priority and
 * Fairness' levels and a tenant's seats): the request giving a seat back never resolves the
 * waiter's promise (workerd would, past some 16,000 of those, run the waiter on in the giver's
 * request, where its own I/O fails: bench/README.md). The waiter holds the seat at once and
 * notices on its own timer; it leaves the line at its deadline or when its request goes away.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SeatQueue } from '../../src/flowcontrol/seat-queue.js';
import { Seats } from '../../src/flowcontrol/tenant-seats.js';
import { acquireSeat } from '../../src/flowcontrol/dispatch.js';
import { ClusterContext } from '../../src/cluster/context.js';
import { tenancyOf } from '../../src/cluster/tenancy.js';
import { settingsOf } from '../../src/cluster/settings.js';
import type { Env } from '../../src/server/env.js';
import type { PriorityLevel } from '../../src/flowcontrol/classify.js';

/** Whether `promise` settled once every microtask ran (no timer fired). */
async function settledWithoutTimers(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(() => (settled = true), () => (settled = true));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return settled;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a seat given back to a waiter', () => {
  it("wakes a priority level's waiter on its own timer, not in the giver's call", async () => {
    vi.useFakeTimers();
    const cluster = new ClusterContext('seats', tenancyOf('seats'), settingsOf({} as Env));
    const level: PriorityLevel = { name: 'q', uid: 'q', exempt: false, reject: false, shares: 1, queueCapacity: 10 };
    const holder = await acquireSeat(cluster, level, 'fs', 1);
    const waiter = acquireSeat(cluster, level, 'fs', 1);
    holder();
    expect(await settledWithoutTimers(waiter)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledWithoutTimers(waiter)).toBe(true);
    (await waiter)();
  });

  it("wakes a tenant's waiter on its own timer, not in the giver's call", async () => {
    vi.useFakeTimers();
    const seats = new Seats();
    const holder = await seats.take(1);
    const waiter = seats.take(1);
    holder();
    expect(await settledWithoutTimers(waiter)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledWithoutTimers(waiter)).toBe(true);
  });

  it('goes to the waiters in arrival order, each holding it from the hand-over', async () => {
    const queue = new SeatQueue();
    expect(queue.tryTake(1)).toBe(true);
    expect(queue.tryTake(1)).toBe(false);
    const order: number[] = [];
    const waiters = [1, 2, 3].map((n) => queue.waitTurn().then(() => order.push(n)));
    expect(queue.waiting).toBe(3);
    queue.giveBack();
    expect(queue.waiting).toBe(2);
    expect(queue.held).toBe(1);
    queue.giveBack();
    queue.giveBack();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    queue.giveBack();
    expect(queue.held).toBe(0);
  });

  it('passes on when the waiter it was handed to goes away before noticing', async () => {
    vi.useFakeTimers();
    const queue = new SeatQueue();
    queue.tryTake(1);
    const gone = new AbortController();
    const first = queue.waitTurn({ signal: gone.signal });
    const second = queue.waitTurn();
    queue.giveBack();
    gone.abort(new Error('client went away'));
    const outcome = first.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(8);
    expect(await outcome).toBe('client went away');
    expect(await second).toBe(true);
    expect(queue.held).toBe(1);
  });

  it('leaves the line at its deadline', async () => {
    vi.useFakeTimers();
    const queue = new SeatQueue();
    queue.tryTake(1);
    const waiter = queue.waitTurn({ deadline: Date.now() + 100 });
    await vi.advanceTimersByTimeAsync(100);
    expect(await waiter).toBe(false);
    expect(queue.waiting).toBe(0);
    queue.giveBack();
    expect(queue.held).toBe(0);
  });

  it("gives a priority level's seat back when the holder's request goes away, and takes a gone waiter out of the line", async () => {
    const cluster = new ClusterContext('seats-gone', tenancyOf('seats-gone'), settingsOf({} as Env));
    const level: PriorityLevel = { name: 'q', uid: 'q', exempt: false, reject: false, shares: 1, queueCapacity: 10 };
    const holderGone = new AbortController();
    const holder = await acquireSeat(cluster, level, 'fs', 1, holderGone.signal);
    const waiterGone = new AbortController();
    const abandoned = acquireSeat(cluster, level, 'fs', 1, waiterGone.signal).catch((error: Error) => error.message);
    const next = acquireSeat(cluster, level, 'fs', 1);
    waiterGone.abort(new Error('client went away'));
    expect(await abandoned).toBe('client went away');
    holderGone.abort();
    const seat = await next;
    holder(); // Given back already: the seat stays with `next`.
    const late = acquireSeat(cluster, level, 'fs', 1);
    expect(await Promise.race([late.then(() => 'admitted'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 20))])).toBe('waiting');
    seat();
    (await late)();
  });
});
