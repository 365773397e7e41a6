/**
 * The server holds at the platform's limits (issue "Hold at the platform's limits"): collections
 * and watch states far over one RPC reply (32 MiB) move as streams; a watcher with a huge selector
 * or one that stops reading harms no writer and no other watcher (those, with several watchers of
 * one collection, are end-to-end: test/e2e/watch-fanout.test.ts). Each case reproduces a failure
 * seen before the streams (500s, a silent stop).
 */
import { describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';
import { summary, watch } from './watch-client.js';

const mebibyte = 'x'.repeat(1024 * 1024 - 200);

async function fill(namespace: string, count: number, data = mebibyte): Promise<void> {
  for (let index = 0; index < count; index++) {
    const created = await api('POST', `/api/v1/namespaces/${namespace}/configmaps`, { body: configMap(`big-${String(index).padStart(2, '0')}`, { data: { blob: data } }) });
    expect(created.status, created.text.slice(0, 200)).toBe(201);
  }
}

describe('collections larger than one reply', () => {
  it('lists 40 ConfigMaps of 1 MiB (JSON and Protobuf), pages them, and deletes them by collection', { timeout: 120_000 }, async () => {
    const namespace = await freshNamespace('big');
    await fill(namespace, 40);
    const list = await api('GET', `/api/v1/namespaces/${namespace}/configmaps`);
    expect(list.status).toBe(200);
    expect(list.json.items.map((item: any) => item.data.blob.length)).toEqual(Array(40).fill(mebibyte.length));
    const protobuf = await api('GET', `/api/v1/namespaces/${namespace}/configmaps`, { headers: { accept: 'application/vnd.kubernetes.protobuf' } });
    expect(protobuf.status).toBe(200);
    expect(protobuf.headers.get('content-type')).toBe('application/vnd.kubernetes.protobuf');
    expect(protobuf.text.length).toBeGreaterThan(40 * mebibyte.length);
    const page = await api('GET', `/api/v1/namespaces/${namespace}/configmaps?limit=25`);
    expect(page.json.items).toHaveLength(25);
    expect(page.json.metadata.remainingItemCount).toBe(15);
    const rest = await api('GET', `/api/v1/namespaces/${namespace}/configmaps?limit=25&continue=${encodeURIComponent(page.json.metadata.continue)}`);
    expect(rest.json.items.map((item: any) => item.metadata.name)).toEqual(Array.from({ length: 15 }, (_, index) => `big-${index + 25}`));
    const deleted = await api('DELETE', `/api/v1/namespaces/${namespace}/configmaps`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.items).toHaveLength(40);
    expect((await api('GET', `/api/v1/namespaces/${namespace}/configmaps`)).json.items).toEqual([]);
  });

  it('deletes a namespace holding 40 ConfigMaps of 1 MiB', { timeout: 120_000 }, async () => {
    const namespace = await freshNamespace('bigns');
    await fill(namespace, 40);
    expect((await api('DELETE', `/api/v1/namespaces/${namespace}`)).status).toBe(200);
    await eventually(async () => (await api('GET', `/api/v1/namespaces/${namespace}`)).status === 404, 60_000);
  });
});

describe('watches larger than one reply', () => {
  it('sends an initial state of over 40 MB, every event and the initial-events bookmark', { timeout: 120_000 }, async () => {
    const namespace = await freshNamespace('bigwatch');
    await fill(namespace, 42);
    const stream = await watch(`/api/v1/namespaces/${namespace}/configmaps?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=60`);
    const events = [];
    for (let event = await stream.next(10_000); event; event = await stream.next(10_000)) {
      events.push(event);
      if (event.type === 'BOOKMARK') break;
    }
    await stream.close();
    expect(summary(events)).toEqual([...Array.from({ length: 42 }, (_, index) => `ADDED big-${String(index).padStart(2, '0')}`), 'BOOKMARK:end']);
    expect(events.slice(0, -1).every((event) => event.object.data.blob.length === mebibyte.length)).toBe(true);
  });
});
