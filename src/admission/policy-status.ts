/**
 * The status kube's ValidatingAdmissionPolicy type-checking controller keeps: for every policy
 * whose generation it has not seen, `status.observedGeneration` and `status.typeChecking` (the
 * warnings of its expressions checked against the schemas of the kinds it matches,
 * src/admission-policy/type-checking.ts). Run after a policy is written through this isolate, on
 * the policies configuration.ts caches; a lost race is left to the next run.
 */
import { findResource } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';
import { typeCheckPolicy } from '../admission-policy/index.js';

/** Writes the type-checking status of every policy of `policies` whose generation changed since it was checked; whether it wrote any. */
export async function syncPolicyStatus(cluster: ClusterContext, policies: KubeObject[]): Promise<boolean> {
  const stale = policies.filter((policy) => observedGeneration(policy) !== policy.metadata.generation);
  if (!stale.length) return false;
  const store = storeFor(cluster, findResource('admissionregistration.k8s.io', 'v1', 'validatingadmissionpolicies')!, 'status');
  await Promise.all(stale.map((policy) => writeStatus(store, policy)));
  return true;
}

function observedGeneration(policy: KubeObject): unknown {
  return (policy as { status?: { observedGeneration?: number } }).status?.observedGeneration;
}

async function writeStatus(store: ReturnType<typeof storeFor>, policy: KubeObject): Promise<void> {
  const warnings = typeCheckPolicy(policy);
  try {
    await store.updateStored('', policy.metadata.name!, (current) => {
      if (current.metadata.generation !== policy.metadata.generation) return current;
      const typeChecking = warnings.length ? { expressionWarnings: warnings } : {};
      const status = { ...((current as { status?: object }).status ?? {}), observedGeneration: policy.metadata.generation, typeChecking };
      return { ...current, status } as KubeObject;
    }, { dryRun: false, now: new Date() });
  } catch {
    // Deleted or changed meanwhile: the next sync sees the current state.
  }
}
