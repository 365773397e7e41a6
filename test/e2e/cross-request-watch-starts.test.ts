/**
 * A watch start that waits for the watch cache goes on in its own request. A namespace's list
 * reads the shard's clock, which writes to other namespaces of the type moved past anything the
 * namespace's watch cache heard; the watch from the list's resourceVersion then waits until the
 * shard's progress reaches the cache, and that progress arrives in the request holding the
 * cache's socket (another watcher's). The start waits on a promise of its own request, rung from
 * there (Waiters, src/apimachinery/hand-over.ts), under a V8 that optimizes after 20 calls (where
 * an optimized `new Promise` loses its request's tag). Every start answers 200, and every one
 * still streams after the request that held the socket ended (its watchers' doorbells, had they
 * been made there, would have died with it).
 * Not shown to catch the fault: with Waiters' promise made by `new Promise` (inline, or in a small
 * helper as handOver() is), 600 starts still passed here; the structural guard is unit-level
 * (test/unit/waiters.test.ts: Promise.withResolvers(); watch-cache-lag.test.ts: starts wait
 * through Waiters).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script shared with `npm start` and the benchmark
import { openAccess, startServer } from '../../scripts/server.mjs';

const rounds = 300;

let server: { url: string; stop(): Promise<void> };
let agent: http.Agent;

beforeAll(async () => {
  server = await startServer({ bindings: openAccess, v8Flags: ['--invocation-count-for-turbofan=20'] });
  agent = new http.Agent({ keepAlive: true });
});

afterAll(async () => {
  agent?.destroy();
  await server?.stop();
});

function call(method: string, path: string, body?: object): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, { method, agent, headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk)).on('end', () => resolve({ status: response.statusCode!, json: text ? JSON.parse(text) : null }));
    });
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

/** A watch's status, and the event lines it streams (the request, to end it). */
function watch(path: string): Promise<{ status: number; lines: string[]; request: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${path}`, (response) => {
      response.setEncoding('utf8');
      const lines: string[] = [];
      let partial = '';
      response.on('data', (chunk: string) => {
        const parts = (partial + chunk).split('\n');
        partial = parts.pop()!;
        lines.push(...parts.filter((part) => part.trim()));
      });
      resolve({ status: response.statusCode!, lines, request });
    });
    request.on('error', reject);
  });
}

async function until(condition: () => boolean, millis: number): Promise<void> {
  for (const deadline = Date.now() + millis; !condition() && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('watch starts waiting for the watch cache', () => {
  it(`start in their own request: ${rounds} of them still stream after the request holding the socket ends`, async () => {
    for (const name of ['watched', 'other']) expect((await call('POST', '/api/v1/namespaces', { metadata: { name } })).status).toBe(201);
    // Holds the namespace's cache subscription: the progress the starts wait for arrives in its request.
    const standing = await watch('/api/v1/namespaces/watched/configmaps?watch=1');
    const watches: { status: number; lines: string[]; request: http.ClientRequest }[] = [];
    const refused: string[] = [];
    for (let round = 0; round < rounds; round++) {
      await call('POST', '/api/v1/namespaces/other/configmaps', { metadata: { name: `o-${round}` } });
      const list = await call('GET', '/api/v1/namespaces/watched/configmaps');
      const started = await watch(`/api/v1/namespaces/watched/configmaps?watch=1&resourceVersion=${list.json.metadata.resourceVersion}`);
      if (started.status === 200) watches.push(started);
      else if (refused.length < 3) refused.push(`round ${round}: ${started.status}`);
    }
    expect(refused).toEqual([]);
    // A start resumed in the socket's request would have made its doorbell there: it dies with it.
    standing.request.destroy();
    await call('POST', '/api/v1/namespaces/watched/configmaps', { metadata: { name: 'after-the-socket-left' } });
    await call('POST', '/api/v1/namespaces/watched/configmaps', { metadata: { name: 'last' } });
    const heard = () => watches.filter((started) => started.lines.some((line) => line.includes('"last"'))).length;
    await until(() => heard() === watches.length, 10_000);
    for (const started of watches) started.request.destroy();
    expect(heard()).toBe(rounds);
  }, 120_000);
});
