/**
 * A cluster's address, the name every Durable Object of the cluster carries: `default` for the
 * default control plane, and `NAME:UID` for a tenant (the uid of the ControlPlane object that made
 * it). Each incarnation of a tenant name gets Durable Objects of its own, so a tenant deleted and
 * made again starts empty, and no per-isolate state of the old one (caches, clusters) is ever taken
 * for the new one. Tenant names are RFC 1123 labels, so neither part can hold the `/` Durable Object
 * names are split on (durable/addresses.ts).
 */
import { isDNS1123Label } from '../apimachinery/validation/names.js';

/** The cluster every request belongs to unless it names another: the default control plane. */
export const defaultClusterName = 'default';

/** Why `name` cannot name a tenant (an RFC 1123 label other than `default`); empty when it can. */
export function tenantNameProblems(name: string): string[] {
  if (name === defaultClusterName) return [`"${defaultClusterName}" is the name of the default control plane`];
  return isDNS1123Label(name);
}

/** The address of a tenant's incarnation: its name and the uid of the ControlPlane that made it. */
export function tenantClusterName(tenant: string, uid: string): string {
  if (tenantNameProblems(tenant).length || !/^[0-9a-f-]+$/.test(uid)) throw new Error(`not a tenant address: ${tenant}:${uid}`);
  return `${tenant}:${uid}`;
}

/**
 * A path under `/clusters/NAME/` (kcp's convention, server/cluster-routing.ts): the plane's name
 * (not checked) and the path it serves; null for any other path.
 */
export function clusterPathOf(pathname: string): { name: string; path: string } | null {
  const match = /^\/clusters\/([^/]+)(\/.*)?$/.exec(pathname);
  return match ? { name: match[1]!, path: match[2] ?? '/' } : null;
}

/** The tenant name of a cluster address; undefined for the default control plane. */
export function tenantOf(cluster: string): string | undefined {
  const colon = cluster.indexOf(':');
  return colon < 0 ? undefined : cluster.slice(0, colon);
}
