/**
 * A live watcher with selectors is handed only the changes it sees (a node's Pod watcher and the
 * other nodes' Pods): the rest cost no hop into its request, only a note of how far it has passed,
 * which a bookmark reports. The note never overtakes an event still waiting in the watcher's
 * inbox: reporting drains the inbox first, else that event would be dropped as already passed.
 */
import { describe, expect, it } from 'vitest';
import { WatchCache, type ShardLink } from '../../src/storage/cacher/watch-cache.js';
import { CacheWatcher, type WatchSource } from '../../src/storage/cacher/cache-watcher.js';
import { changeMessage, controlMessage } from '../../src/durable/watch-protocol.js';
import { FakeHubSocket, settle } from '../helpers/fake-hub-socket.js';
import { parseFieldSelector } from '../../src/apimachinery/selectors/fields.js';
import type { StoredObject } from '../../src/storage/types.js';

/** A live watcher of `ns/` Pods on node `mine`, and a way to commit a Pod change on a node. */
async function nodeWatcher() {
  const socket = new FakeHubSocket();
  const link: ShardLink = { subscribe: async () => socket as unknown as WebSocket, current: async () => 100, progress: async () => 100 };
  const source: WatchSource = { link, list: async () => ({ resourceVersion: 100, items: [] }) as never, changes: async () => (async function* () {})() };
  const marks: string[] = [];
  const listener = {
    event: async (type: string, object: StoredObject) => void marks.push(`${type} ${object.resourceVersion}`),
    progress: (resourceVersion: number) => void marks.push(`progress ${resourceVersion}`),
    ended: () => void marks.push('ended'),
  };
  const filter = { prefix: 'ns/', fieldSelector: parseFieldSelector('spec.nodeName=mine') };
  const watcher = new CacheWatcher(new WatchCache('ns/', () => {}), source, { filter, start: { from: 'now' } }, listener);
  const started = watcher.start();
  setImmediate(() => socket.receive(controlMessage({ kind: 'synced', resourceVersion: 100 })));
  await started;
  await settle();
  marks.length = 0;
  const commit = (resourceVersion: number, node: string) => {
    const side = { value: `{"rv":${resourceVersion}}`, labels: null, fields: JSON.stringify({ 'spec.nodeName': node }) };
    socket.receive(changeMessage(`ns/pod-${resourceVersion}`, resourceVersion, side, null));
  };
  return { watcher, marks, commit };
}

describe('a live watcher with selectors', () => {
  it('is handed only what it sees, and reports how far it has passed when asked', async () => {
    const { watcher, marks, commit } = await nodeWatcher();
    const inbox = () => (watcher as unknown as { inbox: unknown[] }).inbox.length;
    commit(101, 'other');
    commit(102, 'other');
    expect(inbox()).toBe(0);
    commit(103, 'mine');
    expect(inbox()).toBe(1);
    await settle();
    commit(104, 'other');
    await settle();
    expect(marks).toEqual(['ADDED 103']);
    watcher.reportProgress();
    expect(marks).toEqual(['ADDED 103', 'progress 104']);
  });

  it('reports nothing past an event still in its inbox before that event', async () => {
    const { watcher, marks, commit } = await nodeWatcher();
    commit(101, 'mine');
    commit(102, 'other');
    watcher.reportProgress();
    await settle();
    expect(marks).toEqual(['ADDED 101', 'progress 102']);
  });
});
