/**
 * The tenants a Worker isolate knows, kept in the default plane's context: for a name, the address
 * of its current incarnation (`NAME:UID` of its ControlPlane) and its credentials, read from the
 * default plane (the ControlPlane and its credentials Secret) and trusted for `freshMillis`, as
 * the other per-isolate caches are; a write of a ControlPlane through this isolate makes the next
 * lookup read again. A ControlPlane being deleted is no tenant any more: its credentials stop
 * working everywhere within `freshMillis`, which the eraser waits out before it erases anything.
 */
import { findResource, type ResourceType } from '../api/catalog.js';
import { tenantClusterName } from '../cluster/names.js';
import { ClusterState, type ClusterContext, type WriteListener } from '../cluster/context.js';
import type { CredentialTexts } from '../cluster/credentials.js';
import { storeFor } from '../registry/registry.js';
import { controlPlaneType, tenancyGroup } from './control-plane-type.js';
import { credentialsSecretName, credentialTexts, secretsOf, tenancyNamespace, tenantIssuer } from './tenant-credentials.js';

/** How long a lookup is trusted (the same second as the serving catalog and RBAC caches). */
export const directoryFreshMillis = 1_000;
/** Names remembered (found or not) before the least recently used are dropped. */
const maxEntries = 10_000;

/** A tenant as requests to it need it. */
export interface Tenant {
  name: string;
  /** The address of its current incarnation (cluster/names.ts). */
  cluster: string;
  credentials: CredentialTexts;
}

interface Entry {
  tenant: Tenant | null;
  checkedAt: number;
}

class TenantDirectory implements WriteListener {
  private readonly entries = new Map<string, Entry>();

  /** The live tenant called `name`, or null (none, or being deleted); `fresh` reads it now. */
  async lookup(home: ClusterContext, name: string, fresh: boolean): Promise<Tenant | null> {
    const known = this.entries.get(name);
    if (known) this.entries.delete(name);
    const entry = known && !fresh && Date.now() - known.checkedAt < directoryFreshMillis ? known : { tenant: await readTenant(home, name), checkedAt: Date.now() };
    this.entries.set(name, entry);
    if (this.entries.size > maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry.tenant;
  }

  covers(type: ResourceType): boolean {
    return type.group === tenancyGroup;
  }

  written(): void {
    this.entries.clear();
  }
}

const directories = new ClusterState((cluster) => {
  const directory = new TenantDirectory();
  cluster.listen(directory);
  return directory;
});

/** The live tenant `name` of the default plane `home`, or null; `fresh`: read now, whatever is cached. */
export function lookupTenant(home: ClusterContext, name: string, fresh = false): Promise<Tenant | null> {
  return directories.of(home).lookup(home, name, fresh);
}

async function readTenant(home: ClusterContext, name: string): Promise<Tenant | null> {
  const [controlPlane, secret] = await Promise.all([
    storeFor(home, await controlPlaneType()).getIfExists('', name),
    storeFor(home, findResource('', 'v1', 'secrets')!).getIfExists(tenancyNamespace, credentialsSecretName(name)),
  ]);
  if (!controlPlane || controlPlane.metadata.deletionTimestamp) return null;
  const uid = controlPlane.metadata.uid ?? '';
  const issuer = tenantIssuer(home.credentials.issuer, name);
  return { name, cluster: tenantClusterName(name, uid), credentials: credentialTexts(secretsOf(secret, uid), issuer) };
}
