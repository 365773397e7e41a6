/**
 * What fits a Durable Object's SQLite row (src/registry/stored-size.ts): the object within 1.5 MiB,
 * the revision row (key, object, labels again, selectable fields) and each outbox message within
 * 2 MB; past any, kube's etcd text as a 413. (The workers suite drives the same through the API;
 * a message this large needs thousands of owner references, whose controller tasks outlive a test.)
 */
import { describe, expect, it } from 'vitest';
import { StatusError } from '../../src/apimachinery/status.js';
import { checkStoredSize, maxObjectBytes, maxRowBytes } from '../../src/registry/stored-size.js';
import type { ObjectWrite } from '../../src/storage/types.js';

const to = { cluster: 'default', partition: 0 };

function write(valueBytes: number, extra: Partial<ObjectWrite> = {}): ObjectWrite {
  return { key: 'ns/name', value: `{"a":"${'x'.repeat(valueBytes - 8)}"}`, labels: {}, fields: {}, ...extra };
}

function refusal(candidate: ObjectWrite): unknown {
  try {
    checkStoredSize(candidate);
    return null;
  } catch (error) {
    return error instanceof StatusError ? [error.code, error.status.reason, error.status.message] : error;
  }
}

const tooLarge = [413, 'RequestEntityTooLarge', 'etcdserver: request is too large'];

describe('checkStoredSize', () => {
  it.each([
    ['a small object', write(1000), null],
    ['an object of exactly 1.5 MiB', write(maxObjectBytes), null],
    ['an object one byte over 1.5 MiB', write(maxObjectBytes + 1), tooLarge],
    ['multi-byte text counted in UTF-8', { ...write(10), value: `{"a":"${'é'.repeat(maxObjectBytes / 2)}"}` }, tooLarge],
    ['labels that take the row past 2 MB', write(1_400_000, { labels: { big: 'v'.repeat(700_000) } }), tooLarge],
    ['labels that keep it under', write(1_400_000, { labels: { big: 'v'.repeat(500_000) } }), null],
    ['selectable fields past the row', write(1_500_000, { fields: { 'spec.x': 'f'.repeat(600_000) } }), tooLarge],
    ['a message to the controllers past a row', write(1000, { messages: [{ to, body: 'm'.repeat(maxRowBytes) }] }), tooLarge],
    ['messages each within a row', write(1000, { messages: [{ to, body: 'm'.repeat(1_500_000) }, { to, body: 'm'.repeat(1_500_000) }] }), null],
  ])('%s', (_name, candidate, expected) => {
    expect(refusal(candidate as ObjectWrite)).toEqual(expected);
  });
});
