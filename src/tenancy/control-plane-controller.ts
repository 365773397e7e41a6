/**
 * The ControlPlane controller: one task per ControlPlane write, run by the default plane's
 * controller partitions.
 *   - Provisioning: the `tenancy-system` namespace, the tenant's credentials Secret (made once
 *     per incarnation; its kubeconfig follows spec.server), then status `Ready`. Nothing is
 *     written in the tenant: its storage shards are born with its system namespaces and bootstrap
 *     RBAC policy (registry/bootstrap-seeds.ts) when first reached.
 *   - Deletion: status `Deleting`; once every isolate stopped serving the tenant (their tenant
 *     directories trust a lookup for a second), its credentials Secret goes, every Durable Object
 *     of its incarnation is erased (tenant-eraser.ts), and the erase finalizer is removed.
 */
import { findResource } from '../api/catalog.js';
import { tenantClusterName } from '../cluster/names.js';
import type { ClusterContext, ClusterDirectory } from '../cluster/context.js';
import { copyConditions, setCondition, type Condition, type WantedCondition } from '../apimachinery/conditions.js';
import type { ApiClient } from '../controllers/api-client.js';
import type { ObjectRef } from '../durable/partition/graph.js';
import { asRecord, asText } from '../kinds/json-values.js';
import type { KubeObject } from '../apimachinery/object.js';
import { controlPlaneType, eraseFinalizer } from './control-plane-type.js';
import { directoryFreshMillis } from './tenant-directory.js';
import { eraseCluster } from './tenant-eraser.js';
import {
  credentialsSecret, credentialsSecretName, kubeconfigText, makeTenantSecrets, secretsOf, tenancyNamespace, tenantIssuer, withKubeconfig,
} from './tenant-credentials.js';

const manager = 'tenancy-controller';
/** deletionTimestamp has second precision; other machines' clocks may differ by up to this. */
const quietMarginMillis = 2_000;

type Status = { phase?: string; server?: string; issuer?: string; kubeconfigSecretRef?: unknown; conditions: Condition[] };

/** One pass over ControlPlane `ref` of the default plane `home`; null when done, else when to look again. */
export async function reconcileControlPlane(api: ApiClient, home: ClusterContext, clusters: ClusterDirectory, ref: ObjectRef, now: () => Date): Promise<number | null> {
  const controlPlane = await api.get(await controlPlaneType(), '', ref.name);
  if (!controlPlane || controlPlane.metadata.uid !== ref.uid) return null;
  if (controlPlane.metadata.deletionTimestamp) return erase(api, clusters, controlPlane, now);
  await provision(api, home, controlPlane, now);
  return null;
}

async function provision(api: ApiClient, home: ClusterContext, controlPlane: KubeObject, now: () => Date): Promise<void> {
  const name = controlPlane.metadata.name ?? '';
  const server = serverOf(controlPlane, home);
  const namespaces = findResource('', 'v1', 'namespaces')!;
  if (!(await api.get(namespaces, '', tenancyNamespace))) await api.create(namespaces, '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: tenancyNamespace } }, manager);
  await ensureCredentials(api, controlPlane, kubeconfigText.bind(null, name, server), home.settings.kubeconfigInsecure);
  await writeStatus(api, controlPlane, now(), {
    phase: 'Ready', server, issuer: tenantIssuer(home.credentials.issuer, name),
    kubeconfigSecretRef: { namespace: tenancyNamespace, name: credentialsSecretName(name) },
  }, { type: 'Ready', status: 'True', reason: 'Provisioned', message: `serving at ${server}; admin kubeconfig in Secret ${tenancyNamespace}/${credentialsSecretName(name)}` });
}

/** The credentials Secret of this incarnation: made if missing (or another incarnation's), its kubeconfig kept current. */
async function ensureCredentials(api: ApiClient, controlPlane: KubeObject, kubeconfig: (token: string, insecure: boolean) => string, insecure: boolean): Promise<void> {
  const secretsType = findResource('', 'v1', 'secrets')!;
  const secretName = credentialsSecretName(controlPlane.metadata.name ?? '');
  const existing = await api.get(secretsType, tenancyNamespace, secretName);
  const current = secretsOf(existing, controlPlane.metadata.uid ?? '');
  if (current && existing) {
    const wanted = kubeconfig(current.token, insecure);
    if (current.kubeconfig !== wanted) {
      await api.update(secretsType, tenancyNamespace, secretName, existing.metadata.uid ?? '', (secret) => Object.assign(secret, withKubeconfig(secret, wanted)) !== null, '', manager);
    }
    return;
  }
  if (existing) await api.delete(secretsType, tenancyNamespace, secretName, existing.metadata.uid ?? '', {});
  const secrets = await makeTenantSecrets();
  const created = await api.create(secretsType, tenancyNamespace, credentialsSecret(controlPlane, secrets, kubeconfig(secrets.token, insecure)), manager);
  if (!created) throw new Error(`Secret ${tenancyNamespace}/${secretName} was created meanwhile; provisioning again`);
}

/** spec.server, else the tenant's host under TENANT_DOMAIN, else its path on the issuer's host. */
function serverOf(controlPlane: KubeObject, home: ClusterContext): string {
  const name = controlPlane.metadata.name ?? '';
  const explicit = asText(asRecord(controlPlane.spec)?.server);
  if (explicit) return explicit;
  const domain = home.settings.tenantDomain;
  return domain ? `https://${name}.${domain}` : `${new URL(home.credentials.issuer).origin}/clusters/${name}`;
}

async function erase(api: ApiClient, clusters: ClusterDirectory, controlPlane: KubeObject, now: () => Date): Promise<number | null> {
  if (!controlPlane.metadata.finalizers?.includes(eraseFinalizer)) return null;
  await writeStatus(api, controlPlane, now(), { phase: 'Deleting' }, { type: 'Ready', status: 'False', reason: 'Deleting', message: 'the control plane and all its objects are being erased' });
  const quietAfter = Date.parse(controlPlane.metadata.deletionTimestamp!) + directoryFreshMillis + quietMarginMillis;
  if (now().getTime() < quietAfter) return quietAfter;
  const name = controlPlane.metadata.name ?? '';
  const uid = controlPlane.metadata.uid ?? '';
  const secretsType = findResource('', 'v1', 'secrets')!;
  const secret = await api.get(secretsType, tenancyNamespace, credentialsSecretName(name));
  if (secretsOf(secret, uid)) await api.delete(secretsType, tenancyNamespace, credentialsSecretName(name), secret!.metadata.uid ?? '', {});
  const newest = await eraseCluster(clusters.of(tenantClusterName(name, uid)));
  // A tenant made again under this name starts its resourceVersions from the clock: past the old ones.
  await waitPast(Math.floor(newest / 1000) + 1);
  await api.update(await controlPlaneType(), '', name, uid, (object) => {
    object.metadata.finalizers = (object.metadata.finalizers ?? []).filter((finalizer) => finalizer !== eraseFinalizer);
    if (!object.metadata.finalizers.length) delete object.metadata.finalizers;
    return true;
  }, '', manager);
  return null;
}

/** Sets status fields and a condition through /status (no write when nothing changes). */
async function writeStatus(api: ApiClient, controlPlane: KubeObject, at: Date, fields: Omit<Status, 'conditions'>, condition: WantedCondition): Promise<void> {
  await api.update(await controlPlaneType(), '', controlPlane.metadata.name ?? '', controlPlane.metadata.uid ?? '', (object) => {
    const current = (object.status ?? {}) as Status;
    const conditions = copyConditions(current.conditions);
    let changed = setCondition(conditions, condition, at);
    const next: Status = { ...current, ...fields, conditions };
    changed ||= JSON.stringify({ ...current, conditions: undefined }) !== JSON.stringify({ ...next, conditions: undefined });
    const { phase, server, issuer, kubeconfigSecretRef } = next;
    object.status = { phase, server, issuer, kubeconfigSecretRef, conditions };
    return changed;
  }, 'status', manager);
}

async function waitPast(millis: number): Promise<void> {
  const wait = millis - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 5_000)));
}
