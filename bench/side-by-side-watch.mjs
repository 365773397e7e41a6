// Side by side (issue 19): watch fan-out against the reference kube-apiserver + etcd and
// edge-apiserver (HTTPS, bearer token, RBAC), each run on freshly started servers. For N watchers
// (BENCH_SIDE_WATCHERS, default 100,1000) and a write rate (BENCH_SIDE_WATCH_RATES, default 50,10
// per second): 100 merge patches of ConfigMaps at that rate with no watcher (the baseline
// write latency); then N watch requests on the namespace's ConfigMaps, each its own HTTPS
// connection, left idle 5 s (resident memory of the server's processes, per watcher); then 100
// patches at the rate (open loop, round robin over 10 ConfigMaps), each carrying its send time. Reported:
// events delivered of expected (and any duplicate or out of order per watcher), delay from send
// to arrival p50/p99 with its distribution (bench/distribution.mjs) and per write over time
// (bench/delay-timeline.mjs), write latency p50/p99 against the baseline, memory per idle watcher,
// CPU seconds of the server's processes from the first write until every event arrived (or 30 s).
// kube's memory per idle watcher is also read from its Go heap (go-memory.mjs): its resident memory
// hardly moves, the Go runtime reusing heap it had freed before. BENCH_SIDE_WATCH_SERVERS (kube,edge)
// picks the servers; BENCH_WATCH_PROFILE=1 takes a CPU profile of edge's isolate in the write phase
// (cpu-profile.mjs).
import { fmt, summarize } from './stats.mjs';
import { summarizeWithDistribution } from './distribution.mjs';
import { delayTimeline } from './delay-timeline.mjs';
import { cpuSeconds, kubeMissing, serverResidentMiB, startPrepared } from './side-by-side-servers.mjs';
import { goHeap } from './go-memory.mjs';
import { residentMiB } from './memory.mjs';
import { printProfile, startProfile } from './cpu-profile.mjs';
import { call, openStream, request, streamChunks } from './tls-client.mjs';

const writes = 100;
const targets = 10;
const settleMillis = 5000;
const drainMillis = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `writes` merge patches at `rate` per second on a fixed schedule, round robin over the
 * `targets` ConfigMaps (writes in flight together rarely touch one object); resolves with their
 * latencies and failures by status.
 */
async function driveWrites(server, base, rate, tag) {
  const started = performance.now();
  const pending = [];
  for (let seq = 0; seq < writes; seq++) {
    const wait = started + (seq * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = performance.now();
    const body = { data: { tag, seq: String(seq), sent: String(sent) } };
    pending.push(request(`${base}/target-${seq % targets}`, { method: 'PATCH', token: server.token, contentType: 'application/merge-patch+json', body })
      .then(({ status }) => (status < 300 ? performance.now() - sent : String(status)), (error) => error.code ?? 'error'));
  }
  const results = await Promise.all(pending);
  const failures = {};
  for (const result of results) if (typeof result !== 'number') failures[result] = (failures[result] ?? 0) + 1;
  return { latencies: results.filter((value) => typeof value === 'number'), failures };
}

/** Opens `count` watchers (50 at a time); each tallies the events of phase `tag`. */
async function openWatchers(server, url, count, tally) {
  const closers = [];
  for (let start = 0; start < count; start += 50) {
    closers.push(...await Promise.all(Array.from({ length: Math.min(50, count - start) }, (_, offset) => {
      const watcher = { last: -1n };
      return openStream(url, server.token, (line, arrivedAt) => tally(watcher, line, arrivedAt, start + offset));
    })));
  }
  return closers;
}

async function scenario(server, watchers, rate) {
  const base = `${server.url}/api/v1/namespaces/watched/configmaps`;
  for (let target = 0; target < targets; target++) {
    await call(base, { method: 'POST', token: server.token, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `target-${target}` }, data: {} } });
  }
  const baseline = await driveWrites(server, base, rate, 'baseline');
  const resourceVersion = JSON.parse(await call(`${base}?limit=1`, { token: server.token })).metadata.resourceVersion;
  const heap = () => (server.name === 'kube' ? goHeap(server.url, server.adminToken) : null);
  const heapBefore = await heap();
  const before = serverResidentMiB(server);
  const beforeByProcess = server.pids().map((pid) => residentMiB([pid]));
  const delays = [];
  const timeline = delayTimeline();
  const counts = { delivered: 0, duplicates: 0, outOfOrder: 0 };
  // Concurrent writes commit in any order: order is checked by resourceVersion (per watcher, increasing).
  const tally = (watcher, line, arrivedAt) => {
    if (!line.includes('"tag":"watched"')) return;
    const version = BigInt(/"resourceVersion":"(\d+)"/.exec(line)[1]);
    const sent = Number(/"sent":"([0-9.]+)"/.exec(line)[1]);
    delays.push(arrivedAt - sent);
    timeline.add(/"seq":"(\d+)"/.exec(line)[1], sent, arrivedAt - sent);
    counts.delivered += 1;
    if (version === watcher.last) counts.duplicates += 1;
    else if (version < watcher.last) counts.outOfOrder += 1;
    watcher.last = version;
  };
  const closers = await openWatchers(server, `${base}?watch=1&resourceVersion=${resourceVersion}`, watchers, tally);
  await sleep(settleMillis);
  const idle = serverResidentMiB(server);
  const idleByProcess = server.pids().map((pid, index) => ((residentMiB([pid]) - beforeByProcess[index]) * 1024) / watchers);
  const heapIdle = await heap();
  const profile = server.inspectorPort ? await startProfile(server.inspectorPort) : null;
  const cpuBefore = server.pids().map((pid) => cpuSeconds([pid]));
  const clientBefore = process.cpuUsage();
  const chunksBefore = streamChunks.count;
  const loaded = await driveWrites(server, base, rate, 'watched');
  const deadline = performance.now() + drainMillis;
  while (counts.delivered < watchers * writes && performance.now() < deadline) await sleep(20);
  const cpuByProcess = server.pids().map((pid, index) => cpuSeconds([pid]) - cpuBefore[index]);
  const client = process.cpuUsage(clientBefore);
  const chunks = streamChunks.count - chunksBefore;
  if (profile) printProfile(await profile.stop(), counts.delivered, 'event');
  for (const close of closers) close();
  return {
    expected: watchers * writes, ...counts, delayMs: summarizeWithDistribution(delays), delayTimeline: timeline.rows(), writeMs: summarize(loaded.latencies), failedWrites: loaded.failures,
    baselineWriteMs: summarize(baseline.latencies), idleKiBPerWatcher: ((idle - before) * 1024) / watchers, idleKiBByProcess: idleByProcess,
    ...(heapIdle && {
      heapKiBPerWatcher: (heapIdle.inuseSpace - heapBefore.inuseSpace) / 1024 / watchers,
      heapAllocKiBPerWatcher: (heapIdle.allocBytes - heapBefore.allocBytes) / 1024 / watchers,
    }),
    cpuSecondsWritePhase: cpuByProcess.reduce((sum, seconds) => sum + seconds, 0), cpuSecondsByProcess: cpuByProcess,
    clientCpuSeconds: (client.user + client.system) / 1e6, chunksReceived: chunks,
  };
}

function report(name, result) {
  const { delayMs: delay, writeMs: write, baselineWriteMs: baseline } = result;
  console.log(`    ${name}: ${result.delivered}/${result.expected} events (${result.duplicates} duplicate, ${result.outOfOrder} out of order), delay p50 ${fmt(delay.p50, 1)} / p99 ${fmt(delay.p99, 1)} ms; ` +
    `write p50 ${fmt(write.p50, 1)} / p99 ${fmt(write.p99, 1)} ms (no watchers ${fmt(baseline.p50, 1)} / ${fmt(baseline.p99, 1)}; failed: ${JSON.stringify(result.failedWrites)}); ` +
    `${fmt(result.idleKiBPerWatcher, 1)} KiB per idle watcher (${result.idleKiBByProcess.map((kib) => fmt(kib, 1)).join(' + ')} by process)${result.heapKiBPerWatcher === undefined ? '' : ` (Go heap: inuse_space ${fmt(result.heapKiBPerWatcher, 1)}, HeapAlloc ${fmt(result.heapAllocKiBPerWatcher, 1)})`}; ` +
    `${fmt(result.cpuSecondsWritePhase, 2)} CPU s in the write phase (${result.cpuSecondsByProcess.map((seconds) => fmt(seconds, 2)).join(' + ')} by process); the watchers' side: ${fmt(result.clientCpuSeconds, 2)} CPU s, ${result.chunksReceived} chunks received`);
}

/** The section: every (watchers, rate) pair on fresh servers, kube then edge. */
export async function runSideBySideWatch() {
  const missing = kubeMissing();
  if (missing) {
    console.log(`side-by-side watch fan-out: skipped (${missing})`);
    return { skipped: missing };
  }
  const counts = (process.env.BENCH_SIDE_WATCHERS ?? '100,1000').split(',').map(Number);
  const rates = (process.env.BENCH_SIDE_WATCH_RATES ?? '50,10').split(',').map(Number);
  const servers = (process.env.BENCH_SIDE_WATCH_SERVERS ?? 'kube,edge').split(',');
  console.log(`side by side: watch fan-out, ${writes} patches of ${targets} ConfigMaps per run, fresh servers per run`);
  const runs = [];
  for (const watchers of counts) {
    for (const rate of rates) {
      console.log(`  ${watchers} watchers, ${rate} writes/s`);
      const run = { watchers, rate };
      for (const name of servers) {
        // TLS for edge by the byte pipe: the fan-out's cost is the isolate's, not a proxy's re-framing.
        const inspectorPort = process.env.BENCH_WATCH_PROFILE === '1' ? 23229 : undefined;
        const server = await startPrepared(name, ['watched'], { front: false, inspectorPort });
        server.inspectorPort = name === 'edge' ? inspectorPort : undefined;
        try {
          report(name, (run[name] = await scenario(server, watchers, rate)));
        } finally {
          await server.stop();
        }
      }
      const { kube, edge } = run;
      if (!kube || !edge) {
        runs.push(run);
        continue;
      }
      console.log(`    edge/kube: delay p99 ${fmt(edge.delayMs.p99 / kube.delayMs.p99, 2)}x, write p99 ${fmt(edge.writeMs.p99 / kube.writeMs.p99, 2)}x ` +
        `(edge's write p99 with watchers / without ${fmt(edge.writeMs.p99 / edge.baselineWriteMs.p99, 2)}x), memory per watcher ${fmt(edge.idleKiBPerWatcher / kube.idleKiBPerWatcher, 2)}x (against kube's Go heap ${fmt(edge.idleKiBPerWatcher / kube.heapKiBPerWatcher, 2)}x), ` +
        `write-phase CPU ${fmt(edge.cpuSecondsWritePhase / kube.cpuSecondsWritePhase, 2)}x`);
      runs.push(run);
    }
  }
  return { conditions: `user bench over HTTPS; watchers opened 50 at a time from one Node process, each its own connection; ${writes} merge patches per phase, open loop; memory after ${settleMillis / 1000} s idle`, runs };
}
