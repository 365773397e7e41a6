/** The resourceVersion clock of a ResourceStore (src/durable/clock.ts): max(last + 1, now in µs). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextResourceVersion, nowMicros } from '../../src/durable/clock.js';

const now = Date.parse('2026-01-02T03:04:05.678Z');

describe('nextResourceVersion', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the wall clock in microseconds when the last version is older', () => {
    vi.useFakeTimers({ now });
    expect(nowMicros()).toBe(now * 1000);
    expect(nextResourceVersion(now * 1000 - 5)).toBe(now * 1000);
  });

  it('is the last version plus one when the clock has not moved past it (same millisecond, or behind)', () => {
    vi.useFakeTimers({ now });
    expect(nextResourceVersion(now * 1000)).toBe(now * 1000 + 1);
    expect(nextResourceVersion(now * 1000 + 7_000_000)).toBe(now * 1000 + 7_000_001);
  });

  it('stays exact in a JavaScript number (below 2^53)', () => {
    vi.useFakeTimers({ now });
    expect(Number.isSafeInteger(nextResourceVersion(nowMicros()))).toBe(true);
  });
});
