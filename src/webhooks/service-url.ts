/**
 * Where this server reaches a Service a webhook or an APIService names (kube resolves it to the
 * Service's cluster IP; the aggregator's and the conversion webhooks' ServiceResolver): an
 * ExternalName service at its external name, any other at its cluster IP, always over https.
 * A Worker reaches a cluster IP only where the network routes it; ExternalName services are the
 * portable way to point at a webhook outside the cluster.
 */
import { findResource } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';

/** The base URL the service answers at on `port`, or an error text (no cluster IP). */
export function serviceBaseUrl(service: KubeObject, port: number): string | { error: string } {
  const spec = (service.spec ?? {}) as { type?: string; externalName?: string; clusterIP?: string };
  if (spec.type === 'ExternalName') return `https://${spec.externalName ?? ''}:${port}`;
  const ip = spec.clusterIP ?? '';
  if (ip === '' || ip === 'None') return { error: `cannot route to service with ClusterIP ${ip === '' ? '""' : 'None'}` };
  return `https://${ip.includes(':') ? `[${ip}]` : ip}:${port}`;
}

export interface ServiceReference {
  namespace: string;
  name: string;
  port: number;
  path?: string;
}

/** The URL kube dials for a service reference (and names in its errors): `https://name.namespace.svc:port/path`. */
export function serviceDnsUrl(reference: { namespace: string; name: string; port?: number; path?: string }): string {
  return `https://${reference.name}.${reference.namespace}.svc:${reference.port ?? 443}${reference.path ?? ''}`;
}

/** Resolves a webhook's service reference to the base URL to call, or kube's error text. */
export type ServiceResolver = (reference: ServiceReference) => Promise<string | { error: string }>;

/** The base URL of a webhook's service reference, or kube's error text when it cannot be resolved. */
export async function resolveServiceUrl(cluster: ClusterContext, reference: ServiceReference): Promise<string | { error: string }> {
  const service = await storeFor(cluster, findResource('', 'v1', 'services')!).getIfExists(reference.namespace, reference.name);
  if (!service) return { error: `service "${reference.name}" not found` };
  const base = serviceBaseUrl(service, reference.port);
  return typeof base === 'string' ? `${base}${reference.path ?? ''}` : base;
}
