// At the platform's limits (issue 14), on its own server whose Durable Objects persist to tmpfs
// (so that stored objects are not counted in workerd's resident memory, as on the platform where
// storage is not in the isolate):
//   1. a list of 10,000 and then of BENCH_LIMITS_LARGE (100,000) small ConfigMaps, in one response
//      and in pages of 500: time and the rise of workerd's resident memory at its peak (flat
//      within 10% is the aim: the list streams);
//   2. a list of BENCH_LIMITS_MIB (1,000) ConfigMaps of 1 MiB, about 1 GB, in one response and in
//      pages of 50;
//   3. a watch whose initial state is 100 ConfigMaps of 1 MiB (sendInitialEvents): time to the
//      initial-events-end bookmark and the memory rise.
// The client reads every body as a stream and counts it, holding at most one line. workerd runs
// with V8's old generation capped at the platform's 128 MB per isolate (BENCH_LIMITS_HEAP_MIB):
// uncapped, V8 collects the garbage of 1 MiB strings late and resident memory follows the bytes
// moved (+1.4 GiB for the 1 GB list), not the bytes held (a heap snapshot then finds about 20 MiB).
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openAccess, startServer } from '../scripts/server.mjs';
import { withPeakMemory } from './memory.mjs';
import { stateDirectory } from './side-by-side-servers.mjs';
import { fmt } from './stats.mjs';

const json = { 'content-type': 'application/json' };
const mebibyte = 'x'.repeat(1024 * 1024 - 200);

/** `task`'s time and workerd's memory rise, with the task's own figures. */
async function measured(task) {
  const { result, ...memory } = await withPeakMemory(task);
  return { ...memory, ...result };
}

async function createNamespace(url, name) {
  await (await fetch(`${url}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }) })).arrayBuffer();
}

/** Creates ConfigMaps `from`..`to`-1 in `namespace`, `clients` requests in flight. */
async function fill(url, namespace, from, to, value, clients = 32) {
  let next = from;
  await Promise.all(Array.from({ length: clients }, async () => {
    for (let index = next++; index < to; index = next++) {
      const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${index}` }, data: { value } });
      const response = await fetch(`${url}/api/v1/namespaces/${namespace}/configmaps`, { method: 'POST', headers: json, body });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`create cm-${index}: ${response.status}`);
    }
  }));
}

/** Reads a body to its end; returns its bytes and how many times `marker` occurs (counted per chunk boundary-safe). */
async function drain(response, marker) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let found = 0;
  let tail = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes, found };
    bytes += value.byteLength;
    const text = tail + decoder.decode(value, { stream: true });
    found += text.split(marker).length - 1;
    tail = text.slice(-marker.length + 1);
  }
}

/** One list of the whole namespace: items counted by their names. */
async function listWhole(url, namespace) {
  const { bytes, found } = await drain(await fetch(`${url}/api/v1/namespaces/${namespace}/configmaps`), '"name":"cm-');
  return { items: found, megabytes: bytes / 1048576 };
}

async function listPaged(url, namespace, limit) {
  let items = 0;
  let bytes = 0;
  let token = '';
  do {
    const response = await fetch(`${url}/api/v1/namespaces/${namespace}/configmaps?limit=${limit}${token ? `&continue=${encodeURIComponent(token)}` : ''}`);
    const text = await response.text();
    if (!response.ok) throw new Error(`page ${items / limit + 1} of ${namespace}: ${response.status} ${text.slice(0, 300)}`);
    bytes += text.length;
    const body = JSON.parse(text);
    items += body.items.length;
    token = body.metadata.continue ?? '';
  } while (token);
  return { items, megabytes: bytes / 1048576 };
}

/** A watch with the namespace's state as initial events: resolves at the initial-events-end bookmark. */
async function initialState(url, namespace) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/v1/namespaces/${namespace}/configmaps?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&timeoutSeconds=300`, { signal: controller.signal });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let line = '';
  let added = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error('the watch ended before its initial-events-end bookmark');
    bytes += value.byteLength;
    const parts = (line + decoder.decode(value, { stream: true })).split('\n');
    line = parts.pop();
    for (const part of parts) {
      if (part.startsWith('{"type":"ADDED"')) added += 1;
      if (part.startsWith('{"type":"BOOKMARK"') && part.includes('initial-events-end')) {
        controller.abort();
        return { added, megabytes: bytes / 1048576 };
      }
    }
  }
}

const row = (name, figures) => `  ${name.padEnd(34)} ${fmt(figures.ms)} ms, ${figures.items ?? figures.added} items, ${fmt(figures.megabytes)} MB; workerd RSS +${fmt(figures.rssRiseMiB)} MiB at its peak (${fmt(figures.rssBeforeMiB)} -> ${fmt(figures.rssPeakMiB)})`;

export async function runLimits(large = Number(process.env.BENCH_LIMITS_LARGE ?? 100_000), bigCount = Number(process.env.BENCH_LIMITS_MIB ?? 1000)) {
  const state = mkdtempSync(path.join(stateDirectory(), 'edge-limits-'));
  const heapLimitMiB = Number(process.env.BENCH_LIMITS_HEAP_MIB ?? 128);
  const server = await startServer({ bindings: openAccess, persistTo: state, heapLimitMiB });
  try {
    const { url } = server;
    await createNamespace(url, 'small');
    await fill(url, 'small', 0, 10_000, 'x'.repeat(100));
    const small = { whole: await measured(() => listWhole(url, 'small')), paged: await measured(() => listPaged(url, 'small', 500)) };
    const filled = performance.now();
    await fill(url, 'small', 10_000, large, 'x'.repeat(100));
    const fillSeconds = (performance.now() - filled) / 1000;
    const many = { whole: await measured(() => listWhole(url, 'small')), paged: await measured(() => listPaged(url, 'small', 500)) };
    console.log(`Lists at the limits (Durable Objects on tmpfs; ${large - 10_000} creates took ${fmt(fillSeconds)} s)`);
    console.log(row('10,000 small, one response', small.whole));
    console.log(row('10,000 small, pages of 500', small.paged));
    console.log(row(`${large.toLocaleString('en')} small, one response`, many.whole));
    console.log(row(`${large.toLocaleString('en')} small, pages of 500`, many.paged));
    console.log(`  memory rise ${large.toLocaleString('en')}/10,000: one response ${fmt(many.whole.rssRiseMiB / small.whole.rssRiseMiB, 2)}x, pages ${fmt(many.paged.rssRiseMiB / small.paged.rssRiseMiB, 2)}x`);
    await createNamespace(url, 'huge');
    await fill(url, 'huge', 0, bigCount, mebibyte, 8);
    const huge = { whole: await measured(() => listWhole(url, 'huge')), paged: await measured(() => listPaged(url, 'huge', 50)) };
    console.log(row(`${bigCount} x 1 MiB, one response`, huge.whole));
    console.log(row(`${bigCount} x 1 MiB, pages of 50`, huge.paged));
    await createNamespace(url, 'watched');
    await fill(url, 'watched', 0, 100, mebibyte, 8);
    const watch = await measured(() => initialState(url, 'watched'));
    console.log(row('watch, 100 x 1 MiB initial state', watch));
    return {
      conditions: `its own server (workerd through Miniflare, plain HTTP, access control off, V8 old generation capped at ${heapLimitMiB} MiB as the platform caps an isolate) with Durable Objects persisted to tmpfs; ConfigMaps of about 250 bytes (small) and of 1 MiB; lists read as streams by one client (JSON, counted, never held whole); workerd resident memory sampled every 5 ms`,
      small: { count: 10_000, ...small }, large: { count: large, fillSeconds, ...many }, mebibyteObjects: { count: bigCount, ...huge }, initialStateWatch: { count: 100, ...watch },
    };
  } finally {
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  }
}
