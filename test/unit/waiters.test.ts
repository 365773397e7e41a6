// Waiters (src/apimachinery/hand-over.ts): a request waits for a condition another request makes
// true, resumed by a ring rather than by polling, and never past its deadline.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Waiters } from '../../src/apimachinery/hand-over.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('Waiters', () => {
  it('resolves a waiter at the ring that finds its condition true, and not before', async () => {
    const waiters = new Waiters();
    let position = 0;
    let outcome: boolean | 'pending' = 'pending';
    void waiters.until(() => position >= 5, Date.now() + 60_000).then((value) => (outcome = value));
    position = 3;
    waiters.ring();
    await Promise.resolve();
    await Promise.resolve();
    expect(outcome).toBe('pending');
    position = 5;
    waiters.ring();
    await vi.waitFor(() => expect(outcome).toBe(true));
  });

  it('answers at once when the condition already holds, and false at the deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const waiters = new Waiters();
    expect(await waiters.until(() => true, Date.now() + 1000)).toBe(true);
    let outcome: boolean | 'pending' = 'pending';
    void waiters.until(() => false, Date.now() + 1000).then((value) => (outcome = value));
    await vi.advanceTimersByTimeAsync(999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe(false);
  });

  // The ring comes from another request: only a promise V8 tagged in the waiter's request resumes
  // it there, and an optimized `new Promise` is not tagged (src/apimachinery/hand-over.ts).
  it('waits on a Promise.withResolvers() promise', async () => {
    const made = vi.spyOn(Promise, 'withResolvers');
    try {
      const waiters = new Waiters();
      let ready = false;
      const waited = waiters.until(() => ready, Date.now() + 60_000);
      expect(made).toHaveBeenCalledTimes(1);
      ready = true;
      waiters.ring();
      expect(await waited).toBe(true);
    } finally {
      made.mockRestore();
    }
  });

  it('forgets the waiters it resolves and those past their deadline (a waiter whose request ended never cleans up)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const waiters = new Waiters();
    let ready = false;
    void waiters.until(() => ready, Date.now() + 1000);
    void waiters.until(() => false, Date.now() + 500);
    const waiting = () => (waiters as unknown as { waiting: Set<unknown> }).waiting.size;
    expect(waiting()).toBe(2);
    vi.setSystemTime(Date.now() + 600);
    waiters.ring();
    expect(waiting()).toBe(1);
    ready = true;
    waiters.ring();
    expect(waiting()).toBe(0);
  });
});
