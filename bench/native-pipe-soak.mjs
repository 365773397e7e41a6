// A runtime repro, outside `npm run bench`: does a native pipe (`IdentityTransformStream`) hold as
// a watch body through many cross-request deliveries? bench/native-pipe-worker.ts, in workerd
// through Miniflare with wrangler.toml's compatibility date and flags: PIPE_WATCHERS watchers
// (default 100), writes of one event each (at most two in flight) delivered to every watcher
// through the subscription the first watcher's request holds, until PIPE_DELIVERIES continuations
// (default 1,000,000) ran or no watcher moved for PIPE_STALL_SECONDS (default 10). PIPE_BODY=js
// uses a JavaScript stream instead (the comparison: it does not check the request). Doorbells are
// made by `Promise.withResolvers()` as the server's are; PIPE_DOORBELL=constructor makes them with
// `new Promise`, which loses the request's tag once V8 optimizes the function (the failure);
// PIPE_DOORBELL=none (with PIPE_BODY=js) has none: the subscription's request enqueues into every
// watcher's body itself (what a delivery costs without the hop into the watcher's request). Prints
// progress, workerd's CPU per delivery, and the first failed write with the delivery it came at.
// Run with Node 22 (`npx node bench/native-pipe-soak.mjs`); MINIFLARE_WORKERD_PATH picks another workerd.
import http from 'node:http';
import path from 'node:path';
import { cpuSeconds } from './side-by-side-servers.mjs';
import { workerdPids } from './memory.mjs';
import { bundleWorker, projectRoot } from '../scripts/server.mjs';
import { startBareWorker } from './bare-worker.mjs';

const watcherCount = Number(process.env.PIPE_WATCHERS ?? 100);
const target = Number(process.env.PIPE_DELIVERIES ?? 1_000_000);
const body = process.env.PIPE_BODY === 'js' ? 'js' : 'native';
const doorbell = ['constructor', 'none'].includes(process.env.PIPE_DOORBELL) ? process.env.PIPE_DOORBELL : 'resolvers';
const stallMillis = Number(process.env.PIPE_STALL_SECONDS ?? 10) * 1000;
/** Events sent that not every watcher has seen yet, at most. */
const window = 2;

const scriptPath = await bundleWorker(path.join(projectRoot, 'bench', 'native-pipe-worker.ts'), path.join(projectRoot, '.wrangler', 'bundle-variants'));
const { mf, url, compatibilityDate } = await startBareWorker({ name: 'pipe', scriptPath, durableObjects: { HUB: 'Hub' } });
const base = url.toString().replace(/\/$/, '');
const pids = workerdPids();
console.log(`${body} bodies, ${{ constructor: 'doorbells by new Promise', resolvers: 'doorbells by Promise.withResolvers()', none: 'no doorbells (written from the subscription\'s request)' }[doorbell]}, ${watcherCount} watchers, up to ${target.toLocaleString('en')} deliveries; compatibility date ${compatibilityDate}, ${process.env.MINIFLARE_WORKERD_PATH ?? 'bundled workerd'}`);

let changed = () => {};
const seen = new Array(watcherCount).fill(0);
const sockets = [];
await Promise.all(seen.map((_, index) => openWatcher(index)));
const writes = new http.Agent({ keepAlive: true, maxSockets: window });

const cpuBefore = cpuSeconds(pids);
const started = Date.now();
let sent = 0;
let lastMove = Date.now();
let lowest = 0;
let result = await stats();
let nextReport = Date.now() + 5000;
while (result.deliveries < target) {
  while (sent - lowest < window) {
    http.request(`${base}/emit?events=1`, { method: 'POST', agent: writes }, (response) => response.resume()).on('error', () => {}).end();
    sent++;
  }
  await new Promise((resolve) => {
    changed = resolve;
    setTimeout(resolve, 200);
  });
  const now = Math.min(...seen);
  if (now > lowest) lastMove = Date.now();
  lowest = now;
  if (Date.now() >= nextReport || Date.now() - lastMove > stallMillis) {
    result = await stats();
    report(result);
    nextReport = Date.now() + 5000;
    if (Date.now() - lastMove > stallMillis) break;
  }
}
result = await stats();
report(result);
console.log(JSON.stringify({ body, watchers: watcherCount, ...result, stalled: result.deliveries < target, seconds: (Date.now() - started) / 1000 }));
writes.destroy();
for (const socket of sockets) socket.destroy();
await mf.dispose();

function report({ deliveries, failures, firstFailureAt, firstFailure, watchers }) {
  const seconds = (Date.now() - started) / 1000;
  const cpuMicros = ((cpuSeconds(pids) - cpuBefore) * 1e6) / Math.max(deliveries, 1);
  console.log(`${seconds.toFixed(0)} s: ${deliveries.toLocaleString('en')} deliveries (${(deliveries / seconds).toFixed(0)}/s, workerd ${cpuMicros.toFixed(1)} us CPU each), ${sent.toLocaleString('en')} events, slowest watcher at ${lowest.toLocaleString('en')}, ${watchers} watchers live, ${failures} failed writes${failures ? ` (first at delivery ${firstFailureAt.toLocaleString('en')}: ${firstFailure})` : ''}`);
}

function openWatcher(index) {
  return new Promise((resolve, reject) => {
    http.get(`${base}/watch?body=${body}&doorbell=${doorbell}`, (response) => {
      sockets.push(response.socket);
      let tail = '';
      response.setEncoding('latin1');
      response.on('data', (text) => {
        const lines = (tail + text).split('\n');
        tail = lines.pop();
        const counts = lines.filter(Boolean);
        if (counts.length) seen[index] = Number(counts.at(-1));
        changed();
      });
      response.on('error', () => {});
      resolve();
    }).on('error', reject);
  });
}

async function stats() {
  const response = await fetch(`${base}/stats`);
  return response.json();
}
