// The HTTPS front's CPU per request and per relayed watch chunk, HTTP/2 clients against HTTP/1.1
// ones (outside `npm run bench`), with a plain Node HTTP server standing in for workerd (its CPU
// is this process's, not the front's). client-go (kube-controller-manager, kube-scheduler,
// kubectl) speaks HTTP/2 to the front; the simulated kubelets and the benchmarks' loads HTTP/1.1.
//   1. FRONT_H2_REQUESTS (5,000) GETs of a 700-byte object, 16 at a time: on one HTTP/2
//      connection (16 streams), then on 16 keep-alive HTTP/1.1 connections;
//   2. FRONT_H2_WATCHES (100) watches, each sent a 450-byte chunk (an event) 20 times a second
//      for 5 s: as streams of one HTTP/2 connection, then on 100 HTTP/1.1 connections.
// Prints the front's CPU (/proc) per request and per chunk for each.
//   node bench/front-h2.mjs [SCRIPT]   SCRIPT: a bundled front taking HOST PORT TARGET_URL
//                                      (default: src/front/https-front.ts, bundled)
import { spawn } from 'node:child_process';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { bundleFront } from '../scripts/server.mjs';
import { cpuSeconds } from './side-by-side-servers.mjs';

const requests = Number(process.env.FRONT_H2_REQUESTS ?? 5000);
const watches = Number(process.env.FRONT_H2_WATCHES ?? 100);
const concurrency = 16;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const object = JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'cm', namespace: 'default' }, data: { k: 'x'.repeat(560) } });
const watchers = [];
const stand = http.createServer((request, response) => {
  if (request.url.startsWith('/watch')) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.flushHeaders();
    watchers.push(response);
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(object) });
  response.end(object);
});
stand.keepAliveTimeout = 60_000;
await new Promise((resolve) => stand.listen(0, '127.0.0.1', resolve));

const script = process.argv[2] ?? await bundleFront('https-front');
const front = spawn(process.execPath, [...(process.env.FRONT_NODE_ARGS?.split(' ').filter(Boolean) ?? []), script, '127.0.0.1', '0', `http://127.0.0.1:${stand.address().port}`], { stdio: ['pipe', 'pipe', 'inherit'] });
const { port } = await new Promise((resolve) => front.stdout.once('data', (data) => resolve(JSON.parse(data.toString()))));
const origin = `https://127.0.0.1:${port}`;

/** The front's CPU seconds over `run`, divided by `count`, in microseconds. */
async function frontMicros(count, run) {
  const before = cpuSeconds([front.pid]);
  await run();
  return ((cpuSeconds([front.pid]) - before) * 1e6) / count;
}

/** Runs `one` `total` times, `concurrency` at a time. */
async function loop(total, one) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next++ < total) await one();
  }));
}

function h2Get(session, path) {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': path });
    stream.on('data', () => {}).on('end', resolve).on('error', reject);
  });
}

const agent = new https.Agent({ keepAlive: true, maxSockets: concurrency, rejectUnauthorized: false });
function h1Get(path, watchAgent = agent) {
  return new Promise((resolve, reject) => {
    https.get(`${origin}${path}`, { agent: watchAgent }, (response) => {
      response.on('data', () => {}).on('end', resolve);
      if (path.startsWith('/watch')) resolve(response);
    }).on('error', reject);
  });
}

/** Every watcher gets a 450-byte chunk 20 times a second for 5 s; resolves when all arrived. */
async function sendChunks(counter) {
  const chunk = Buffer.alloc(450, 'x');
  const rate = 20;
  const ticks = rate * 5;
  const started = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    const wait = started + (tick * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    for (const watcher of watchers) watcher.write(chunk);
  }
  const expected = ticks * watchers.length * chunk.length;
  while (counter.bytes < expected) await sleep(20);
  return ticks * watchers.length;
}

const session = http2.connect(origin, { rejectUnauthorized: false });
await loop(200, () => h2Get(session, '/api/v1/namespaces/default/configmaps/cm'));
await loop(200, () => h1Get('/api/v1/namespaces/default/configmaps/cm'));
const h2Request = await frontMicros(requests, () => loop(requests, () => h2Get(session, '/api/v1/namespaces/default/configmaps/cm')));
const h1Request = await frontMicros(requests, () => loop(requests, () => h1Get('/api/v1/namespaces/default/configmaps/cm')));

const h2Counter = { bytes: 0 };
for (let index = 0; index < watches; index++) {
  session.request({ ':path': `/watch?n=${index}` }).on('data', (data) => { h2Counter.bytes += data.length; });
}
while (watchers.length < watches) await sleep(20);
await sleep(500);
let chunks = 0;
const h2Chunk = await frontMicros(1, async () => { chunks = await sendChunks(h2Counter); }) / chunks;
for (const watcher of watchers.splice(0)) watcher.destroy();

const h1Counter = { bytes: 0 };
const watchAgent = new https.Agent({ keepAlive: false, rejectUnauthorized: false });
await Promise.all(Array.from({ length: watches }, async (_, index) => {
  const response = await h1Get(`/watch?n=${index}`, watchAgent);
  response.on('data', (data) => { h1Counter.bytes += data.length; });
}));
while (watchers.length < watches) await sleep(20);
await sleep(500);
const h1Chunk = await frontMicros(1, async () => { chunks = await sendChunks(h1Counter); }) / chunks;

console.log(JSON.stringify({
  requests, watches,
  microsPerRequest: { h2: Math.round(h2Request), h1: Math.round(h1Request) },
  microsPerChunk: { h2: Math.round(h2Chunk * 10) / 10, h1: Math.round(h1Chunk * 10) / 10 },
}));
session.destroy();
agent.destroy();
watchAgent.destroy();
for (const watcher of watchers) watcher.destroy();
front.kill('SIGTERM');
stand.close();
stand.closeAllConnections();
