// Selective watchers, outside `npm run bench` (bench/README.md, issue 38): W watchers (default 1,000), each
// on one ConfigMap (fieldSelector metadata.name=cm-i), and WRITES merge patches (default 500) at 100/s to
// cm-0..cm-9 only, so one watcher sees each. Plain HTTP to workerd (no front). Prints workerd CPU seconds
// of the write phase and the events delivered. Run in each checkout to compare: `npx node bench/selective-watchers.mjs`.
import http from 'node:http';
import { openAccess, projectRoot, startServer } from '../scripts/server.mjs';
import { workerdPids } from './memory.mjs';
import { cpuSeconds } from './side-by-side-servers.mjs';

const W = Number(process.env.W ?? 1000), writes = Number(process.env.WRITES ?? 500), rate = 100;
const server = await startServer({ bindings: openAccess });
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const send = (method, path, body, type = 'application/json') => new Promise((resolve, reject) => {
  const data = Buffer.from(JSON.stringify(body));
  const req = http.request(`${server.url}${path}`, { method, agent, headers: { 'content-type': type, 'content-length': data.length } }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
  req.on('error', reject); req.end(data);
});
const ns = '/api/v1/namespaces/sel';
await send('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'sel' } });
for (let i = 0; i < 10; i++) await send('POST', `${ns}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` } });
let delivered = 0;
const reqs = [];
for (let i = 0; i < W; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, W - i) }, (_, k) => new Promise((resolve) => {
    const req = http.get(`${server.url}${ns}/configmaps?watch=1&timeoutSeconds=600&fieldSelector=metadata.name%3Dcm-${i + k}`, (res) => {
      res.on('data', (chunk) => { delivered += String(chunk).split('\n').filter((l) => l.includes('"type"')).length; });
      resolve();
    });
    req.on('error', () => {}); reqs.push(req);
  })));
}
await new Promise((r) => setTimeout(r, 3000));
const pids = workerdPids();
const before = cpuSeconds(pids);
const started = performance.now();
const pending = [];
for (let s = 0; s < writes; s++) {
  const wait = started + (s * 1000) / rate - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  pending.push(send('PATCH', `${ns}/configmaps/cm-${s % 10}`, { data: { seq: String(s) } }, 'application/merge-patch+json'));
}
await Promise.all(pending);
await new Promise((r) => setTimeout(r, 1000));
const cpu = cpuSeconds(pids) - before;
console.log(JSON.stringify({ checkout: projectRoot, W, writes, delivered, workerdCpuSeconds: +cpu.toFixed(2), usPerWrite: Math.round((cpu * 1e6) / writes) }));
for (const req of reqs) req.destroy();
agent.destroy();
await server.stop();
process.exit(0);
