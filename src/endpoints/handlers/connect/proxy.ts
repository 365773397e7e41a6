/**
 * pods/proxy, services/proxy and nodes/proxy (kube's ProxyREST with pod, service and node
 * ResourceLocation): the name may carry a scheme and port (`https:web:8443`); the target is
 * resolved as kube does, with its errors; a GET or HEAD of the bare `.../proxy` is redirected to
 * `.../proxy/` (kube's 301 for an empty path); anything else is the proxy transport's failure to
 * connect (503), since this server does not open connections to cluster addresses (kubelet.ts).
 */
import { findResource } from '../../../api/catalog.js';
import { goQuote } from '../../../apimachinery/go-format.js';
import { badRequest, notFound, serviceUnavailable } from '../../../apimachinery/status.js';
import { asRecord, asRecords, asText } from '../../../kinds/json-values.js';
import { storeFor } from '../../../registry/registry.js';
import type { Handler, RequestScope } from '../scope.js';
import { isGlobalUnicast, isProxyableIP } from './addresses.js';
import { invalidRequestText, kubeletOf, requestResource, splitSchemeNamePort, unreachableService, type Target } from './kubelet.js';

/** Any method on NAME/proxy[/path] of pods, services or nodes. */
export const proxyHandler: Handler = async (scope) => {
  const locate = locators[scope.type.resource];
  if (!locate) throw badRequest(`${scope.type.resource} cannot be proxied`);
  const target = await locate(scope);
  const path = scope.url.pathname;
  if (path.endsWith('/proxy') && (scope.request.method === 'GET' || scope.request.method === 'HEAD')) {
    return new Response(null, { status: 301, headers: { location: `${path}/${scope.url.search}` } });
  }
  throw unreachableService(target);
};

const locators: Record<string, (scope: RequestScope) => Promise<Target>> = {
  pods: podTarget,
  services: serviceTarget,
  nodes: nodeTarget,
};

function split(scope: RequestScope, kind: string): { scheme: string; name: string; port: string } {
  const id = splitSchemeNamePort(scope.info.name);
  if (!id) throw badRequest(invalidRequestText(kind, scope.info.name));
  return id;
}

function withDefaultPort(scheme: string, host: string, port: string): Target {
  const resolved = scheme || 'http';
  return { scheme: resolved, host, port: port || (resolved === 'https' ? '443' : '80') };
}

/** Pod ResourceLocation: the first container port when none is named; only global unicast pod IPs. */
async function podTarget(scope: RequestScope): Promise<Target> {
  const id = split(scope, 'pod');
  const pod = await scope.store.get(scope.namespace, id.name, { match: 'latest' });
  const firstPort = asRecords(asRecord(pod.spec)?.containers).flatMap((container) => asRecords(container.ports))[0]?.containerPort;
  const port = id.port || (typeof firstPort === 'number' ? String(firstPort) : '');
  const ip = asText(asRecords(asRecord(pod.status)?.podIPs)[0]?.ip);
  if (!isGlobalUnicast(ip)) throw badRequest('address not allowed');
  return withDefaultPort(id.scheme, ip, port);
}

/** Node ResourceLocation: the kubelet, or another port of the node's address; never a loopback or link-local one. */
async function nodeTarget(scope: RequestScope): Promise<Target> {
  const id = split(scope, 'node');
  const kubelet = await kubeletOf(scope, id.name);
  if (!isProxyableIP(kubelet.host)) throw badRequest('address not allowed');
  if (id.port === '' || id.port === kubelet.port) return kubelet;
  return withDefaultPort(id.scheme, kubelet.host, id.port);
}

/**
 * Service ResourceLocation: a numeric port names the service port first; then an address of the
 * Endpoints whose port has that name and which is really a pod of the namespace with that IP.
 */
async function serviceTarget(scope: RequestScope): Promise<Target> {
  const id = split(scope, 'service');
  let portName = id.port;
  if (/^[+-]?\d+$/.test(id.port)) {
    const service = await scope.store.get(scope.namespace, id.name, { match: 'latest' });
    const match = asRecords(asRecord(service.spec)?.ports).find((port) => port.port === Number(id.port));
    if (!match) throw serviceUnavailable(`no service port ${Number(id.port)} found for service ${goQuote(id.name)}`);
    portName = asText(match.name);
  }
  const endpoints = await storeFor(scope.cluster, findResource('', 'v1', 'endpoints')!).getIfExists(scope.namespace, id.name);
  if (!endpoints) throw notFound(requestResource(scope), id.name);
  const subsets = asRecords(endpoints.subsets);
  if (subsets.length === 0) throw serviceUnavailable(`no endpoints available for service ${goQuote(id.name)}`);
  for (const subset of subsets) {
    for (const port of asRecords(subset.ports).filter((candidate) => asText(candidate.name) === portName)) {
      for (const address of asRecords(subset.addresses)) {
        if (await isPodAddress(scope, address)) return withDefaultPort(id.scheme, asText(address.ip), String(port.port));
      }
    }
  }
  throw serviceUnavailable(`no endpoints available for service ${goQuote(scope.info.name)}`);
}

/** isValidAddress: the address names a pod of the request's namespace that has this IP. */
async function isPodAddress(scope: RequestScope, address: Record<string, unknown>): Promise<boolean> {
  const reference = asRecord(address.targetRef);
  if (!reference || asText(reference.namespace) !== scope.namespace) return false;
  const pod = await storeFor(scope.cluster, findResource('', 'v1', 'pods')!).getIfExists(scope.namespace, asText(reference.name));
  return !!pod && asRecords(asRecord(pod.status)?.podIPs).some((podIP) => asText(podIP.ip) === asText(address.ip));
}
