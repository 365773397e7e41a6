// A runtime repro, outside `npm run bench`: workerd's isolate stops for each major garbage
// collection, and its pause grows with the heap before it, with no code of this project. A bare
// Worker and one SQLite Durable Object (each request: a Durable Object RPC doing one insert and
// one read, a small JSON answer with a few headers: the runtime objects a request makes), in
// workerd through Miniflare with wrangler.toml's compatibility date, served plain HTTP to
// GC_CLIENTS closed-loop keep-alive clients (64) for GC_SECONDS (10). Printed: requests per
// second, latency p50/p99, V8's pauses (--trace-gc: kind, length, heap before and after), the
// stalls (no answer for over 20 ms) and which major collection each stall is. GC_HEAP_MIB caps
// the old generation; MINIFLARE_WORKERD_PATH picks another workerd.
//   node bench/gc-stall-repro.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { majorsWithStalls, stalls, traceGc } from './gc-trace.mjs';
import { fmt, quantile } from './stats.mjs';
import { startBareWorker } from './bare-worker.mjs';

const clients = Number(process.env.GC_CLIENTS ?? 64);
const seconds = Number(process.env.GC_SECONDS ?? 10);
const now = () => performance.timeOrigin + performance.now();

const script = `
import { DurableObject } from 'cloudflare:workers';
export class Store extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS items (key TEXT PRIMARY KEY, value TEXT)');
  }
  put(key, value) {
    this.ctx.storage.sql.exec('INSERT OR REPLACE INTO items VALUES (?, ?)', key, value);
    return this.ctx.storage.sql.exec('SELECT value FROM items WHERE key = ?', key).one().value;
  }
}
export default {
  async fetch(request, env) {
    const key = new URL(request.url).searchParams.get('key') ?? 'k';
    const value = await env.STORE.get(env.STORE.idFromName('one')).put(key, JSON.stringify({ key, at: Date.now(), pad: 'x'.repeat(200) }));
    return new Response(value, { headers: { 'content-type': 'application/json', 'cache-control': 'no-cache, private', 'x-request': key } });
  },
};`;

const directory = mkdtempSync(path.join(os.tmpdir(), 'gc-stall-'));
const gc = traceGc(directory);
if (process.env.GC_HEAP_MIB) process.env.MINIFLARE_WORKERD_V8_FLAGS += ` --max-old-space-size=${process.env.GC_HEAP_MIB}`;
const { mf, url } = await startBareWorker({ name: 'bare', script, durableObjects: { STORE: 'Store' } });
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const get = (key) => new Promise((resolve, reject) => {
  http.get(new URL(`/?key=${key}`, url), { agent }, (response) => response.resume().on('end', resolve)).on('error', reject);
});

const run = async (ms, record) => {
  const deadline = performance.now() + ms;
  await Promise.all(Array.from({ length: clients }, async (_, client) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const sent = now();
      await get(`${client}-${i % 100}`);
      record?.(sent, now());
    }
  }));
};
try {
  await run(2000);
  const latencies = [];
  const ends = [];
  const started = now();
  await run(seconds * 1000, (sent, done) => { latencies.push(done - sent); ends.push(done); });
  const finished = now();
  await new Promise((resolve) => setTimeout(resolve, 300));
  latencies.sort((a, b) => a - b);
  const pauses = gc.pauses().filter((p) => p.end >= started && p.start <= finished);
  const found = stalls(ends, started, finished);
  const majors = majorsWithStalls(pauses, found);
  console.log(`bare Worker + SQLite Durable Object, ${clients} clients, ${seconds} s${process.env.GC_HEAP_MIB ? `, old generation capped at ${process.env.GC_HEAP_MIB} MiB` : ''}: ${fmt(latencies.length / seconds)} requests/s, p50 ${fmt(quantile(latencies, 0.5), 1)} ms, p99 ${fmt(quantile(latencies, 0.99), 1)} ms; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`  V8's pauses: ${pauses.length}, ${fmt(pauses.reduce((sum, p) => sum + p.ms, 0), 0)} ms in all; major collections: ${majors.map((p) => `${fmt(p.ms, 0)} ms (heap ${fmt(p.beforeMB, 0)} -> ${fmt(p.afterMB, 0)} MB${p.stall ? `, stall ${fmt(p.stall.ms, 0)} ms` : ''})`).join(', ') || 'none'}`);
  console.log(`  stalls (no answer for over 20 ms): ${found.map((s) => fmt(s.ms, 0)).join(', ') || 'none'} ms; ${found.filter((s) => majors.some((p) => p.stall === s)).length} of ${found.length} are major collections`);
} finally {
  await mf.dispose();
  rmSync(directory, { recursive: true, force: true });
}
