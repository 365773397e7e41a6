/**
 * Where kube-apiserver would connect for the kubelet-backed subresources, and what it answers when
 * that fails. This server never opens those connections (there are no kubelets at the edge, and
 * dialing addresses taken from Node and Pod objects would let any writer of them aim the server
 * at arbitrary hosts), so every connection kube would open answers as a refused one, with kube's
 * texts: the target is worked out exactly as kube does (pkg/kubelet/client NodeConnectionInfoGetter,
 * pkg/util/node GetPreferredNodeAddress, apimachinery SplitSchemeNamePort), so the errors before
 * it (missing pod or node, no address, address not allowed) are kube's too.
 */
import { findResource } from '../../../api/catalog.js';
import { goQuote } from '../../../apimachinery/go-format.js';
import { notFound, serviceUnavailable, unknownError, type GroupResource } from '../../../apimachinery/status.js';
import { asRecord, asRecords, asText } from '../../../kinds/json-values.js';
import { storeFor } from '../../../registry/registry.js';
import type { RequestScope } from '../scope.js';

/** A host and port to dial, and the scheme spoken there. */
export interface Target {
  scheme: string;
  host: string;
  port: string;
}

/** kube-apiserver's --kubelet-preferred-address-types default. */
const preferredAddressTypes = ['Hostname', 'InternalDNS', 'InternalIP', 'ExternalDNS', 'ExternalIP'];
const defaultKubeletPort = '10250';

/**
 * The kubelet of `nodeName`. A missing node is NotFound under the request's resource (kube's store
 * names the resource from the request: `pods "node-1" not found` for pods/log); a node without a
 * preferred address is kube's plain 500.
 */
export async function kubeletOf(scope: RequestScope, nodeName: string): Promise<Target> {
  const node = await storeFor(scope.cluster, findResource('', 'v1', 'nodes')!).getIfExists('', nodeName);
  if (!node) throw notFound(requestResource(scope), nodeName);
  const status = asRecord(node.status) ?? {};
  const addresses = asRecords(status.addresses);
  const host = preferredAddressTypes.map((type) => addresses.find((address) => address.type === type)).find(Boolean);
  if (!host) {
    const known = addresses.map((address) => `{${asText(address.type)} ${asText(address.address)}}`).join(' ');
    throw unknownError(`no preferred addresses found; known addresses: [${known}]`);
  }
  const port = asRecord(asRecord(status.daemonEndpoints)?.kubeletEndpoint)?.Port;
  return { scheme: 'https', host: asText(host.address), port: typeof port === 'number' && port > 0 ? String(port) : defaultKubeletPort };
}

/** The resource a request's errors are qualified with. */
export function requestResource(scope: RequestScope): GroupResource {
  return { group: scope.type.group, resource: scope.type.resource };
}

/** net.JoinHostPort: IPv6 addresses in brackets. */
export function hostPort(target: Target): string {
  return target.host.includes(':') ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}`;
}

/** The text of Go's failed dial to `target`, as this server reports every connection it does not open. */
export function refusedDial(target: Target): string {
  return `dial tcp ${hostPort(target)}: connect: connection refused`;
}

/** The proxy transport's failure (apimachinery proxy transport.go): 503 ServiceUnavailable. */
export function unreachableService(target: Target): Error {
  return serviceUnavailable(`error trying to reach service: ${refusedDial(target)}`);
}

/** utilnet.SplitSchemeNamePort: `name`, `name:port` or `scheme:name:port`, scheme "", http or https. */
export function splitSchemeNamePort(id: string): { scheme: string; name: string; port: string } | null {
  const parts = id.split(':');
  if (parts.length > 3) return null;
  const [scheme, name, port] = parts.length === 3 ? parts : ['', parts[0]!, parts[1] ?? ''];
  return name && ['', 'http', 'https'].includes(scheme!) ? { scheme: scheme!, name: name!, port: port! } : null;
}

/** A BadRequest naming the id kube could not split: `invalid pod request "a:b:c:d"`. */
export function invalidRequestText(kind: string, id: string): string {
  return `invalid ${kind} request ${goQuote(id)}`;
}
