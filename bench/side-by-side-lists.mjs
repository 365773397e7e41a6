// Side by side (issue 17), the bench cases of lists that cost what they return, against the
// reference kube-apiserver + etcd and edge-apiserver (HTTPS, bearer token, RBAC):
//   - a label-selected list of the 50 objects labelled `pick=yes` (limit=50) in a namespace of
//     1,000 ConfigMaps and in one of BENCH_LARGE_NAMESPACE (100,000) ConfigMaps: p50/p99 (and the
//     distribution, bench/distribution.mjs) of 30 sequential lists each, and the large/small ratio per server;
//   - GETs of one ConfigMap while another client reads the whole large namespace (one list, no
//     limit, again and again, in a worker thread that drains each body), against the same GETs
//     with nothing else running: p50/p99 and the loaded/idle ratio per server.
// Both servers are seeded the same way (creates from 32 clients), one after the other.
import { Worker } from 'node:worker_threads';
import { fmt, summarize } from './stats.mjs';
import { summarizeWithDistribution } from './distribution.mjs';
import { kubeMissing, startPrepared } from './side-by-side-servers.mjs';
import { call } from './tls-client.mjs';

const picked = 50;
/** GETs per case: enough that the p99 is not the second-worst of a handful. */
const getsPerCase = 1000;

/** Creates `count` 200-byte ConfigMaps in `namespace`, `picked` of them (spread evenly) labelled pick=yes. */
async function seed(server, namespace, count) {
  const base = `${server.url}/api/v1/namespaces/${namespace}/configmaps`;
  const every = Math.floor(count / picked);
  let next = 0;
  await Promise.all(Array.from({ length: 32 }, async () => {
    for (let i = next++; i < count; i = next++) {
      const labels = { group: String(i % 10), ...(i % every === every - 1 ? { pick: 'yes' } : {}) };
      const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `o-${String(i).padStart(6, '0')}`, labels }, data: { b: 'x'.repeat(200) } };
      await call(base, { method: 'POST', token: server.adminToken, body });
    }
  }));
}

/** Latencies of `count` sequential calls of `url`. */
async function timedCalls(server, url, count) {
  const latencies = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const text = await call(url, { token: server.token });
    latencies.push(performance.now() - started);
    if (i === 0 && url.includes('pick') && JSON.parse(text).items.length !== picked) throw new Error(`${server.name}: the selected list did not answer ${picked} items`);
  }
  return summarizeWithDistribution(latencies);
}

/**
 * GETs while one client lists the large namespace over and over (in a worker thread,
 * bench/list-reader.mjs); stops the lists when the GETs are done.
 */
async function getsDuringLists(server, getUrl, listUrl, count) {
  const lists = new Worker(new URL('./list-reader.mjs', import.meta.url), { workerData: { url: listUrl, token: server.token } });
  const finished = new Promise((resolve, reject) => lists.once('message', resolve).once('error', reject));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const gets = await timedCalls(server, getUrl, count);
  lists.postMessage('stop');
  const { times, error } = await finished;
  await lists.terminate();
  if (error) throw new Error(`${server.name}: ${error}`);
  return { gets, listsCompleted: times.length, listMs: summarize(times) };
}

async function measure(server, large) {
  const seedStarted = performance.now();
  await seed(server, 'small', 1000);
  await seed(server, 'large', large);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const selected = (namespace) => `${server.url}/api/v1/namespaces/${namespace}/configmaps?labelSelector=pick%3Dyes&limit=${picked}`;
  const small = await timedCalls(server, selected('small'), 30);
  const largeList = await timedCalls(server, selected('large'), 30);
  const getUrl = `${server.url}/api/v1/namespaces/small/configmaps/o-000000`;
  const idle = await timedCalls(server, getUrl, getsPerCase);
  const loaded = await getsDuringLists(server, getUrl, `${server.url}/api/v1/namespaces/large/configmaps`, getsPerCase);
  return { seedSeconds, selectedList: { small, large: largeList }, get: { idle, duringLargeList: loaded.gets }, largeList: { completed: loaded.listsCompleted, ms: loaded.listMs } };
}

/** The section: kube then edge, each started, seeded and measured, then stopped. */
export async function runSideBySideLists() {
  const missing = kubeMissing();
  if (missing) {
    console.log(`side-by-side lists: skipped (${missing})`);
    return { skipped: missing };
  }
  const large = Number(process.env.BENCH_LARGE_NAMESPACE ?? 100_000);
  console.log(`side by side: lists that cost what they return (namespaces of 1,000 and ${large} ConfigMaps, ${picked} labelled pick=yes in each)`);
  const results = {};
  for (const name of ['kube', 'edge']) {
    const server = await startPrepared(name, ['small', 'large']);
    try {
      const result = (results[name] = await measure(server, large));
      const { small, large: big } = result.selectedList;
      console.log(`  ${name}: seeded in ${fmt(result.seedSeconds)} s`);
      console.log(`    list pick=yes limit=50: 1,000 objects p50 ${fmt(small.p50, 2)} / p99 ${fmt(small.p99, 2)} ms; ${large} objects p50 ${fmt(big.p50, 2)} / p99 ${fmt(big.p99, 2)} ms (${fmt(big.p99 / small.p99, 2)}x at p99)`);
      const { idle, duringLargeList } = result.get;
      console.log(`    GET idle p50 ${fmt(idle.p50, 2)} / p99 ${fmt(idle.p99, 2)} ms; during ${result.largeList.completed} whole lists of ${large} (each p50 ${fmt(result.largeList.ms.p50, 0)} ms) p50 ${fmt(duringLargeList.p50, 2)} / p99 ${fmt(duringLargeList.p99, 2)} ms (${fmt(duringLargeList.p99 / idle.p99, 2)}x at p99)`);
    } finally {
      await server.stop();
    }
  }
  const { kube, edge } = results;
  console.log(`  edge/kube at p99: selected list of ${large} ${fmt(edge.selectedList.large.p99 / kube.selectedList.large.p99, 2)}x, GET during the large list ${fmt(edge.get.duringLargeList.p99 / kube.get.duringLargeList.p99, 2)}x`);
  return { conditions: `sequential requests as user bench over HTTPS; ${picked} of each namespace's objects labelled pick=yes; the large list is one unpaged JSON list, repeated while 200 GETs run`, largeNamespace: large, ...results };
}
