// What the slowest requests wait on (issue 38, item 3), outside `npm run bench`: edge-apiserver as
// `npm start` serves it (the HTTPS front in a process of its own, src/front/), the side-by-side
// mixed ConfigMap load (create, get, merge-patch, list by label, delete) from TAIL_CLIENTS clients
// (64) for TAIL_SECONDS (10) after a 2 s warm-up, every request timed:
// - the front (FRONT_TIMELINE=FILE, src/front/timeline.ts) writes when each request arrived, was
//   admitted into workerd, its answer's head came back and its answer ended;
// - the Worker (binding EDGE_TIMELINE=on, src/server/timeline.ts) answers with its own marks: its
//   start, each storage call (the Durable Object RPC), the response's head;
// - workerd runs with V8's --trace-gc: every pause of the isolate's collector, its kind and length
//   and the heap before and after, placed on the wall clock by the line's arrival (stdbuf makes
//   workerd's stdout line-buffered).
// Per request the wait splits into: client to front, the front's queue (admission), admitted to
// the Worker's start (workerd reading it, its thread busy), the Worker before, in and after its
// storage calls, the answer back through the front. Printed: the split of the slowest 1% against
// the median requests; V8's pauses; the stalls, where workerd did nothing any timeline shows (no
// Worker start, storage call or answer for over 20 ms), each major collection matched to its stall
// (the GC lines' clock is placed only roughly: a stall of about the pause's length near it); the
// share of the slowest 1%'s time inside stalls and inside major collections' stalls. TAIL_HEAP_MIB caps V8's old generation (e.g. 40);
// TAIL_JSON=FILE keeps the raw timelines. Then the same load runs on the reference kube-apiserver +
// etcd (TAIL_KUBE=0: not), for the p99s side by side.
//   node bench/tail-timeline.mjs
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kubeMissing, startPrepared } from './side-by-side-servers.mjs';
import { fmt, quantile } from './stats.mjs';
import { majorsWithStalls, stalls, traceGc } from './gc-trace.mjs';
import { request } from './tls-client.mjs';

const clients = Number(process.env.TAIL_CLIENTS ?? 64);
const seconds = Number(process.env.TAIL_SECONDS ?? 10);
const heapLimitMiB = process.env.TAIL_HEAP_MIB ? Number(process.env.TAIL_HEAP_MIB) : undefined;
const namespace = 'mixed';
const cycle = ['create', 'get', 'merge-patch', 'list', 'delete'];
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const directory = mkdtempSync(path.join(os.tmpdir(), 'tail-timeline-'));
const frontFile = path.join(directory, 'front.jsonl');
process.env.FRONT_TIMELINE = frontFile;
const gc = traceGc(directory);
let server = await startPrepared('edge', [namespace], { bindings: { EDGE_TIMELINE: 'on' }, heapLimitMiB });
delete process.env.FRONT_TIMELINE;

const object = (name, worker) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { worker } }, data: { a: '1', b: 'x'.repeat(200) } });

/** The clients' records: id -> { verb, sent, done, status, server }. */
const sentRequests = new Map();
let nextId = 0;
let recording = false;

async function step(name, worker, verb) {
  const base = `${server.url}/api/v1/namespaces/${namespace}/configmaps`;
  const id = String(nextId++);
  const headers = { 'edge-timeline': id };
  const options = {
    create: [base, { method: 'POST', body: object(name, worker) }],
    get: [`${base}/${name}`, {}],
    'merge-patch': [`${base}/${name}`, { method: 'PATCH', contentType: 'application/merge-patch+json', body: { data: { c: String(Date.now()) } } }],
    list: [`${base}?labelSelector=worker%3D${worker}&limit=50`, {}],
    delete: [`${base}/${name}`, { method: 'DELETE' }],
  }[verb];
  const sent = now();
  const answer = await request(options[0], { ...options[1], token: server.token, headers });
  if (recording) sentRequests.set(id, { verb, sent, done: now(), status: answer.status, server: answer.headers['edge-timeline'] });
}

async function load(durationMs, tag) {
  const deadline = performance.now() + durationMs;
  await Promise.all(Array.from({ length: clients }, async (_, worker) => {
    for (let iteration = 0; performance.now() < deadline; iteration++) {
      await step(`${tag}-${worker}-${Math.floor(iteration / cycle.length)}`, `${tag}-${worker}`, cycle[iteration % cycle.length]);
    }
  }));
}

/** `worker=T;storage get=T1-T2;response=T` as { worker, response, storage: [[start, end]] }. */
function serverMarks(text) {
  const marks = { storage: [] };
  for (const part of (text ?? '').split(';')) {
    const [name, value] = part.split('=');
    if (!value) continue;
    const [start, end] = value.split('-').map(Number);
    if (name.startsWith('storage')) marks.storage.push([start, end || start]);
    else marks[name] = start;
  }
  return marks;
}

const stallMs = 20;

/** The times workerd did something a timeline shows: a Worker started, a storage call began or ended, an answer's head reached the front. */
function workTimes(requests) {
  return requests.flatMap(({ server, front }) => {
    const marks = serverMarks(front.server ?? server);
    return [marks.worker, marks.response, front.answered, ...marks.storage.flat()];
  });
}

const overlap = (start, end, intervals) => intervals.reduce((sum, [from, to]) => sum + Math.max(0, Math.min(end, to) - Math.max(start, from)), 0);

/** A request's wait, split (ms). */
function split(request, front) {
  const marks = serverMarks(front?.server ?? request.server);
  const storage = marks.storage;
  const firstStorage = storage.length ? storage[0][0] : marks.response;
  const lastStorage = storage.length ? storage[storage.length - 1][1] : marks.response;
  return {
    'client to front': front.arrived - request.sent,
    'front queue': front.admitted - front.arrived,
    'admitted to Worker start': marks.worker - front.admitted,
    'Worker before storage': firstStorage - marks.worker,
    'storage calls': storage.reduce((sum, [start, end]) => sum + end - start, 0),
    'Worker after storage': marks.response - lastStorage,
    'response head to front': front.answered - marks.response,
    'body through front': front.ended - front.answered,
    'front to client': request.done - front.ended,
  };
}

try {
  await load(2000, 'warm');
  recording = true;
  const started = now();
  await load(seconds * 1000, 'run');
  const finished = now();
  recording = false;
  await sleep(500);
  const fronts = new Map(readFileSync(frontFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line)).map((marks) => [marks.id, marks]));
  const timed = [...sentRequests.entries()].filter(([id, r]) => fronts.has(id) && r.server).map(([id, r]) => ({ id, ...r, latency: r.done - r.sent, front: fronts.get(id) }));
  timed.sort((a, b) => a.latency - b.latency);
  const latencies = timed.map((r) => r.latency);
  const p99 = quantile(latencies, 0.99);
  const slowest = timed.filter((r) => r.latency >= p99);
  const middle = timed.slice(Math.floor(timed.length * 0.45), Math.ceil(timed.length * 0.55));
  const pauses = gc.pauses().filter((p) => p.end >= started && p.start <= finished);
  const silences = stalls(workTimes(timed), started, finished, stallMs);
  const majors = majorsWithStalls(pauses, silences);
  const silenceIntervals = silences.map((s) => [s.start, s.end]);
  const majorIntervals = majors.filter((p) => p.stall).map((p) => [p.stall.start, p.stall.end]);
  const mean = (rows, key) => rows.reduce((sum, row) => sum + row.split[key], 0) / rows.length;
  for (const row of [...slowest, ...middle]) row.split = split(row, row.front);
  console.log(`tail timeline: ${clients} clients of the mixed ConfigMap load, ${seconds} s, ${timed.length} requests timed (${fmt(timed.length / seconds)}/s); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}${heapLimitMiB ? `; V8 old generation capped at ${heapLimitMiB} MiB` : ''}`);
  console.log(`  latency p50 ${fmt(quantile(latencies, 0.5), 1)} ms, p99 ${fmt(p99, 1)} ms, max ${fmt(latencies.at(-1), 1)} ms`);
  console.log(`  where the time goes (mean ms; share): slowest 1% (${slowest.length} requests) | median 10%`);
  const total = (rows) => rows.reduce((sum, row) => sum + row.latency, 0) / rows.length;
  for (const key of Object.keys(slowest[0].split)) {
    console.log(`    ${key.padEnd(26)} ${fmt(mean(slowest, key), 1).padStart(7)} ${(100 * mean(slowest, key) / total(slowest)).toFixed(0).padStart(3)}% | ${fmt(mean(middle, key), 1).padStart(6)} ${(100 * mean(middle, key) / total(middle)).toFixed(0).padStart(3)}%`);
  }
  const share = (rows, intervals) => rows.reduce((sum, row) => sum + overlap(row.sent, row.done, intervals), 0) / rows.reduce((sum, row) => sum + row.latency, 0);
  const paused = pauses.reduce((sum, p) => sum + p.ms, 0);
  console.log(`  V8's pauses in the run: ${pauses.length} (${fmt(paused, 0)} ms, ${(100 * paused / (finished - started)).toFixed(1)}% of the time); major collections ${majors.length}: ` +
    majors.map((p) => `${fmt(p.ms, 0)} ms (heap ${fmt(p.beforeMB, 0)} -> ${fmt(p.afterMB, 0)} MB; ${p.stall ? `stall of ${fmt(p.stall.ms, 0)} ms` : 'no stall found'})`).join(', '));
  console.log(`  stalls (workerd started, stored and answered nothing for over ${stallMs} ms): ${silences.length}, ${silences.map((s) => fmt(s.ms, 0)).join(', ')} ms`);
  console.log(`  the slowest 1%'s time inside stalls: ${(100 * share(slowest, silenceIntervals)).toFixed(0)}%, inside major collections' stalls: ${(100 * share(slowest, majorIntervals)).toFixed(0)}%; the median 10%'s: ${(100 * share(middle, silenceIntervals)).toFixed(0)}% and ${(100 * share(middle, majorIntervals)).toFixed(0)}%`);
  const byVerb = Object.fromEntries(cycle.map((verb) => [verb, slowest.filter((r) => r.verb === verb).length]));
  console.log(`  the slowest 1% by verb: ${Object.entries(byVerb).map(([verb, count]) => `${verb} ${count}`).join(', ')}`);
  if (process.env.TAIL_JSON) writeFileSync(process.env.TAIL_JSON, JSON.stringify({ started, finished, pauses, requests: timed }));
  const edge = [...sentRequests.values()];
  await server.stop();
  server = null;
  if (process.env.TAIL_KUBE !== '0' && !kubeMissing()) {
    // The same load on the reference right after (the header means nothing to it).
    server = await startPrepared('kube', [namespace]);
    sentRequests.clear();
    await load(2000, 'warm');
    recording = true;
    await load(seconds * 1000, 'run');
    recording = false;
    const kube = [...sentRequests.values()];
    const p99Of = (rows) => quantile(rows.map((r) => r.done - r.sent).sort((a, b) => a - b), 0.99);
    const perVerb = (rows) => cycle.map((verb) => `${verb} ${fmt(p99Of(rows.filter((r) => r.verb === verb)), 1)}`).join(', ');
    console.log(`  the same load on kube-apiserver + etcd right after: ${fmt(kube.length / seconds)}/s (edge ${fmt(edge.length / seconds)}/s), p99 ${fmt(p99Of(kube), 1)} ms (edge ${fmt(p99Of(edge), 1)}: ${fmt(p99Of(edge) / p99Of(kube), 2)}x)`);
    console.log(`    p99 per verb (ms): edge ${perVerb(edge)}; kube ${perVerb(kube)}`);
  }
} finally {
  await server?.stop();
  rmSync(directory, { recursive: true, force: true });
}
process.exit(0);
