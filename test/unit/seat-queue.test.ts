/**
 * Seats handed over between requests (src/flowcontrol/seat-queue.ts, under API Priority and
 * Fairness' levels and a tenant's seats): the request giving a seat back resolves the waiter's
 * turn, a handOver() promise the waiter made (src/apimachinery/hand-over.ts: workerd resumes it in
 * the waiter's request), so the waiter goes on at once, without a timer of its own. It leaves the
 * line at its deadline or when its request goes away.
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
  it("resumes a priority level's waiter by the hand-over's promise, without a timer tick", async () => {
    vi.useFakeTimers();
    const cluster = new ClusterContext('seats', tenancyOf('seats'), settingsOf({} as Env));
    const level: PriorityLevel = { name: 'q', uid: 'q', exempt: false, reject: false, shares: 1, queueCapacity: 10 };
    const holder = await acquireSeat(cluster, level, 'fs', 1);
    const waiter = acquireSeat(cluster, level, 'fs', 1);
    expect(await settledWithoutTimers(waiter)).toBe(false);
    holder();
    expect(await settledWithoutTimers(waiter)).toBe(true);
    (await waiter)();
  });

  it("resumes a tenant's waiter by the hand-over's promise, without a timer tick", async () => {
    vi.useFakeTimers();
    const seats = new Seats();
    const holder = await seats.take(1);
    const waiter = seats.take(1);
    expect(await settledWithoutTimers(waiter)).toBe(false);
    holder();
    expect(await settledWithoutTimers(waiter)).toBe(true);
  });

  it('waits on a promise made by the waiter, with Promise.withResolvers (never new Promise)', async () => {
    const made = vi.spyOn(Promise, 'withResolvers');
    try {
      const queue = new SeatQueue();
      queue.tryTake(1);
      const waiter = queue.waitTurn();
      expect(made).toHaveBeenCalledTimes(1);
      const turn = made.mock.results[0]!.value as PromiseWithResolvers<boolean>;
      queue.giveBack();
      expect(await Promise.race([turn.promise, 'pending'])).toBe(true);
      expect(await waiter).toBe(true);
    } finally {
      made.mockRestore();
    }
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

  it('passes on when the waiter it was handed to goes away before resuming', async () => {
    vi.useFakeTimers();
    const queue = new SeatQueue();
    queue.tryTake(1);
    const gone = new AbortController();
    const first = queue.waitTurn({ signal: gone.signal });
    const second = queue.waitTurn();
    queue.giveBack();
    gone.abort(new Error('client went away'));
    const outcome = first.catch((error: Error) => error.message);
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

  it('leaves the line at a deadline further off than one timer keeps it (re-armed)', async () => {
    vi.useFakeTimers();
    const queue = new SeatQueue();
    queue.tryTake(1);
    const waiter = queue.waitTurn({ deadline: Date.now() + 150_000 });
    await vi.advanceTimersByTimeAsync(149_999);
    expect(await settledWithoutTimers(waiter)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiter).toBe(false);
    expect(queue.waiting).toBe(0);
  });

  it('keeps a waiter without a deadline pending on its own timer, for as long as it waits', async () => {
    vi.useFakeTimers();
    const queue = new SeatQueue();
    queue.tryTake(1);
    const waiter = queue.waitTurn();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(vi.getTimerCount()).toBe(1);
    queue.giveBack();
    expect(await waiter).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
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
