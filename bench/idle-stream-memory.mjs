// A runtime repro, outside `npm run bench`: what workerd itself holds per idle streamed response,
// the part of an idle watcher's memory that is not the server's own. A bare Worker (no storage,
// no framework) answers every request with a streamed body that never sends a byte; IDLE_STREAMS
// clients (default 1000) each open a connection and a request, and workerd's resident memory is
// read before and 3 s after they all got their response head: the rise per response. IDLE_BODY
// picks the body: `js` (a pulled ReadableStream, as src/endpoints/watch/http-stream.ts makes),
// `native` (an IdentityTransformStream), `none` (connections open without a request: the
// connection's own share); each request keeps a timer, as a watch keeps its heartbeat (without
// one workerd cancels the request as hung). Compatibility date and flags of wrangler.toml.
//   node bench/idle-stream-memory.mjs
import net from 'node:net';
import { residentMiB, workerdPids } from './memory.mjs';
import { startBareWorker } from './bare-worker.mjs';

const count = Number(process.env.IDLE_STREAMS ?? 1000);
const body = process.env.IDLE_BODY ?? 'js';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const script = `
export default {
  async fetch(request) {
    if (new URL(request.url).pathname === '/ping') return new Response('ok');
    if (${JSON.stringify(body)} === 'native') {
      setInterval(() => {}, 30_000);
      const { readable } = new IdentityTransformStream();
      return new Response(readable, { headers: { 'content-type': 'application/json' } });
    }
    // As a watch keeps its request alive: a pending timer (the heartbeat), a pull that asks for nothing.
    setInterval(() => {}, 30_000);
    const stream = new ReadableStream({ pull() {} }, { highWaterMark: 0 });
    return new Response(stream, { headers: { 'content-type': 'application/json' } });
  },
};`;

const { mf, url } = await startBareWorker({ name: 'idle', script });
const pids = workerdPids();
await fetch(new URL('/ping', url));
await sleep(1000);
const before = residentMiB(pids);

/** A connection with one request whose response head has arrived (or, for `none`, just connected). */
const open = () => new Promise((resolve, reject) => {
  const socket = net.connect({ host: url.hostname, port: Number(url.port) }, () => {
    if (body === 'none') return resolve(socket);
    socket.write(`GET /watch HTTP/1.1\r\nhost: ${url.host}\r\n\r\n`);
  });
  socket.once('data', () => resolve(socket));
  socket.on('error', reject);
});
const sockets = [];
for (let start = 0; start < count; start += 50) sockets.push(...await Promise.all(Array.from({ length: Math.min(50, count - start) }, open)));
await sleep(3000);
const after = residentMiB(pids);
console.log(JSON.stringify({ body, streams: count, workerd: process.env.MINIFLARE_WORKERD_PATH ?? 'bundled', rssBeforeMiB: +before.toFixed(1), rssAfterMiB: +after.toFixed(1), kibPerStream: +(((after - before) * 1024) / count).toFixed(1) }));
for (const socket of sockets) socket.destroy();
await mf.dispose();
