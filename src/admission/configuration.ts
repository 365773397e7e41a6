/**
 * The dynamic admission configuration: ValidatingAdmissionPolicies (compiled once per
 * resourceVersion), their bindings, and the mutating and validating webhook configurations, read
 * through a CollectionCache (kube's admission plugins read informers: eventually consistent there
 * too; a write through this isolate is seen by its next request).
 */
import { findResource, type ResourceType } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { CollectionCache, collectionCacheSlot } from '../registry/collection-cache.js';
import { syncPolicyStatus } from './policy-status.js';
import type { KubeObject } from '../apimachinery/object.js';
import { compilePolicy, type CompiledPolicy } from '../admission-policy/index.js';

const group = 'admissionregistration.k8s.io';
const resources = ['validatingadmissionpolicies', 'validatingadmissionpolicybindings', 'mutatingwebhookconfigurations', 'validatingwebhookconfigurations'];

export interface AdmissionConfiguration {
  policies: CompiledPolicy[];
  /** The policies as stored (their status is kept by policy-status.ts). */
  policyObjects: KubeObject[];
  bindings: KubeObject[];
  mutatingWebhooks: KubeObject[];
  validatingWebhooks: KubeObject[];
  /** Nothing to run: writes skip dynamic admission entirely. */
  empty: boolean;
}

function admissionTypes(): ResourceType[] {
  return resources.map((resource) => findResource(group, 'v1', resource)!);
}

/** Compiles each policy once per uid and resourceVersion, keeping the compiled ones across rebuilds. */
function policyCompiler(): (policies: KubeObject[]) => CompiledPolicy[] {
  let compiled = new Map<string, CompiledPolicy>();
  return (policies) => {
    const next = new Map<string, CompiledPolicy>();
    const list = policies.map((policy) => {
      const key = `${policy.metadata.uid}/${policy.metadata.resourceVersion}`;
      const value = compiled.get(key) ?? compilePolicy(policy);
      next.set(key, value);
      return value;
    });
    compiled = next;
    return list;
  };
}

/** Per cluster; a ValidatingAdmissionPolicy written through this isolate also gets its status checked. */
const configurationCache = collectionCacheSlot(() => {
  const compile = policyCompiler();
  return new CollectionCache<AdmissionConfiguration>(admissionTypes, ([policies = [], bindings = [], mutating = [], validating = []]) => ({
    policies: compile(policies),
    policyObjects: policies,
    bindings,
    mutatingWebhooks: mutating,
    validatingWebhooks: validating,
    empty: !(bindings.length && policies.length) && !mutating.length && !validating.length,
  }), {
    afterWrite: async (cluster, type) => {
      if (type.resource !== 'validatingadmissionpolicies') return;
      if (await syncPolicyStatus(cluster, (await admissionConfiguration(cluster)).policyObjects)) forgetAdmissionConfiguration(cluster);
    },
  });
});

/** The current admission configuration of `cluster`. */
export function admissionConfiguration(cluster: ClusterContext): Promise<AdmissionConfiguration> {
  return configurationCache.of(cluster).current(cluster);
}

/** The configuration changed behind the cache's back (policy status): the next use reads it. */
export function forgetAdmissionConfiguration(cluster: ClusterContext): void {
  configurationCache.of(cluster).forget();
}
