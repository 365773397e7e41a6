// README renderers of the sections that run their own servers (side by side with kube-apiserver,
// at the platform's limits, sharding, the control plane, tenants): each takes a section's
// results (bench/results/*.json) and returns Markdown lines. Used by render-readme.mjs.
import { fmt } from './stats.mjs';

/** Milliseconds and ratios as the README writes them (render-readme.mjs uses them too). */
export const ms = (value, digits = 1) => `${fmt(value, digits)} ms`;
export const ratio = (value) => `${fmt(value, 2)}x`;
const skipped = (name, section) => (section.skipped ? [`**${name}**: skipped (${section.skipped}).`] : null);

export function kubeMixed(section) {
  const rows = section.loads.map(({ load, concurrency, kube, edge }) => {
    const verbs = Object.keys(kube.byOp).filter((verb) => !verb.endsWith('failed'));
    const p99 = verbs.map((verb) => edge.byOp[verb]?.p99 / kube.byOp[verb]?.p99).filter(Number.isFinite);
    const worst = verbs.reduce((a, b) => ((edge.byOp[a]?.p99 / kube.byOp[a]?.p99) >= (edge.byOp[b]?.p99 / kube.byOp[b]?.p99) ? a : b));
    return `| ${load} | ${concurrency} | ${fmt(edge.opsPerSecond)} / ${fmt(kube.opsPerSecond)} = ${ratio(edge.opsPerSecond / kube.opsPerSecond)} | ` +
      `${fmt(edge.requestsPerCpuSecond)} / ${fmt(kube.requestsPerCpuSecond)} = ${ratio(edge.requestsPerCpuSecond / kube.requestsPerCpuSecond)} | ` +
      `${ratio(Math.min(...p99))}-${ratio(Math.max(...p99))} (highest: ${worst}) |`;
  });
  return skipped('Side by side, mixed load', section) ?? [
    `**Side by side with kube-apiserver v1.32.13 + etcd: mixed ConfigMap load** (edge / kube). Conditions: ${section.conditions}. Figures:`, '',
    '| load | clients | throughput (ops/s) | requests per CPU-second | p99 edge/kube per verb |', '| --- | --- | --- | --- | --- |', ...rows,
  ];
}

export function kubeLists(section) {
  const line = (name, result) => `${name}: selected list of 50 p99 ${ms(result.selectedList.small.p99, 2)} (1,000 objects) and ${ms(result.selectedList.large.p99, 2)} ` +
    `(${section.largeNamespace.toLocaleString('en')}): ${ratio(result.selectedList.large.p99 / result.selectedList.small.p99)}; GET p99 idle ${ms(result.get.idle.p99, 2)}, ` +
    `during whole lists of the large namespace ${ms(result.get.duringLargeList.p99, 2)}: ${ratio(result.get.duringLargeList.p99 / result.get.idle.p99)} (the list itself p50 ${ms(result.largeList.ms.p50, 0)})`;
  return skipped('Side by side, lists', section) ?? [
    `**Side by side: lists that cost what they return**. Conditions: ${section.conditions}. Figures: ${line('edge', section.edge)}; ${line('kube', section.kube)}.`,
  ];
}

export function kubeWatch(section) {
  const rows = section.runs.map(({ watchers, rate, kube, edge }) => `| ${watchers} | ${rate} | ${edge.delivered}/${edge.expected} (${edge.duplicates} dup., ${edge.outOfOrder} out of order) | ` +
    `${ms(edge.delayMs.p99)} / ${ms(kube.delayMs.p99)} = ${ratio(edge.delayMs.p99 / kube.delayMs.p99)} | ${ms(edge.writeMs.p99)} / ${ms(kube.writeMs.p99)} (edge without watchers ${ms(edge.baselineWriteMs.p99)}) | ` +
    `${fmt(edge.idleKiBPerWatcher)} / ${fmt(kube.idleKiBPerWatcher)}${kube.heapKiBPerWatcher === undefined ? '' : ` (kube's Go heap ${fmt(kube.heapKiBPerWatcher)})`} | ${fmt(edge.cpuSecondsWritePhase, 2)} / ${fmt(kube.cpuSecondsWritePhase, 2)} |`);
  return skipped('Side by side, watch fan-out', section) ?? [
    `**Side by side: watch fan-out** (edge / kube). Conditions: ${section.conditions}. Figures:`, '',
    '| watchers | writes/s | events delivered (edge) | delay p99 | write p99 | KiB per idle watcher | write-phase CPU s |', '| --- | --- | --- | --- | --- | --- | --- |', ...rows,
  ];
}

export function limits(section) {
  const part = (name, figures) => `${name} ${ms(figures.ms, 0)}, ${fmt(figures.megabytes)} MB, workerd resident memory +${fmt(figures.rssRiseMiB)} MiB at its peak`;
  const { small, large, mebibyteObjects: huge, initialStateWatch: watch } = section;
  return [
    `**At the platform's limits**. Conditions: ${section.conditions}. Figures: ${small.count.toLocaleString('en')} small ConfigMaps: ${part('one response', small.whole)}; ${part('pages of 500', small.paged)}. ` +
      `${large.count.toLocaleString('en')}: ${part('one response', large.whole)}; ${part('pages of 500', large.paged)} (memory rise ${ratio(large.whole.rssRiseMiB / small.whole.rssRiseMiB)} and ${ratio(large.paged.rssRiseMiB / small.paged.rssRiseMiB)} the 10,000's). ` +
      `${huge.count.toLocaleString('en')} ConfigMaps of 1 MiB: ${part('one response', huge.whole)}; ${part('pages of 50', huge.paged)}. A watch whose initial state is ${watch.count} ConfigMaps of 1 MiB: the initial-events-end bookmark after ${ms(watch.ms, 0)}, workerd +${fmt(watch.rssRiseMiB)} MiB.`,
  ];
}

export function sharding(section) {
  const rows = section.writes.map((row) => `| ${row.shards} | ${fmt(row.writesPerSecond)} (${ratio(row.writesPerSecond / section.writes[0].writesPerSecond)}) | ${fmt(row.cpuMillisPerWrite, 3)} | ${fmt(row.writeP99, 1)} | ${fmt(row.projectedOneThreadPerShard)} |`);
  const delay = section.watchDelay;
  return [
    `**One type over several storage shards**. Conditions: ${section.conditions}. Figures:`, '',
    '| shards | writes/s | CPU ms per write | write p99 (ms) | projected writes/s, a thread per shard |', '| --- | --- | --- | --- | --- |', ...rows, '',
    `Merged watch delay (commit to delivery): 1 shard p50 ${ms(delay[1].p50)} / p99 ${ms(delay[1].p99)}; 8 shards p50 ${ms(delay[8].p50)} / p99 ${ms(delay[8].p99)} (${delay[8].delivered} of ${delay[8].expected} delivered). ` +
      `A list of ${section.list[1].items.toLocaleString('en')} ConfigMaps: 1 shard ${fmt(section.list[1].seconds, 2)} s, 8 shards ${fmt(section.list[8].seconds, 2)} s (${ratio(section.list[8].seconds / section.list[1].seconds)}).`,
  ];
}

export function controlPlane(section) {
  const { bound, ready, serverCpuSeconds: cpu } = section.medians ?? {};
  // Older results carry no CPU figure.
  const cpuText = cpu ? ` Server CPU from the create until all Ready: kube-apiserver + etcd ${fmt(cpu.reference, 2)} s, edge ${fmt(cpu.edge, 2)} s (kube/edge ${ratio(cpu.referenceOverEdge)}).` : '';
  return skipped('Control plane', section) ?? [
    `**A real control plane**. Conditions: ${section.conditions}. Figures: all bound kube ${fmt(bound.referenceMs / 1000, 2)} s, edge ${fmt(bound.edgeMs / 1000, 2)} s (kube/edge ${ratio(bound.referenceOverEdge)}); ` +
      `all Ready kube ${fmt(ready.referenceMs / 1000, 2)} s, edge ${fmt(ready.edgeMs / 1000, 2)} s (${ratio(ready.referenceOverEdge)}).${cpuText}`,
  ];
}

/** The idle-tenant memory figure: older results measured one batch only. */
const idleTenantMemory = (c) => (c.rssMiB.perIdleTenantKiB === undefined ? `${fmt(c.rssMiB.perTenantKiB)} KiB per tenant`
  : `${fmt(c.rssMiB.perIdleTenantKiB)} KiB per idle tenant (a second ${c.count.toLocaleString('en')} over the first; the first batch's creation burst left ${fmt(c.rssMiB.firstBurstPerTenantKiB)} KiB per tenant of allocator high-water mark; open Durable Object databases after idling: ${c.openDatabases.second})`);

export function tenants(section) {
  const { creation: c, neighbours: n } = section;
  return [
    `**Control planes per tenant**. Conditions: ${section.conditions}. Figures: ${c.count.toLocaleString('en')} tenants; create to first successful GET in the tenant p50 ${ms(c.reachMs.p50)}, p99 ${ms(c.reachMs.p99)}; ` +
      `${fmt(c.createdPerSecond)} tenants created per second (kcp about 8/s), all Ready ${fmt(c.allReadySeconds)} s after the first create; after ${c.idleSeconds} s idle workerd resident memory ${idleTenantMemory(c)}, ` +
      `JavaScript heap ${fmt(c.heapMiB.perTenantKiB)} KiB per tenant (kcp about 9.8 MiB); an idle tenant stores ${fmt(c.storage.totalKiB)} KiB in ${c.storage.objectsUsed} Durable Objects. ` +
      `Quiet tenant's reads at 50/s: p99 ${ms(n.aloneMs.p99, 2)} alone, ${ms(n.besideMs.p99, 2)} beside a tenant at full load (${ratio(n.p99Ratio)}; the noisy one ${fmt(n.noisyPerSecond.admitted)}/s admitted, ${fmt(n.noisyPerSecond.throttled)}/s answered 429).`,
  ];
}
