// The TLS front's relay on its own (outside `npm run bench`): its CPU per relayed chunk and its
// resident memory per idle connection, with a plain TCP server standing in for workerd. N TLS
// clients (FRONT_RELAY_CONNECTIONS, 1000) connect through the front and send one request line
// each; the stand-in answers nothing until they all sat idle 2 s (the front's memory per idle
// connection), then writes a 450-byte chunk (a watch event's size) to every connection
// FRONT_RELAY_RATE times a second (20) for FRONT_RELAY_SECONDS (5): the front's CPU (/proc) over
// the chunks its clients received.
//   node bench/front-relay.mjs [SCRIPT]   SCRIPT: a bundled front program taking HOST PORT TARGET
//                                         (default: src/front/tls-pipe.ts, bundled); FRONT_NODE_ARGS:
//                                         Node flags for it (e.g. --cpu-prof)
import { spawn } from 'node:child_process';
import net from 'node:net';
import tls from 'node:tls';
import { bundleFront } from '../scripts/server.mjs';
import { cpuSeconds } from './side-by-side-servers.mjs';
import { residentMiB } from './memory.mjs';

const connections = Number(process.env.FRONT_RELAY_CONNECTIONS ?? 1000);
const rate = Number(process.env.FRONT_RELAY_RATE ?? 20);
const seconds = Number(process.env.FRONT_RELAY_SECONDS ?? 5);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const upstreams = [];
const stand = net.createServer({ noDelay: true }, (socket) => {
  socket.once('data', () => upstreams.push(socket));
  socket.on('error', () => {});
});
await new Promise((resolve) => stand.listen(0, '127.0.0.1', resolve));

const script = process.argv[2] ?? await bundleFront('tls-pipe');
const front = spawn(process.execPath, [...(process.env.FRONT_NODE_ARGS?.split(' ').filter(Boolean) ?? []), script, '127.0.0.1', '0', String(stand.address().port)], { stdio: ['pipe', 'pipe', 'inherit'] });
const { port } = await new Promise((resolve) => front.stdout.once('data', (data) => resolve(JSON.parse(data.toString()))));
await sleep(500);
const rssBefore = residentMiB([front.pid]);

let received = 0;
const clients = [];
for (let start = 0; start < connections; start += 50) {
  clients.push(...await Promise.all(Array.from({ length: Math.min(50, connections - start) }, () => new Promise((resolve, reject) => {
    const client = tls.connect({ port, host: '127.0.0.1', rejectUnauthorized: false }, () => {
      client.write('GET /watch HTTP/1.1\r\nhost: x\r\n\r\n');
      resolve(client);
    });
    client.on('data', (chunk) => { received += chunk.length; });
    client.on('error', reject);
  }))));
}
while (upstreams.length < connections) await sleep(20);
await sleep(2000);
const idleKiB = ((residentMiB([front.pid]) - rssBefore) * 1024) / connections;

const chunk = Buffer.alloc(450, 'x');
const cpuBefore = cpuSeconds([front.pid]);
const started = performance.now();
for (let tick = 0; tick < rate * seconds; tick++) {
  const wait = started + (tick * 1000) / rate - performance.now();
  if (wait > 0) await sleep(wait);
  for (const socket of upstreams) socket.write(chunk);
}
const expected = rate * seconds * connections * chunk.length;
const deadline = performance.now() + 30_000;
while (received < expected && performance.now() < deadline) await sleep(20);
const cpu = cpuSeconds([front.pid]) - cpuBefore;
const chunks = received / chunk.length;
console.log(JSON.stringify({ script, connections, idleKiBPerConnection: +idleKiB.toFixed(1), chunks, cpuSeconds: cpu, cpuMicrosPerChunk: +((cpu * 1e6) / chunks).toFixed(2) }));

for (const client of clients) client.destroy();
front.kill('SIGTERM');
stand.close();
for (const socket of upstreams) socket.destroy();
process.exit(0);
