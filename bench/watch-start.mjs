// How long an informer's watch takes to start after its list (outside `npm run bench`): a
// namespace's list reads the shard's clock, which writes to other namespaces of the same type
// moved past anything the namespace's watch cache heard, so the watch from the list's
// resourceVersion waits until the shard's progress reaches the cache (kube's cacher waits for
// etcd's progress notification the same way). WATCH_START_ROUNDS (200) rounds of: a ConfigMap
// written in namespace `other`, a list of namespace `watched`, a watch of it from the list's
// resourceVersion; the time from the watch's request to its response head, and workerd's CPU.
// One watcher of `watched` stays open throughout, so the namespace's cache is subscribed.
//   npx node bench/watch-start.mjs
import http from 'node:http';
import { openAccess, startServer } from '../scripts/server.mjs';
import { cpuSeconds } from './side-by-side-servers.mjs';
import { workerdPids } from './memory.mjs';
import { quantile } from './stats.mjs';

const rounds = Number(process.env.WATCH_START_ROUNDS ?? 200);
const server = await startServer({ bindings: openAccess });
const agent = new http.Agent({ keepAlive: true });

function call(method, path, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, { method, agent, headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk)).on('end', () => resolve({ status: response.statusCode, json: text ? JSON.parse(text) : null }));
    });
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

/** Opens a watch; resolves with the milliseconds to its response head and the request (to close). */
function watchHead(path) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${path}`, (response) => resolve({ millis: performance.now() - started, status: response.statusCode, request }));
    request.on('error', reject);
  });
}

try {
  for (const name of ['watched', 'other']) await call('POST', '/api/v1/namespaces', { metadata: { name } });
  await call('POST', '/api/v1/namespaces/watched/configmaps', { metadata: { name: 'seen' } });
  const standing = await watchHead('/api/v1/namespaces/watched/configmaps?watch=1');
  const pids = workerdPids();
  const cpuBefore = cpuSeconds(pids);
  const heads = [];
  for (let round = 0; round < rounds; round++) {
    await call('POST', '/api/v1/namespaces/other/configmaps', { metadata: { name: `cm-${round}` } });
    const list = await call('GET', '/api/v1/namespaces/watched/configmaps');
    const watch = await watchHead(`/api/v1/namespaces/watched/configmaps?watch=1&resourceVersion=${list.json.metadata.resourceVersion}`);
    if (watch.status !== 200) throw new Error(`watch answered ${watch.status}`);
    heads.push(watch.millis);
    watch.request.destroy();
  }
  const cpu = cpuSeconds(pids) - cpuBefore;
  heads.sort((a, b) => a - b);
  console.log(JSON.stringify({ rounds, headMs: { p50: quantile(heads, 0.5), p99: quantile(heads, 0.99), max: heads.at(-1) }, workerdCpuMsPerRound: (cpu * 1000) / rounds }));
  standing.request.destroy();
} finally {
  agent.destroy();
  await server.stop();
}
