/**
 * GET /metrics in the Prometheus text format (what kube-apiserver's legacy registry serves, with
 * the Content-Type it sends). Authorization is the guard's: `get` on the non-resource URL
 * /metrics, which the bootstrap ClusterRole system:monitoring grants. Every value is this
 * isolate's own (docs/api-behaviour.md, Metrics).
 */
import type { ClusterContext } from '../cluster/context.js';
import { flowControlConfiguration } from '../flowcontrol/configuration.js';
import { nominalConcurrencyLimit } from '../flowcontrol/dispatch.js';
import { metricsOf } from '../metrics/families.js';
import { refreshStorageObjects } from '../metrics/storage-objects.js';

export const metricsContentType = 'text/plain; version=0.0.4; charset=utf-8; escaping=values';

async function refreshNominalLimits(cluster: ClusterContext): Promise<void> {
  const { levels } = await flowControlConfiguration(cluster);
  const { serverConcurrency } = cluster.settings;
  const { nominalLimitSeats } = metricsOf(cluster);
  nominalLimitSeats.clear();
  for (const level of levels.values()) nominalLimitSeats.set([level.name], level.exempt ? 0 : nominalConcurrencyLimit(level, levels.values(), serverConcurrency));
}

/** The exposition of every family. */
export async function renderMetrics(cluster: ClusterContext): Promise<string> {
  await Promise.all([refreshStorageObjects(cluster), refreshNominalLimits(cluster)]);
  return metricsOf(cluster).families().map((family) => family.render()).join('');
}

/** The /metrics response. */
export async function serveMetrics(cluster: ClusterContext): Promise<Response> {
  return new Response(await renderMetrics(cluster), { status: 200, headers: { 'content-type': metricsContentType } });
}
