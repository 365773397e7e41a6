/** What a watcher sees of one change (kube's cacheWatcher rules), and message framing. */
import { describe, expect, it } from 'vitest';
import { eventFor } from '../../src/storage/cacher/watch-events.js';
import { minRequestTimeoutSeconds, watchTimeoutMillis } from '../../src/endpoints/watch/watch-options.js';
import { type Change, changeMessage, controlMessage, FrameAssembler, frames, maxFrameChars, parseMessage, type Side } from '../../src/durable/watch-protocol.js';

const side = (value: string, labels: Record<string, string> = {}): Side => ({ value, labels, fields: { 'metadata.name': 'a' } });
const change = (previous: Side | null, current: Side | null, key = 'ns/a'): Change => ({ key, resourceVersion: 7, previous, current });
const picked = { prefix: 'ns/', labelSelector: { requirements: [{ key: 'pick', operator: '=' as const, values: ['yes'] }] } };
const everything = { prefix: 'ns/' };

describe('eventFor', () => {
  it.each([
    ['creation', everything, change(null, side('new')), { type: 'ADDED', value: 'new' }],
    ['update', everything, change(side('old'), side('new')), { type: 'MODIFIED', value: 'new' }],
    ['deletion carries the last state', everything, change(side('old'), null), { type: 'DELETED', value: 'old' }],
    ['another namespace is not seen', everything, change(null, side('new'), 'other/a'), null],
    ['a prefix is a namespace, not a string prefix', { prefix: 'ns/' }, change(null, side('new'), 'ns-b/a'), null],
    ['entering the selection is ADDED', picked, change(side('old'), side('new', { pick: 'yes' })), { type: 'ADDED', value: 'new' }],
    ['changing within the selection is MODIFIED', picked, change(side('old', { pick: 'yes' }), side('new', { pick: 'yes' })), { type: 'MODIFIED', value: 'new' }],
    ['leaving the selection is DELETED with the previous content', picked, change(side('old', { pick: 'yes' }), side('new')), { type: 'DELETED', value: 'old' }],
    ['changing outside the selection is not seen', picked, change(side('old'), side('new')), null],
    ['deleting outside the selection is not seen', picked, change(side('old'), null), null],
    ['field selectors apply too', { prefix: '', fieldSelector: { requirements: [{ field: 'metadata.name', operator: '=' as const, value: 'b' }] } }, change(null, side('new')), null],
  ])('%s', (_name, filter, input, want) => {
    expect(eventFor(filter, input)).toEqual(want);
  });
});

describe('frames', () => {
  it.each([
    ['a small message is one frame', 10, 1],
    ['a message longer than a frame is split', maxFrameChars * 2 + 5, 3],
  ])('%s', (_name, length, count) => {
    const original = changeMessage('ns/a', 1, { value: JSON.stringify({ x: 'x'.repeat(length) }), labels: null, fields: '{}' }, null);
    const parts = frames(original);
    expect(parts).toHaveLength(count);
    expect(parts.every((part) => part.length <= maxFrameChars + 2)).toBe(true);
    const assembler = new FrameAssembler();
    const results = parts.map((part) => assembler.push(part));
    expect(results.slice(0, -1).every((result) => result === null)).toBe(true);
    expect(results.at(-1)).toBe(original);
  });
});

describe('hub messages', () => {
  const doc = (v: number) => JSON.stringify({ kind: 'ConfigMap', data: { text: 'tab\there "quoted"\nline' }, v });
  const stored = (v: number, labels: string | null) => ({ value: doc(v), labels, fields: '{"metadata.name":"a"}' });

  it('carries a change\'s documents as they are stored, with parsed labels and fields', () => {
    const message = parseMessage(changeMessage('ns/a', 7, stored(2, '{"app":"web"}'), stored(1, '{"app":"db"}')));
    expect(message).toEqual({ kind: 'change', change: {
      key: 'ns/a', resourceVersion: 7,
      current: { value: doc(2), labels: { app: 'web' }, fields: { 'metadata.name': 'a' } },
      previous: { value: doc(1), labels: { app: 'db' }, fields: { 'metadata.name': 'a' } },
    } });
  });

  it('leaves out the previous document when no selector can tell the sides apart, keeps it for a deletion', () => {
    const update = parseMessage(changeMessage('ns/a', 7, stored(2, null), stored(1, null)));
    expect(update.kind === 'change' && update.change.previous).toEqual({ labels: {}, fields: { 'metadata.name': 'a' } });
    const deletion = parseMessage(changeMessage('ns/a', 8, null, stored(2, null)));
    expect(deletion.kind === 'change' && deletion.change).toMatchObject({ current: null, previous: { value: doc(2) } });
  });

  it.each([
    { kind: 'synced' as const, resourceVersion: 9 },
    { kind: 'expired' as const, requested: 1, oldest: 5 },
    { kind: 'tooLarge' as const, requested: 10, current: 9 },
  ])('round-trips $kind', (message) => {
    expect(parseMessage(controlMessage(message))).toEqual(message);
  });
});

describe('frames at the boundaries', () => {
  /** A change message exactly `length` characters long. */
  const sized = (length: number): string => {
    const empty = changeMessage('ns/a', 1, { value: '', labels: null, fields: '{}' }, null).length;
    return changeMessage('ns/a', 1, { value: 'x'.repeat(length - empty), labels: null, fields: '{}' }, null);
  };
  const marks = (parts: string[]) => parts.map((part) => (part.startsWith('~') ? part.slice(0, 2) : 'whole'));

  it.each([
    ['a small message is sent as it is', 100, ['whole']],
    ['exactly one frame long: still whole', maxFrameChars, ['whole']],
    ['one character more: two fragments', maxFrameChars + 1, ['~0', '~1']],
    ['exactly two frames long: two fragments, the second the last', maxFrameChars * 2, ['~0', '~1']],
  ])('%s', (_name, length, wanted) => {
    const message = sized(length);
    expect(message).toHaveLength(length);
    const parts = frames(message);
    expect(marks(parts)).toEqual(wanted);
    if (parts.length === 1) expect(parts[0]).toBe(message);
    expect(parts.map((part) => part.replace(/^~[01]/, '')).join('')).toBe(message);
  });

  it('reassembles fragmented messages one after another, each on its own', () => {
    const [first, small, second] = [sized(maxFrameChars + 10), sized(100), sized(maxFrameChars * 2 + 3)];
    const assembler = new FrameAssembler();
    const results = [...frames(first), ...frames(small), ...frames(second)].map((part) => assembler.push(part));
    expect(results.filter((result) => result !== null)).toEqual([first, small, second]);
  });
});

describe('watchTimeoutMillis', () => {
  it('uses timeoutSeconds when given', () => {
    expect(watchTimeoutMillis(7)).toBe(7000);
  });

  it.each([[0, 1800_000], [0.5, 2700_000], [0.999, 3598_200]])('jitters between once and twice kube\'s minimum request timeout (random %f)', (random, want) => {
    expect(minRequestTimeoutSeconds).toBe(1800);
    expect(watchTimeoutMillis(0, () => random)).toBeCloseTo(want, 0);
  });
});
