import { describe, expect, it } from 'vitest';
import { RecentObjects } from '../../src/storage/cacher/recent-objects.js';

const object = (key: string, resourceVersion: number, size = 10) => ({ key, resourceVersion, value: 'x'.repeat(size) });

describe('RecentObjects', () => {
  it('keeps the newest revision seen of a key, per shard', () => {
    const recent = new RecentObjects(1000, 100);
    recent.remember('s1', object('a', 5));
    recent.remember('s1', object('a', 3));
    recent.remember('s2', object('a', 1));
    expect(recent.guess('s1', 'a')?.resourceVersion).toBe(5);
    expect(recent.guess('s2', 'a')?.resourceVersion).toBe(1);
    recent.remember('s1', object('a', 7));
    expect(recent.guess('s1', 'a')?.resourceVersion).toBe(7);
    expect(recent.guess('s1', 'b')).toBeUndefined();
  });

  it('forgets a deleted key', () => {
    const recent = new RecentObjects(1000, 100);
    recent.remember('s', object('a', 1));
    recent.forget('s', 'a');
    expect(recent.guess('s', 'a')).toBeUndefined();
    expect(recent.size).toBe(0);
  });

  it('lets the least recently used go past its capacity, and holds nothing over its largest', () => {
    const recent = new RecentObjects(30, 15);
    recent.remember('s', object('a', 1));
    recent.remember('s', object('b', 1));
    recent.remember('s', object('c', 1));
    expect(recent.guess('s', 'a')).toBeDefined();
    recent.remember('s', object('d', 1));
    expect(recent.guess('s', 'b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => recent.guess('s', key)?.key)).toEqual(['a', 'c', 'd']);
    recent.remember('s', object('e', 1, 16));
    expect(recent.guess('s', 'e')).toBeUndefined();
    recent.remember('s', object('a', 2, 16));
    expect(recent.guess('s', 'a')).toBeUndefined();
    expect(recent.size).toBe(2);
  });
});
