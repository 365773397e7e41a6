// Section `sharding`: one resource type (ConfigMaps) spread over 1, 2, 4 and 8 storage shards
// (SHARDED_TYPES=configmaps=N:name), each layout on its own fresh server:
//   1. writes per second (creates and updates from 32 clients, closed loop) and workerd CPU per
//      write; locally every shard shares workerd's one thread, so the projection to one thread
//      per shard (the platform) is also given: N times the one-shard rate, an upper bound that
//      holds while the Worker side is not the bottleneck;
//   2. the delay a merged watch adds: one cluster-wide watcher, writes at 50/s spread over every
//      shard, delay = arrival minus the write's send time (p50/p99), 1 shard against 8;
//   3. a list of BENCH_SHARD_LIST (100,000) small ConfigMaps in one response, 8 shards against 1.
import { openAccess, startServer } from '../scripts/server.mjs';
import { startedWorkerd } from './memory.mjs';
import { cpuSeconds } from './side-by-side-servers.mjs';
import { closedLoop, fmt, summarize } from './stats.mjs';

const clients = 32;

async function withServer(shards, run) {
  const { result: server, pids } = await startedWorkerd(() => startServer({ bindings: { ...openAccess, SHARDED_TYPES: shards > 1 ? `configmaps=${shards}:name` : '' } }));
  try {
    return await run(server.url, pids);
  } finally {
    await server.stop();
  }
}

const json = { 'content-type': 'application/json' };
const configMap = (namespace, name, data = {}) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data });

async function namespaces(url, count) {
  await Promise.all(Array.from({ length: count }, (_, index) => fetch(`${url}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: `shard-bench-${index}` } }) }).then((response) => response.arrayBuffer())));
}

/** Creates then merge-patches each client's own ConfigMaps, spread over 8 namespaces. */
async function writeLoad(url, pids, durationMs) {
  await namespaces(url, 8);
  const cpuBefore = cpuSeconds(pids);
  const result = await closedLoop({
    concurrency: clients,
    durationMs,
    operation: async (worker, iteration) => {
      const namespace = `shard-bench-${worker % 8}`;
      const name = `w${worker}-${iteration % 50}`;
      if (iteration < 50) {
        const response = await fetch(`${url}/api/v1/namespaces/${namespace}/configmaps`, { method: 'POST', headers: json, body: configMap(namespace, name, { i: '0' }) });
        await response.arrayBuffer();
        return 'create';
      }
      const response = await fetch(`${url}/api/v1/namespaces/${namespace}/configmaps/${name}`, {
        method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ data: { i: String(iteration) } }),
      });
      await response.arrayBuffer();
      return 'update';
    },
  });
  const writes = Object.values(result.byOp).reduce((sum, latencies) => sum + latencies.length, 0);
  return { writesPerSecond: result.opsPerSecond, cpuMillisPerWrite: (1000 * (cpuSeconds(pids) - cpuBefore)) / writes, writeP99: summarize(Object.values(result.byOp).flat()).p99 };
}

/** One cluster-wide watcher; writes at `rate`/s carrying their send time; delays of delivery. */
async function watchDelay(url, rate, count) {
  await namespaces(url, 8);
  const list = await (await fetch(`${url}/api/v1/configmaps?limit=1`)).json();
  const controller = new AbortController();
  const response = await fetch(`${url}/api/v1/configmaps?watch=1&resourceVersion=${list.metadata.resourceVersion}`, { signal: controller.signal });
  const reader = response.body.getReader();
  const delays = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    while (delays.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const sent = line.trim() ? Number(JSON.parse(line).object.data?.sent) : NaN;
        if (Number.isFinite(sent)) delays.push(performance.timeOrigin + performance.now() - sent);
      }
    }
  })();
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    const due = started + (index * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const namespace = `shard-bench-${index % 8}`;
    void fetch(`${url}/api/v1/namespaces/${namespace}/configmaps`, { method: 'POST', headers: json, body: configMap(namespace, `d${index}`, { sent: String(performance.timeOrigin + performance.now()) }) }).then((r) => r.arrayBuffer());
  }
  await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  controller.abort();
  return { delivered: delays.length, expected: count, ...summarize(delays) };
}

/** Creates `count` small ConfigMaps (64 clients), then times one full list. */
async function bigList(url, count) {
  await namespaces(url, 8);
  let next = 0;
  await Promise.all(Array.from({ length: 64 }, async () => {
    for (let index = next++; index < count; index = next++) {
      const namespace = `shard-bench-${index % 8}`;
      const response = await fetch(`${url}/api/v1/namespaces/${namespace}/configmaps`, { method: 'POST', headers: json, body: configMap(namespace, `l${index}`, { v: 'x' }) });
      await response.arrayBuffer();
    }
  }));
  const began = performance.now();
  const response = await fetch(`${url}/api/v1/configmaps`);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { items: count, seconds: (performance.now() - began) / 1000, megabytes: bytes / 1048576 };
}

export async function runSharding(durationMs, listSize = Number(process.env.BENCH_SHARD_LIST ?? 100_000)) {
  const writes = [];
  for (const shards of [1, 2, 4, 8]) {
    const figures = await withServer(shards, (url, pids) => writeLoad(url, pids, durationMs));
    writes.push({ shards, ...figures });
  }
  const base = writes[0];
  console.log('writes to one type over N shards (32 clients, creates then merge patches):');
  for (const row of writes) {
    const projected = base.writesPerSecond * row.shards * (base.cpuMillisPerWrite / row.cpuMillisPerWrite);
    row.projectedOneThreadPerShard = projected;
    console.log(`  ${row.shards} shard(s): ${fmt(row.writesPerSecond)} writes/s (${fmt(row.writesPerSecond / base.writesPerSecond, 2)}x), CPU ${fmt(row.cpuMillisPerWrite, 3)} ms/write, p99 ${fmt(row.writeP99, 1)} ms; projected with a thread per shard: ${fmt(projected)} writes/s`);
  }
  const delays = {};
  for (const shards of [1, 8]) delays[shards] = await withServer(shards, (url) => watchDelay(url, 50, 500));
  console.log(`merged watch delay at 50 writes/s: 1 shard p50 ${fmt(delays[1].p50, 1)} / p99 ${fmt(delays[1].p99, 1)} ms; 8 shards p50 ${fmt(delays[8].p50, 1)} / p99 ${fmt(delays[8].p99, 1)} ms (${delays[8].delivered}/${delays[8].expected} delivered)`);
  const lists = {};
  for (const shards of [1, 8]) lists[shards] = await withServer(shards, (url) => bigList(url, listSize));
  console.log(`list of ${listSize} ConfigMaps: 1 shard ${fmt(lists[1].seconds, 2)} s, 8 shards ${fmt(lists[8].seconds, 2)} s (${fmt(lists[8].seconds / lists[1].seconds, 2)}x), ${fmt(lists[8].megabytes, 1)} MB`);
  return {
    conditions: `each layout on a fresh server (workerd through Miniflare, plain HTTP, access control off); writes: ${clients} clients closed loop for ${durationMs / 1000} s, creates then merge patches over 8 namespaces; watch: one cluster-wide watcher, 500 creates at 50/s; list: ${listSize} small ConfigMaps over 8 namespaces, one unpaged list; CPU from /proc of the server's workerd processes`,
    writes,
    watchDelay: delays,
    list: lists,
  };
}
