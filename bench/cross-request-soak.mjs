// A runtime repro, outside `npm run bench`: does a request's own I/O hold after it awaited a
// promise shared in the isolate (resolved from another request)? bench/cross-request-worker.ts, in
// workerd through Miniflare with wrangler.toml's compatibility date and flags: CROSS_REQUESTS
// POSTs (default 60,000) with a small body of declared length, CROSS_CLIENTS at once (default 16),
// each waiting as CROSS_WAIT says (queue: a seat of 2, handed over from request to request by a
// `new Promise` the waiter made, the fault; resolvers: the same seats by a Promise.withResolvers()
// promise, the server's src/flowcontrol/seat-queue.ts, the fix; poll: the same seats noticed on the
// waiter's own 1-8 ms timers, the previous workaround; shared: a single flight on a `new Promise`;
// shared-resolvers: the same on a handOver() promise; none) and reading its body
// after the wait (CROSS_READ=late, as the server did) or before it (early, the fix). CROSS_STUB=1
// adds a Durable Object call after the wait (old: through the stub the previous request made);
// CROSS_HOLD=MS holds the seat MS milliseconds more (the hand-over's cost beside longer requests).
// Prints the answers by status, and the Worker's counts: cross-request resolutions, continuations
// run in another request's context (a write to a native pipe the request made fails), failed body
// reads and stub calls. Run with Node 22 (`npx node bench/cross-request-soak.mjs`);
// MINIFLARE_WORKERD_PATH picks another workerd.
import http from 'node:http';
import path from 'node:path';
import { bundleWorker, projectRoot } from '../scripts/server.mjs';
import { startBareWorker } from './bare-worker.mjs';

const total = Number(process.env.CROSS_REQUESTS ?? 60_000);
const clients = Number(process.env.CROSS_CLIENTS ?? 16);
const wait = process.env.CROSS_WAIT ?? 'queue';
const read = process.env.CROSS_READ ?? 'late';
const stub = process.env.CROSS_STUB ?? '';
const answer = process.env.CROSS_ANSWER ?? "text";

const scriptPath = await bundleWorker(path.join(projectRoot, 'bench', 'cross-request-worker.ts'), path.join(projectRoot, '.wrangler', 'bundle-variants'));
const { mf, url, compatibilityDate } = await startBareWorker({ name: 'cross', scriptPath, durableObjects: { ECHO: 'Echo' } });
const base = url.toString().replace(/\/$/, '');
console.log(`wait=${wait} read=${read}${stub ? ` stub=${stub}` : ''}: ${total.toLocaleString('en')} requests, ${clients} at once; compatibility date ${compatibilityDate}, ${process.env.MINIFLARE_WORKERD_PATH ?? 'bundled workerd'}`);

const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const statuses = {};
const firstErrors = new Set();
const body = Buffer.from(JSON.stringify({ kind: 'ConfigMap', data: { key: 'x'.repeat(200) } }));
const query = `answer=${answer}&wait=${wait}&read=${read}${stub ? `&stub=${stub}` : ''}${process.env.CROSS_HOLD ? `&hold=${process.env.CROSS_HOLD}` : ''}`;
let sent = 0;
const started = Date.now();
let nextReport = started + 5000;
await Promise.all(Array.from({ length: clients }, async () => {
  while (sent < total) {
    sent++;
    const { status, text } = await post(`${base}/work?${query}`);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status !== 200 && firstErrors.size < 3) firstErrors.add(text.trim());
    if (Date.now() >= nextReport) {
      nextReport = Date.now() + 5000;
      console.log(`${((Date.now() - started) / 1000).toFixed(0)} s: ${sent.toLocaleString('en')} sent, ${JSON.stringify(statuses)}`);
    }
  }
}));
const stats = await (await fetch(`${base}/stats`)).json();
console.log(JSON.stringify({ wait, read, stub, clients, statuses, seconds: (Date.now() - started) / 1000, ...stats }));
for (const error of firstErrors) console.log(`answer: ${error}`);
agent.destroy();
await mf.dispose();

function post(url) {
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, text }));
      response.on('error', (error) => resolve({ status: 'error', text: String(error) }));
    });
    request.on('error', (error) => resolve({ status: 'error', text: String(error) }));
    request.end(body);
  });
}
