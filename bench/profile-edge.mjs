// CPU profile of edge-apiserver under the mixed ConfigMap load (`node bench/profile-edge.mjs`):
// starts the server as the side-by-side sections do (HTTPS, bearer token, RBAC) with workerd's
// DevTools inspector on, samples the isolate (the Worker and its Durable Objects run in one
// isolate locally) through the Chrome DevTools protocol while PROFILE_CLIENTS clients (16) run
// the load for PROFILE_SECONDS (10) (PROFILE_LOAD=version: GET /version instead, the fixed cost of
// a request; PROFILE_LOAD=watch: PROFILE_WATCHERS (500) watch streams on the namespace's
// ConfigMaps, then merge patches at 50/s: the fan-out), then prints the self time per source file (through the
// bundle's source map) and the heaviest functions, and writes the .cpuprofile under .wrangler/
// (open it in Chrome DevTools or speedscope).
import path from 'node:path';
import { printProfile, startProfile } from './cpu-profile.mjs';
import { freePort } from './isolate-heap.mjs';
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

const inspectorPort = await freePort();
const server = await startEdge({ inspectorPort });
try {
  await prepare(server, ['mixed']);
  await runLoad(server, clients, 2000, 'warm');
  const profile = await startProfile(inspectorPort);
  const load = await runLoad(server, clients, seconds * 1000, 'profiled');
  const times = await profile.stop();
  const requests = Object.values(load.byOp).reduce((sum, latencies) => sum + latencies.length, 0);
  console.log(`${requests} requests in ${seconds} s at ${clients} clients; ${Math.round(times.total)} ms sampled in the isolate (${(times.total / requests).toFixed(3)} ms per request, idle included); profile ${path.relative(process.cwd(), times.file)}`);
  printProfile(times, requests);
} finally {
  closeWatchers();
  await server.stop();
}
