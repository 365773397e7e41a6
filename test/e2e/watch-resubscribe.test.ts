/**
 * The isolate's subscription to a collection survives its holders' clients going away together.
 * One watcher's request holds the subscription; when it ends, the watch cache wakes another
 * watcher to subscribe again in its own request (src/storage/cacher/watch-cache.ts). workerd
 * notices a departed client only when a write to it fails, so clients that left together are
 * noticed together, at the next event: the holder leaves, the first watcher in line is woken, and
 * it is usually one of the departed, whose request ends before the wake reaches it. Here 60
 * watchers take 100 writes; 49 leave, then the holder; the last 10 must each take the next 20
 * writes, in order, their streams open. Before the cache woke another when the woken one left
 * first, nobody subscribed again: each of the 10 received 1 of the 20 (the write that revealed the
 * departures) and then nothing.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script shared with `npm start` and the benchmark
import { openAccess, startServer } from '../../scripts/server.mjs';

const watcherCount = 60;
const leaving = 49;
const writes = 100;
const later = 20;
const namespace = 'resubscribe';

let server: { url: string; stop(): Promise<void> };

beforeAll(async () => {
  server = await startServer({ bindings: openAccess });
  expect((await send('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } })).status).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

describe('a collection\'s watchers whose clients leave together', () => {
  it('the rest still take every event: one of them subscribes again', async () => {
    const watchers = [];
    // One at a time: the first one's request holds the subscription.
    for (let index = 0; index < watcherCount; index++) watchers.push(await openWatcher());
    await createConfigMaps(0, writes);
    await Promise.all(watchers.map((watcher) => watcher.until(writes, 20_000)));
    const expected = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => `ADDED c${from + index}`);
    for (const watcher of watchers) expect({ events: watcher.events, ended: watcher.ended }).toEqual({ events: expected(0, writes), ended: false });
    for (const watcher of watchers.slice(1, 1 + leaving)) watcher.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    watchers[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const staying = watchers.slice(1 + leaving);
    await createConfigMaps(writes, writes + later);
    await Promise.all(staying.map((watcher) => watcher.until(writes + later, 20_000)));
    for (const watcher of staying) expect({ events: watcher.events.slice(writes), ended: watcher.ended }).toEqual({ events: expected(writes, writes + later), ended: false });
    for (const watcher of staying) watcher.close();
  }, 120_000);
});

async function createConfigMaps(from: number, to: number): Promise<void> {
  for (let index = from; index < to; index++) {
    const { status } = await send('POST', `/api/v1/namespaces/${namespace}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${index}` } });
    expect(status).toBe(201);
  }
}

/** A watch of the namespace's ConfigMaps, collecting `TYPE name` per event; `ended` once the server ends it. */
function openWatcher(): Promise<{ events: string[]; ended: boolean; until(count: number, timeoutMillis: number): Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}/api/v1/namespaces/${namespace}/configmaps?watch=1&timeoutSeconds=300`, (response) => {
      expect(response.statusCode).toBe(200);
      const watcher = { events: [] as string[], ended: false, until, close: () => request.destroy() };
      let waiting: (() => void) | null = null;
      let rest = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines.filter((text) => text.trim())) {
          const event = JSON.parse(line) as { type: string; object: { metadata: { name: string } } };
          watcher.events.push(`${event.type} ${event.object.metadata.name}`);
        }
        waiting?.();
      });
      response.on('end', () => {
        watcher.ended = true;
        waiting?.();
      });
      response.on('error', () => {});
      function until(count: number, timeoutMillis: number): Promise<void> {
        const deadline = Date.now() + timeoutMillis;
        return new Promise((done) => {
          const check = () => {
            if (watcher.events.length >= count || watcher.ended || Date.now() > deadline) return done();
            waiting = check;
            setTimeout(check, 100);
          };
          check();
        });
      }
      resolve(watcher);
    });
    request.on('error', reject);
  });
}

async function send(method: string, path: string, body: unknown): Promise<{ status: number }> {
  const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return { status: response.status };
}
