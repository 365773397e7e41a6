// CPU profile of edge-apiserver under the mixed ConfigMap load (`node bench/profile-edge.mjs`):
// starts the server as the side-by-side sections do (HTTPS, bearer token, RBAC) with workerd's
// DevTools inspector on, samples the isolate (the Worker and its Durable Objects run in one
// isolate locally) through the Chrome DevTools protocol while PROFILE_CLIENTS clients (16) run
// the load for PROFILE_SECONDS (10) (PROFILE_LOAD=version: GET /version instead, the fixed cost of
// a request; PROFILE_LOAD=watch: PROFILE_WATCHERS (500) watch streams on the namespace's
// ConfigMaps, then merge patches at 50/s: the fan-out), then prints the self time per source file (through the
// bundle's source map) and the heaviest functions, and writes the .cpuprofile under .wrangler/
// (open it in Chrome DevTools or speedscope).
import { writeFileSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { projectRoot } from '../scripts/server.mjs';
import { prepare, startEdge } from './side-by-side-servers.mjs';
import { mixedPhase } from './side-by-side-mixed.mjs';
import { closedLoop } from './stats.mjs';
import { call, openStream, request } from './tls-client.mjs';

const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const clients = Number(process.env.PROFILE_CLIENTS ?? 16);
const loads = {
  mixed: mixedPhase,
  version: (server, concurrency, durationMs) =>
    closedLoop({ concurrency, durationMs, operation: () => call(`${server.url}/version`, { token: server.token }).then(() => 'version') }),
};
const runLoad = (...args) => loads[process.env.PROFILE_LOAD ?? 'mixed'](...args);
let closeWatchers = () => {};

/** The fan-out: watchers opened once (at the warm-up), then patches of one ConfigMap at 50/s. */
loads.watch = async (server, _concurrency, durationMs, tag) => {
  const base = `${server.url}/api/v1/namespaces/mixed/configmaps`;
  if (tag === 'warm') {
    await call(base, { method: 'POST', token: server.token, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'watched' } } });
    const closers = [];
    for (let i = 0; i < Number(process.env.PROFILE_WATCHERS ?? 500); i++) closers.push(await openStream(`${base}?watch=1`, server.token, () => {}));
    closeWatchers = () => closers.forEach((close) => close());
  }
  const byOp = { patch: [] };
  for (let i = 0, started = performance.now(); performance.now() - started < durationMs; i++) {
    const sent = performance.now();
    await request(`${base}/watched`, { method: 'PATCH', token: server.token, contentType: 'application/merge-patch+json', body: { data: { i: String(i) } } });
    byOp.patch.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 20 - (performance.now() - sent))));
  }
  return { byOp };
};

async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Chrome DevTools protocol session over the inspector's WebSocket (Node's global WebSocket). */
async function devtools(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const target = targets.find((candidate) => candidate.title?.includes('edge-apiserver')) ?? targets[0];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ((socket.onopen = resolve), (socket.onerror = reject)));
  const waiting = new Map();
  let next = 1;
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  };
  const send = (method, params = {}) => new Promise((resolve) => {
    const id = next++;
    waiting.set(id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
  });
  return { send, close: () => socket.close() };
}

/** Self time (ms) per original source file and per function, from a profile and the bundle's source map. */
function selfTimes(profile, sourceMap) {
  const interval = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
  const byFile = new Map();
  const byFunction = new Map();
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const node of profile.nodes) {
    if (!node.hitCount) continue;
    const ms = node.hitCount * interval;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const entry = url.includes('bundle') && lineNumber >= 0 ? sourceMap.findEntry(lineNumber, columnNumber) : null;
    const file = entry?.originalSource ? path.relative(projectRoot, new URL(entry.originalSource, 'file:///').pathname).replace(/^(\.\.\/)+/, '') : url || `(${functionName || 'native'})`;
    add(byFile, file, ms);
    add(byFunction, `${functionName || '(anonymous)'} ${file}${entry ? `:${entry.originalLine + 1}` : ''}`, ms);
  }
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { total: profile.samples.length * interval, byFile: sorted(byFile), byFunction: sorted(byFunction) };
}

const inspectorPort = await freePort();
const server = await startEdge({ inspectorPort });
try {
  await prepare(server, ['mixed']);
  await runLoad(server, clients, 2000, 'warm');
  const session = await devtools(inspectorPort);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  const load = await runLoad(server, clients, seconds * 1000, 'profiled');
  const { result } = await session.send('Profiler.stop');
  session.close();
  const file = path.join(projectRoot, '.wrangler', `edge-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(result.profile));
  const bundle = path.join(projectRoot, '.wrangler', 'bundle', 'index.js.map');
  const times = selfTimes(result.profile, new SourceMap(JSON.parse(readFileSync(bundle, 'utf8'))));
  const requests = Object.values(load.byOp).reduce((sum, latencies) => sum + latencies.length, 0);
  console.log(`${requests} requests in ${seconds} s at ${clients} clients; ${Math.round(times.total)} ms sampled in the isolate (${(times.total / requests).toFixed(3)} ms per request, idle included); profile ${path.relative(process.cwd(), file)}`);
  console.log('self time by source file:');
  for (const [name, ms] of times.byFile.slice(0, 30)) console.log(`  ${((100 * ms) / times.total).toFixed(1).padStart(5)}%  ${(ms / requests * 1000).toFixed(0).padStart(5)} µs/request  ${name}`);
  console.log('heaviest functions (self time):');
  for (const [name, ms] of times.byFunction.slice(0, 30)) console.log(`  ${((100 * ms) / times.total).toFixed(1).padStart(5)}%  ${name}`);
} finally {
  closeWatchers();
  await server.stop();
}
