/**
 * The objects kube-apiserver keeps for its own Service, `default/kubernetes`, as pure functions:
 * the Service its kubernetesservice controller creates (pkg/controlplane/controller/
 * kubernetesservice: port 443 named https, targetPort the port the server is reached at, the
 * first address of the service range, SingleStack, labels provider=kubernetes and
 * component=apiserver), and the Endpoints and EndpointSlice its lease endpoint reconciler keeps
 * (pkg/controlplane/reconcilers: one subset with the server's address and port, the Endpoints
 * marked skip-mirror; the slice derived from the Endpoints by its EndpointsAdapter).
 */
import { parseIP, specialIPProblems, to4 } from '../apimachinery/validation/ip-addresses.js';
import type { KubeObject } from '../apimachinery/object.js';
import { semanticEqual } from '../kinds/json-equality.js';
import { asRecords, asTextMap } from '../kinds/json-values.js';

export const kubernetesServiceName = 'kubernetes';
const skipMirror = 'endpointslice.kubernetes.io/skip-mirror';

/** Where clients reach this server: an address (absent when not an IP) and a port. */
export interface Advertised {
  ip: string | undefined;
  port: number;
}

/**
 * The address and port clients reach the server at: `advertiseAddress` (ADVERTISE_ADDRESS, kube's
 * --advertise-address) when set, else the request's host when it is an IP; the request's port.
 */
export function advertisedEndpoint(url: URL, advertiseAddress: string | undefined): Advertised {
  const port = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const ip = advertiseAddress || (parseIP(host) ? host : undefined);
  return { ip, port };
}

/**
 * Whether Endpoints may hold the address: kube's reconciler writes through the API, whose
 * validation refuses loopback, link-local and unspecified addresses (so kube-apiserver publishes
 * no Endpoints when it advertises 127.0.0.1).
 */
export function publishable(ip: string | undefined): ip is string {
  const bytes = ip === undefined ? null : parseIP(ip);
  return !!bytes && specialIPProblems(ip!, bytes).length === 0;
}

/** The Service as kube-apiserver creates it; `clusterIP` is the first address of the service range. */
export function kubernetesService(clusterIP: string, port: number): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Service',
    metadata: { name: kubernetesServiceName, namespace: 'default', labels: { provider: 'kubernetes', component: 'apiserver' } },
    spec: {
      ports: [{ protocol: 'TCP', port: 443, name: 'https', targetPort: port }],
      clusterIP, ipFamilyPolicy: 'SingleStack', sessionAffinity: 'None', type: 'ClusterIP',
    },
  };
}

function endpointPorts(port: number) {
  return [{ name: 'https', port, protocol: 'TCP' }];
}

/** The Endpoints as the lease reconciler writes them for one server at `ip`:`port`. */
export function kubernetesEndpoints(ip: string, port: number): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Endpoints',
    metadata: { name: kubernetesServiceName, namespace: 'default', labels: { [skipMirror]: 'true' } },
    subsets: [{ addresses: [{ ip }], ports: endpointPorts(port) }],
  };
}

/**
 * checkEndpointSubsetFormatWithLease with reconcilePorts, and the skip-mirror label: whether the
 * Endpoints already say what the reconciler would write.
 */
export function endpointsCurrent(current: KubeObject, ip: string, port: number): boolean {
  const subsets = asRecords(current.subsets);
  if (asTextMap(current.metadata.labels)[skipMirror] !== 'true' || subsets.length !== 1) return false;
  const addresses = asRecords(subsets[0]!.addresses).map((address) => address.ip);
  return addresses.length === 1 && addresses[0] === ip && semanticEqual(subsets[0]!.ports, endpointPorts(port));
}

/** endpointSliceFromEndpoints: the EndpointSlice mirroring the reconciler's Endpoints. */
export function kubernetesEndpointSlice(ip: string, port: number): KubeObject {
  const bytes = parseIP(ip);
  return {
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
    metadata: { name: kubernetesServiceName, namespace: 'default', labels: { 'kubernetes.io/service-name': kubernetesServiceName } },
    addressType: bytes && to4(bytes) ? 'IPv4' : 'IPv6',
    endpoints: [{ addresses: [ip], conditions: { ready: true } }],
    ports: endpointPorts(port),
  };
}

/** What EnsureEndpointSliceFromEndpoints compares before an update: endpoints, ports and labels. */
export function endpointSliceCurrent(current: KubeObject, wanted: KubeObject): boolean {
  return (['endpoints', 'ports'] as const).every((field) => semanticEqual(current[field], wanted[field]))
    && semanticEqual(current.metadata.labels, wanted.metadata.labels);
}
