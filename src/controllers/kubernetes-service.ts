/**
 * kube-apiserver's own Service: its kubernetesservice controller and lease endpoint reconciler
 * (pkg/controlplane/controller/kubernetesservice, pkg/controlplane/reconcilers), run by each
 * isolate for each cluster, at kube's interval (--endpoint-reconcile-interval, 10 s), on the way
 * of a request that reads or writes Services, Endpoints or EndpointSlices, since there is no
 * long-running process and a cluster whose clients never look at them need not store them (a
 * tenant's services shard stays empty until used): `default/kubernetes` is created when
 * missing (never changed after, as kube's periodic pass leaves it), and, when the address clients
 * reach this server at may be published (kubernetes-service-objects.ts), its Endpoints and
 * EndpointSlice are created or reset to that address and port; after a write of one of them
 * through the isolate (a client deleted the Service), at the next such request. In-cluster clients and the
 * upstream e2e suite find the API server through them. Failures are logged and retried at the
 * next interval, never the request's.
 */
import { findResource } from '../api/catalog.js';
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import type { RequestInfo } from '../apimachinery/request-info.js';
import { firstServiceIP } from '../kinds/core/cluster-ip.js';
import { apiServerManager, createAsApiServer } from '../registry/bootstrap-object.js';
import { ApiClient } from './api-client.js';
import {
  advertisedEndpoint, endpointSliceCurrent, endpointsCurrent, kubernetesEndpointSlice, kubernetesEndpoints, kubernetesService,
  kubernetesServiceName as name, publishable,
} from './kubernetes-service-objects.js';

const intervalMillis = 10_000;

/** When this isolate last reconciled; a write through it of one of the three types makes the next request reconcile again. */
const reconciled = new ClusterState((cluster) => {
  const state = { at: -Infinity };
  cluster.listen({ covers: (type) => watchedResources.has(`${type.group}/${type.resource}`), written: () => void (state.at = -Infinity) });
  return state;
});

/** The resources whose requests make sure of the kubernetes Service first. */
const watchedResources = new Set(['/services', '/endpoints', 'discovery.k8s.io/endpointslices']);

/** Makes sure of the kubernetes Service (and its endpoints) of `cluster`, reached at `url`, before a request for `info`'s resource. */
export async function ensureKubernetesService(cluster: ClusterContext, url: URL, info: RequestInfo | null): Promise<void> {
  if (!info?.isResourceRequest || !watchedResources.has(`${info.apiGroup}/${info.resource}`)) return;
  const state = reconciled.of(cluster);
  if (Date.now() - state.at < intervalMillis) return;
  state.at = Date.now();
  try {
    await reconcile(cluster, url);
  } catch (error) {
    console.warn(`unable to sync kubernetes service: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function reconcile(cluster: ClusterContext, url: URL): Promise<void> {
  const api = new ApiClient(cluster, () => new Date());
  const { ip, port } = advertisedEndpoint(url, cluster.settings.advertiseAddress);
  const services = findResource('', 'v1', 'services')!;
  if (!(await api.get(services, 'default', name))) await createAsApiServer(cluster, services, 'default', kubernetesService(firstServiceIP(), port));
  if (!publishable(ip)) return;
  const endpoints = findResource('', 'v1', 'endpoints')!;
  const current = await api.get(endpoints, 'default', name);
  const wanted = kubernetesEndpoints(ip, port);
  if (!current) await createAsApiServer(cluster, endpoints, 'default', wanted);
  else if (!endpointsCurrent(current, ip, port)) {
    await api.update(endpoints, 'default', name, current.metadata.uid ?? '', (object) => {
      object.metadata.labels = { ...object.metadata.labels, ...wanted.metadata.labels };
      object.subsets = wanted.subsets;
      return true;
    }, '', apiServerManager);
  }
  await ensureEndpointSlice(cluster, api, kubernetesEndpointSlice(ip, port));
}

/** EnsureEndpointSliceFromEndpoints: created when missing, made again for another address type, else updated when it differs. */
async function ensureEndpointSlice(cluster: ClusterContext, api: ApiClient, wanted: ReturnType<typeof kubernetesEndpointSlice>): Promise<void> {
  const slices = findResource('discovery.k8s.io', 'v1', 'endpointslices')!;
  const current = await api.get(slices, 'default', name);
  if (current && current.addressType !== wanted.addressType) await api.delete(slices, 'default', name, current.metadata.uid ?? '', {});
  if (!current || current.addressType !== wanted.addressType) return createAsApiServer(cluster, slices, 'default', wanted);
  if (endpointSliceCurrent(current, wanted)) return;
  await api.update(slices, 'default', name, current.metadata.uid ?? '', (object) => {
    Object.assign(object, { endpoints: wanted.endpoints, ports: wanted.ports });
    object.metadata.labels = wanted.metadata.labels;
    return true;
  }, '', apiServerManager);
}
