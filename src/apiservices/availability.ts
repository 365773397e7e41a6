/**
 * kube-aggregator's remote AvailableConditionController (kube v1.32) for APIServices backed by a
 * Service: ServiceNotFound; for a ClusterIP service, ServicePortError, EndpointsNotFound and
 * MissingEndpoints as kube checks them; then the discovery check, a GET of
 * https://<host>:<port>/apis/<group>/<version> (`/api/v1` for `v1.`) within 5 s, where the host is
 * an ExternalName service's name or the service's cluster IP. Workers reach only public hosts
 * with publicly trusted certificates: caBundle and insecureSkipTLSVerify cannot be honoured
 * (fetch has no such options), and a cluster IP is not reachable from the edge, so such services
 * end FailedDiscoveryCheck, as they would in kube without a route to them. The condition is
 * written through /status as `kube-apiserver` only when it changes (its transition time only when
 * its status does).
 */
import type { ClusterContext } from '../cluster/context.js';
import { fieldManagement, trackUpdate } from '../registry/field-manager.js';
import { findResource } from '../api/catalog.js';
import { kubeTimestamp, type KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';
import { notFound } from '../apimachinery/status.js';
import { ignoreWriteRaces } from '../registry/write-races.js';
import { aggregatorManager, apiServiceType, availableCondition, serviceOf, type Condition, type ServiceReference } from './types.js';
import { discoveryCheck } from './discovery-check.js';

type Verdict = Omit<Condition, 'type' | 'lastTransitionTime'>;

const unavailable = (reason: string, message: string): Verdict => ({ status: 'False', reason, message });

async function getObject(cluster: ClusterContext, resource: string, namespace: string, name: string): Promise<KubeObject | null> {
  return storeFor(cluster, findResource('', 'v1', resource)!).getIfExists(namespace, name);
}

/** What kube concludes about the APIService's backend, short of the discovery check (null: go on and check). */
async function serviceVerdict(cluster: ClusterContext, reference: ServiceReference): Promise<Verdict | { service: KubeObject }> {
  const where = `service/${reference.name} in ${JSON.stringify(reference.namespace)}`;
  const service = await getObject(cluster, 'services', reference.namespace, reference.name);
  if (!service) return unavailable('ServiceNotFound', `${where} is not present`);
  const spec = (service.spec ?? {}) as { type?: string; ports?: { port?: number; name?: string }[] };
  if ((spec.type ?? 'ClusterIP') !== 'ClusterIP') return { service };
  const port = (spec.ports ?? []).find((candidate) => candidate.port === reference.port);
  if (!port) return unavailable('ServicePortError', `${where} is not listening on port ${reference.port}`);
  const endpoints = await getObject(cluster, 'endpoints', reference.namespace, reference.name);
  if (!endpoints) return unavailable('EndpointsNotFound', `cannot find endpoints for ${where}`);
  const portName = port.name ?? '';
  if (!hasActiveEndpoints(endpoints, portName)) return unavailable('MissingEndpoints', `endpoints for ${where} have no addresses with port name ${JSON.stringify(portName)}`);
  return { service };
}

function hasActiveEndpoints(endpoints: KubeObject, portName: string): boolean {
  const subsets = (endpoints as { subsets?: { addresses?: unknown[]; ports?: { name?: string }[] }[] }).subsets ?? [];
  return subsets.some((subset) => (subset.addresses ?? []).length > 0 && (subset.ports ?? []).some((port) => (port.name ?? '') === portName));
}

/** The Available condition kube's controller would write now for a service-backed APIService. */
export async function availabilityOf(cluster: ClusterContext, apiService: KubeObject): Promise<Verdict> {
  const reference = serviceOf(apiService)!;
  const verdict = await serviceVerdict(cluster, reference);
  if (!('service' in verdict)) return verdict;
  const failure = await discoveryCheck(apiService, verdict.service, reference);
  return failure === null ? { status: 'True', reason: 'Passed', message: 'all checks passed' } : unavailable('FailedDiscoveryCheck', failure);
}

/** Checks every service-backed APIService of `apiServices` and writes the conditions that changed. */
export async function syncAvailability(cluster: ClusterContext, apiServices: KubeObject[], now: Date): Promise<void> {
  const remote = apiServices.filter((apiService) => serviceOf(apiService) && !apiService.metadata.deletionTimestamp);
  await Promise.all(remote.map(async (apiService) => writeCondition(cluster, apiService, await availabilityOf(cluster, apiService), now)));
}

async function writeCondition(cluster: ClusterContext, apiService: KubeObject, verdict: Verdict, now: Date): Promise<void> {
  const have = availableCondition(apiService);
  if (have && have.status === verdict.status && have.reason === verdict.reason && have.message === verdict.message) return;
  const type = apiServiceType();
  const management = fieldManagement(type, aggregatorManager, 'status', now);
  const name = apiService.metadata.name!;
  await ignoreWriteRaces(storeFor(cluster, type, 'status').update('', name, (live) => {
    if (!live || live.metadata.uid !== apiService.metadata.uid) throw notFound({ group: type.group, resource: type.resource }, name);
    const next = structuredClone(live);
    setCondition(next, verdict, now);
    return trackUpdate(management, live, next);
  }, { dryRun: false, now }));
}

/** SetAPIServiceCondition: the transition time moves only when the status does. */
function setCondition(apiService: KubeObject, verdict: Verdict, now: Date): void {
  const status = (apiService.status ??= {}) as { conditions?: Condition[] };
  const conditions = (status.conditions ??= []);
  const existing = conditions.find((condition) => condition.type === 'Available');
  if (!existing) {
    conditions.push({ type: 'Available', status: verdict.status, lastTransitionTime: kubeTimestamp(now), reason: verdict.reason!, message: verdict.message! });
    return;
  }
  if (existing.status !== verdict.status) Object.assign(existing, { status: verdict.status, lastTransitionTime: kubeTimestamp(now) });
  Object.assign(existing, { reason: verdict.reason, message: verdict.message });
}
