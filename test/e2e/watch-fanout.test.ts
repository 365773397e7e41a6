/**
 * Watchers sharing the isolate's watch cache of a collection, over real HTTP (each watcher its
 * own request, as on the platform): every event reaches every watcher once and in order, a
 * watcher with a huge selector or one that stops reading hurts no writer and no other watcher,
 * and the watcher whose request holds the shared subscription can leave without the others
 * missing anything.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFetch } from './test-server.js';
import { jsonLines } from '../helpers/json-lines.js';

const serverUrl = inject('serverUrl');

interface Event {
  type: string;
  object: { metadata: { name?: string; resourceVersion: string; annotations?: Record<string, string> }; data?: Record<string, string> };
}

/** A watch over HTTP, read event by event (JSON lines). */
async function openWatch(path: string) {
  const controller = new AbortController();
  const response = await apiFetch(`${serverUrl}${path}`, { signal: controller.signal });
  expect(response.status).toBe(200);
  const { next, ended } = jsonLines<Event>(response.body!.getReader(), 5_000);
  const take = async (count: number, timeoutMillis = 5_000) => {
    const events: Event[] = [];
    while (events.length < count) {
      const event = await next(timeoutMillis);
      if (!event) break;
      events.push(event);
    }
    return events;
  };
  return { next, take, close: () => controller.abort(), ended };
}

let namespaceCounter = 0;
async function freshNamespace(prefix: string): Promise<string> {
  const name = `${prefix}-${Date.now().toString(36)}-${namespaceCounter++}`;
  const response = await apiFetch(`${serverUrl}/api/v1/namespaces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }) });
  expect(response.status).toBe(201);
  return name;
}

async function createConfigMap(namespace: string, name: string, data: Record<string, string> = { a: '1' }): Promise<number> {
  const response = await apiFetch(`${serverUrl}/api/v1/namespaces/${namespace}/configmaps`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data }),
  });
  await response.arrayBuffer();
  return response.status;
}

const names = (events: Event[]) => events.map((event) => `${event.type} ${event.object.metadata.name}`);
const watchPath = (namespace: string, query = '') => `/api/v1/namespaces/${namespace}/configmaps?watch=1&timeoutSeconds=120${query}`;

beforeAll(() => {
  expect(serverUrl).toMatch(/^https:/);
});

describe('watchers sharing a collection', () => {
  it('every watcher gets every event once, in order, whatever its start', async () => {
    const namespace = await freshNamespace('fanout');
    const watchers = await Promise.all(Array.from({ length: 20 }, () => openWatch(watchPath(namespace))));
    for (let index = 0; index < 30; index++) expect(await createConfigMap(namespace, `c${index}`)).toBe(201);
    const expected = Array.from({ length: 30 }, (_, index) => `ADDED c${index}`);
    const seen = await Promise.all(watchers.map((watcher) => watcher.take(30)));
    for (const events of seen) expect(names(events)).toEqual(expected);
    const middle = seen[0]![14]!.object.metadata.resourceVersion;
    const resumed = await openWatch(watchPath(namespace, `&resourceVersion=${middle}`));
    const withState = await openWatch(watchPath(namespace, '&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true'));
    expect(await createConfigMap(namespace, 'late')).toBe(201);
    expect(names(await resumed.take(16))).toEqual([...expected.slice(15), 'ADDED late']);
    const initial = await withState.take(32);
    expect(initial.slice(0, 30).map((event) => event.object.metadata.name).sort()).toEqual(expected.map((text) => text.slice(6)).sort());
    expect(initial[30]!.type).toBe('BOOKMARK');
    expect(names(initial.slice(31))).toEqual(['ADDED late']);
    for (const watcher of [...watchers, resumed, withState]) watcher.close();
  });

  it('the watcher that opened the shared subscription can leave; the others miss nothing', async () => {
    const namespace = await freshNamespace('handover');
    const first = await openWatch(watchPath(namespace));
    const second = await openWatch(watchPath(namespace));
    expect(await createConfigMap(namespace, 'before')).toBe(201);
    expect(names(await first.take(1))).toEqual(['ADDED before']);
    first.close();
    for (let index = 0; index < 5; index++) expect(await createConfigMap(namespace, `after${index}`)).toBe(201);
    expect(names(await second.take(6))).toEqual(['ADDED before', ...Array.from({ length: 5 }, (_, index) => `ADDED after${index}`)]);
    second.close();
  });
});

describe('no watcher can hurt a write or another watcher', () => {
  const selector = (terms: number, width: number) => Array.from({ length: terms }, (_, index) => `k${String(index).padStart(width, '0')}`).join(',');

  it.each([
    ['a 3.4 KB selector (700 terms)', selector(700, 3)],
    // 63 KB in the URL: the longest target workerd's HTTP server takes is 65,534 bytes (since 1.20261103.1, still in 1.20261123.1; 414 past it).
    ['a 49 KB selector', selector(7000, 5)],
  ])('%s: concurrent writes answer 201, other watchers see them', async (_name, labelSelector) => {
    const namespace = await freshNamespace('selector');
    expect(labelSelector.length).toBeGreaterThan(3_400);
    const greedy = await openWatch(watchPath(namespace, `&labelSelector=${encodeURIComponent(labelSelector)}`));
    const plain = await openWatch(watchPath(namespace));
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, index) => createConfigMap(namespace, `c${index}`)));
    expect(statuses).toEqual(Array(10).fill(201));
    const seen = await plain.take(10);
    expect(seen.map((event) => event.object.metadata.name).sort()).toEqual(Array.from({ length: 10 }, (_, index) => `c${index}`).sort());
    expect(await greedy.next(300)).toBeNull();
    greedy.close();
    plain.close();
  });

  it('a watcher that stops reading is cut off; writes and another watcher go on', async () => {
    const namespace = await freshNamespace('stall');
    const stalled = await openWatch(watchPath(namespace));
    const reader = await openWatch(watchPath(namespace));
    const blob = 'y'.repeat(512 * 1024);
    const statuses: number[] = [];
    const received: string[] = [];
    for (let index = 0; index < 80; index++) {
      statuses.push(await createConfigMap(namespace, `s${String(index).padStart(2, '0')}`, { blob }));
      const event = await reader.next();
      if (event) received.push(event.object.metadata.name!);
    }
    expect(statuses).toEqual(Array(80).fill(201));
    expect(received).toEqual(Array.from({ length: 80 }, (_, index) => `s${String(index).padStart(2, '0')}`));
    const backlog = await stalled.take(80, 2_000);
    expect(stalled.ended()).toBe(true);
    expect(backlog.length).toBeGreaterThan(0);
    expect(backlog.length).toBeLessThan(80);
    expect(backlog.map((event) => event.object.metadata.name)).toEqual(received.slice(0, backlog.length));
    reader.close();
  });
});
