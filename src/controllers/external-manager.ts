/**
 * Whether a kube-controller-manager is at work on the cluster: it holds its leader lease
 * (kube-system/kube-controller-manager, renewed within its duration). With BUILTIN_CONTROLLERS
 * `auto` (the default), the server's own garbage collector, namespace deleter and grace expiry
 * stand down meanwhile: kube-controller-manager's collector and namespace controller, and the
 * kubelets or its pod garbage collector, do that work, and two collectors deleting the same
 * objects would make kube-controller-manager report the ones it found gone. A kube-controller-
 * manager run without leader election holds no lease, but its root CA publisher puts
 * `kube-root-ca.crt` (manager `kube-controller-manager`) into every namespace as it appears
 * (this server makes none): the namespace deleter leaves such a namespace to it for a while
 * (issue 34, item 13: emptying it in 150 ms under kcm made `kubectl delete -f` meet NotFound).
 */
import { findResource } from '../api/catalog.js';
import type { KubeObject } from '../apimachinery/object.js';
import { controllerManager, type ApiClient } from './api-client.js';

/** How long a partition trusts what it read of the lease. */
const cacheMillis = 2_000;

/** Whether `lease` is held at `now`: a holder, renewed (or acquired) less than its duration ago. */
export function leaseHeld(lease: KubeObject | null, now: Date): boolean {
  const spec = (lease?.spec ?? {}) as { holderIdentity?: string; renewTime?: string; acquireTime?: string; leaseDurationSeconds?: number };
  if (!spec.holderIdentity) return false;
  const renewed = Date.parse(spec.renewTime ?? spec.acquireTime ?? '');
  return Number.isFinite(renewed) && renewed + (spec.leaseDurationSeconds ?? 0) * 1000 > now.getTime();
}

/** How long after its deletion a namespace kube-controller-manager published into is left to it, before the built-in deleter takes over. */
export const namespaceHandOverMillis = 60_000;

/**
 * Whether the deletion of namespace `ref` is kube-controller-manager's: its root CA publisher
 * wrote the namespace's `kube-root-ca.crt` (so it ran, leader election or not, when the namespace
 * appeared), and the namespace was deleted less than namespaceHandOverMillis ago (a manager gone
 * since would leave it Terminating for ever).
 */
export async function managerDeletesNamespace(api: ApiClient, name: string, now: Date): Promise<boolean> {
  const namespace = await api.get(findResource('', 'v1', 'namespaces')!, '', name);
  const deleted = Date.parse(namespace?.metadata.deletionTimestamp ?? '');
  if (!Number.isFinite(deleted) || deleted + namespaceHandOverMillis <= now.getTime()) return false;
  const rootCA = await api.get(findResource('', 'v1', 'configmaps')!, name, 'kube-root-ca.crt');
  const entries = (rootCA?.metadata.managedFields ?? []) as { manager?: string }[];
  return entries.some((entry) => entry.manager === controllerManager);
}

/** The lease of kube-controller-manager, read at most every two seconds. */
export class ExternalManager {
  private checkedAt = -Infinity;
  private leading = false;

  /** Whether a kube-controller-manager leads now. */
  async leads(api: ApiClient, now = new Date()): Promise<boolean> {
    if (now.getTime() - this.checkedAt < cacheMillis) return this.leading;
    const leases = findResource('coordination.k8s.io', 'v1', 'leases')!;
    this.leading = leaseHeld(await api.get(leases, 'kube-system', 'kube-controller-manager'), now);
    this.checkedAt = now.getTime();
    return this.leading;
  }
}
