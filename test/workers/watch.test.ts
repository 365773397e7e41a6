/**
 * Watch semantics through the Worker and the StorageShard in workerd: the resourceVersion table,
 * bookmarks and streaming lists, selector transitions, formats, errors, and Durable Object eviction
 * mid-stream (no gap, no duplicate).
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StorageShard } from '../../src/durable/storage-shard.js';
import { adminAuthorization, api, configMap, freshNamespace } from './api-client.js';
import { summary, watch } from './watch-client.js';

let ns = '';
const cm = () => `/api/v1/namespaces/${ns}/configmaps`;
const merge = { 'content-type': 'application/merge-patch+json' };
const configMapsStore = () => env.STORAGE_SHARDS.get(env.STORAGE_SHARDS.idFromName('default/core/configmaps'));
const create = async (name: string, extra: Record<string, unknown> = {}) => (await api('POST', cm(), { body: configMap(name, extra) })).json;

beforeEach(async () => {
  ns = await freshNamespace('watch');
});

describe('where a watch starts', () => {
  it('without resourceVersion: synthetic ADDED for the current state, then live changes', async () => {
    await create('a');
    const stream = await watch(`${cm()}?watch=1&timeoutSeconds=5`);
    expect(stream.headers.get('content-type')).toBe('application/json');
    expect(summary([(await stream.next())!])).toEqual(['ADDED a']);
    await create('b');
    await api('PATCH', `${cm()}/a`, { body: { data: { x: '1' } }, headers: merge });
    await api('DELETE', `${cm()}/b`);
    expect(summary([(await stream.next())!, (await stream.next())!, (await stream.next())!])).toEqual(['ADDED b', 'MODIFIED a', 'DELETED b']);
    await stream.close();
  });

  it('resourceVersion=0 also starts with the current state', async () => {
    await create('a');
    const stream = await watch(`${cm()}?watch=true&resourceVersion=0&timeoutSeconds=1`);
    expect(summary(await stream.rest())).toEqual(['ADDED a']);
  });

  it('a resourceVersion replays every change after it, deleted objects with the deletion version', async () => {
    const listed = (await api('GET', cm())).json.metadata.resourceVersion;
    const a = await create('a');
    await api('PATCH', `${cm()}/a`, { body: { data: { x: '1' } }, headers: merge });
    const deleted = await api('DELETE', `${cm()}/a`);
    expect(deleted.status).toBe(200);
    const events = await (await watch(`${cm()}?watch=1&resourceVersion=${listed}&timeoutSeconds=1`)).rest();
    expect(summary(events)).toEqual(['ADDED a', 'MODIFIED a', 'DELETED a']);
    const versions = events.map((event) => Number(event.object.metadata.resourceVersion));
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    expect(events[0]!.object.metadata.resourceVersion).toBe(a.metadata.resourceVersion);
    expect(events[2]!.object.data).toEqual({ a: '1', x: '1' });
  });

  it('answers an ERROR event with 410 Expired for a compacted resourceVersion, then ends', async () => {
    const listed = (await api('GET', cm())).json.metadata.resourceVersion;
    await create('a');
    const latest = Number((await api('GET', cm())).json.metadata.resourceVersion);
    await runInDurableObject(configMapsStore(), (instance: StorageShard) => instance.compact(latest));
    const stream = await watch(`${cm()}?watch=1&resourceVersion=${listed}`);
    expect(stream.status).toBe(200);
    const events = await stream.rest();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'ERROR', object: { kind: 'Status', status: 'Failure', code: 410, reason: 'Expired' } });
    expect(events[0]!.object.message).toMatch(/^too old resource version: \d+ \(\d+\)$/);
  });

  it('refuses a resourceVersion newer than any commit with 504', async () => {
    const stream = await watch(`${cm()}?watch=1&resourceVersion=9007199254740000`);
    expect(stream.status).toBe(504);
    expect(stream.body).toMatchObject({ reason: 'Timeout', code: 504 });
  });
});

describe('bookmarks and streaming lists', () => {
  it('sendInitialEvents: initial ADDED, then a BOOKMARK marked initial-events-end, then live changes', async () => {
    await create('a');
    await create('b');
    const stream = await watch(`${cm()}?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&timeoutSeconds=5`);
    const initial = [(await stream.next())!, (await stream.next())!, (await stream.next())!];
    expect(summary(initial)).toEqual(['ADDED a', 'ADDED b', 'BOOKMARK:end']);
    // The list blueprint: kube's watchListTransformer, the empty list base64 in the stream's encoding (recorded from v1.32.13).
    expect(initial[2]!.object).toEqual({
      kind: 'ConfigMap', apiVersion: 'v1',
      metadata: {
        resourceVersion: expect.stringMatching(/^\d+$/),
        annotations: { 'k8s.io/initial-events-end': 'true', 'kubernetes.io/initial-events-list-blueprint': btoa('{"kind":"ConfigMapList","apiVersion":"v1","metadata":{},"items":null}\n') },
      },
    });
    await create('c');
    expect(summary([(await stream.next())!])).toEqual(['ADDED c']);
    await stream.close();
  });

  it('gives a metadata client\'s initial-events-end bookmark a PartialObjectMetadataList blueprint', async () => {
    await create('a');
    const accept = { accept: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json' };
    const stream = await watch(`${cm()}?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&timeoutSeconds=5`, accept);
    const end = [(await stream.next())!, (await stream.next())!][1]!;
    expect(end.object.metadata.annotations['kubernetes.io/initial-events-list-blueprint'])
      .toBe(btoa('{"kind":"PartialObjectMetadataList","apiVersion":"meta.k8s.io/v1","metadata":{},"items":null}\n'));
    await stream.close();
  });

  // kube's cacheWatcher.nextBookmarkTime: deadline - 2 s. Timed against the deadline the client
  // set (semantics, with generous margins for a loaded machine), not a benchmark. kube v1.32.13
  // sends it only once the resourceVersion moved past the watch's start, hence the write of b.
  it('sends a bookmark two seconds before the deadline', async () => {
    await create('a');
    const requested = Date.now();
    const stream = await watch(`${cm()}?watch=1&allowWatchBookmarks=true&timeoutSeconds=4`);
    expect(summary([(await stream.next())!])).toEqual(['ADDED a']);
    await create('b');
    expect(summary([(await stream.next())!])).toEqual(['ADDED b']);
    const bookmark = await stream.next(6000);
    const bookmarkAt = Date.now();
    expect(summary([bookmark!])).toEqual(['BOOKMARK']);
    expect(await stream.next(6000)).toBeNull();
    const endedAt = Date.now();
    // Sent no earlier than deadline - 2 s (the server's deadline starts after `requested`) ...
    expect(bookmarkAt - requested).toBeGreaterThanOrEqual(2000 - 50);
    // ... and well before the end of the stream, which comes at the deadline.
    expect(endedAt - bookmarkAt).toBeGreaterThanOrEqual(1000);
    expect(endedAt - requested).toBeGreaterThanOrEqual(4000 - 50);
  });

  it('sends no deadline bookmark for a watch of two seconds (as kube)', async () => {
    await create('a');
    const stream = await watch(`${cm()}?watch=1&allowWatchBookmarks=true&timeoutSeconds=2`);
    expect(summary(await stream.rest(4000))).toEqual(['ADDED a']);
  });

  it.each([
    ['sendInitialEvents without resourceVersionMatch', 'sendInitialEvents=true', 'resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'],
    ['resourceVersionMatch without sendInitialEvents', 'resourceVersionMatch=NotOlderThan', 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'],
    ['resourceVersionMatch=Exact', 'sendInitialEvents=true&resourceVersionMatch=Exact', 'resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"'],
  ])('refuses %s with 422', async (_name, query, message) => {
    const response = await api('GET', `${cm()}?watch=1&${query}`);
    expect(response.status).toBe(422);
    expect(response.json.message).toContain(message);
  });
});

describe('selectors', () => {
  it('an object entering the selection arrives as ADDED, one changing within it as MODIFIED, one leaving as DELETED', async () => {
    await create('a');
    const stream = await watch(`${cm()}?watch=1&labelSelector=pick%3Dyes&timeoutSeconds=5`);
    await api('PATCH', `${cm()}/a`, { body: { metadata: { labels: { pick: 'yes' } } }, headers: merge });
    await api('PATCH', `${cm()}/a`, { body: { data: { b: '2' } }, headers: merge });
    await api('PATCH', `${cm()}/a`, { body: { metadata: { labels: { pick: null } } }, headers: merge });
    await create('unpicked');
    const events = [(await stream.next())!, (await stream.next())!, (await stream.next())!];
    expect(summary(events)).toEqual(['ADDED a', 'MODIFIED a', 'DELETED a']);
    expect(events[2]!.object.metadata.labels).toEqual({ pick: 'yes' });
    expect(await stream.next(300)).toBeNull();
    await stream.close();
  });

  it('watches one object by field selector and by the deprecated /watch/ path', async () => {
    await create('a');
    await create('b');
    expect(summary(await (await watch(`${cm()}?watch=1&fieldSelector=metadata.name%3Db&timeoutSeconds=1`)).rest())).toEqual(['ADDED b']);
    expect(summary(await (await watch(`/api/v1/watch/namespaces/${ns}/configmaps/a?timeoutSeconds=1`)).rest())).toEqual(['ADDED a']);
  });

  it('watches across namespaces at the cluster-wide path', async () => {
    const stream = await watch('/api/v1/configmaps?watch=1&resourceVersion=' + (await api('GET', '/api/v1/configmaps')).json.metadata.resourceVersion + '&timeoutSeconds=5');
    await create('x');
    expect(await stream.next()).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'x', namespace: ns } } });
    await stream.close();
  });
});

describe('formats', () => {
  it('streams one-row Tables for kubectl get -w, column definitions only in the first', async () => {
    await create('a');
    await create('b');
    const stream = await watch(`${cm()}?watch=1&timeoutSeconds=1`, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    const events = await stream.rest();
    expect(events.map((event) => [event.object.kind, event.object.rows[0].cells[0], event.object.columnDefinitions === null])).toEqual([
      ['Table', 'a', false], ['Table', 'b', true],
    ]);
  });

  it('refuses YAML, which is not a watch format', async () => {
    const response = await api('GET', `${cm()}?watch=1`, { headers: { accept: 'application/yaml' } });
    expect(response.status).toBe(406);
  });

  it('carries objects larger than a WebSocket message intact', async () => {
    const big = 'x'.repeat(1_000_000);
    await create('big', { data: { big } });
    const events = await (await watch(`${cm()}?watch=1&timeoutSeconds=1`)).rest();
    expect(events[0]!.object.data.big).toBe(big);
  });
});

describe('Durable Object eviction mid-stream', () => {
  it.each([['hibernate'], ['close']] as const)('keeps the stream going with no gap and no duplicate (sockets %s)', async (webSockets) => {
    await create('before');
    const stream = await watch(`${cm()}?watch=1&timeoutSeconds=10`);
    expect(summary([(await stream.next())!])).toEqual(['ADDED before']);
    await create('one');
    expect(summary([(await stream.next())!])).toEqual(['ADDED one']);
    await evictDurableObject(configMapsStore(), { webSockets });
    await create('two');
    await create('three');
    const after = [(await stream.next())!, (await stream.next())!];
    expect(summary(after)).toEqual(['ADDED two', 'ADDED three']);
    expect(await stream.next(500)).toBeNull();
    await stream.close();
  });
});

describe('client disconnect', () => {
  it('sends a newline on an idle stream, so that a departed client is noticed (WATCH_HEARTBEAT_SECONDS=1 here)', async () => {
    const response: Response = await (await import('cloudflare:workers') as any).exports.default.fetch(
      new Request(`http://edge.test${cm()}?watch=1&timeoutSeconds=5`, { headers: adminAuthorization }),
    );
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('\n');
    await reader.cancel();
  });

  it('frees the Durable Object socket when the request is aborted', async () => {
    const sockets = () => runInDurableObject(configMapsStore(), (_instance, state) => state.getWebSockets(`ns:${ns}/`).length);
    const disconnect = new AbortController();
    await watch(`${cm()}?watch=1&timeoutSeconds=30`, {}, disconnect.signal);
    expect(await sockets()).toBe(1);
    disconnect.abort();
    for (let i = 0; i < 50 && (await sockets()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await sockets()).toBe(0);
  });
});

describe('WebSocket watch', () => {
  it('sends each event as one message', async () => {
    await create('a');
    const response: Response = await (await import('cloudflare:workers') as any).exports.default.fetch(
      new Request(`http://edge.test${cm()}?watch=1&timeoutSeconds=2`, { headers: { upgrade: 'websocket', ...adminAuthorization } }),
    );
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const messages: any[] = [];
    const closed = new Promise((resolve) => socket.addEventListener('close', resolve));
    socket.addEventListener('message', (event) => messages.push(JSON.parse(event.data as string)));
    await create('b');
    await closed;
    expect(summary(messages)).toEqual(['ADDED a', 'ADDED b']);
  });
});
