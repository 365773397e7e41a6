/**
 * A tenant's seats when requests go away (src/auth/tenant-seats.ts). workerd cancels the code of a
 * request whose client disconnected: a waiter handed a seat after that, or a holder canceled
 * before its `finally`, would keep the seat for ever, and once a tenant's seats are all kept its
 * requests wait until workerd cancels them as hung (seen in the upstream conformance suite run in
 * a tenant: kube-controller-manager's and the simulated nodes' requests answered 500).
 */
import { describe, expect, it } from 'vitest';
import { Seats } from '../../src/flowcontrol/tenant-seats.js';

const settled = async (promise: Promise<unknown>) => Promise.race([promise.then(() => true, () => true), new Promise((resolve) => setTimeout(() => resolve(false), 10))]);

describe('tenant seats of requests that go away', () => {
  it('a waiter whose request is aborted leaves the queue: the seat goes to the next one', async () => {
    const seats = new Seats();
    const holder = await seats.take(1);
    const gone = new AbortController();
    const abandoned = seats.take(1, gone.signal);
    const next = seats.take(1);
    gone.abort(new Error('client went away'));
    await expect(abandoned).rejects.toThrow('client went away');
    holder();
    expect(await settled(next)).toBe(true);
  });

  it('a holder whose request is aborted gives its seat back, once', async () => {
    const seats = new Seats();
    const gone = new AbortController();
    const giveBack = await seats.take(1, gone.signal);
    const second = seats.take(1);
    const third = seats.take(1);
    gone.abort();
    expect(await settled(second)).toBe(true);
    giveBack();
    expect(await settled(third)).toBe(false);
  });

  it('refuses a request already aborted', async () => {
    const gone = new AbortController();
    gone.abort(new Error('gone'));
    await expect(new Seats().take(1, gone.signal)).rejects.toThrow('gone');
  });
});
