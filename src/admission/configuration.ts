/**
 * The dynamic admission configuration: ValidatingAdmissionPolicies (compiled once per
 * resourceVersion), their bindings, and the mutating and validating webhook configurations, read
 * through a CollectionCache (kube's admission plugins read informers: eventually consistent there
 * too; a write through this isolate is seen by its next request).
 */
import { findResource, type ResourceType } from '../api/catalog.js';
import type { Env } from '../env.js';
import { CollectionCache } from '../registry/collection-cache.js';
import type { KubeObject } from '../registry/object.js';
import { compilePolicy, type CompiledPolicy } from './policy/index.js';

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

/** Compiled policies by uid and resourceVersion, kept across rebuilds of the cache. */
let compiled = new Map<string, CompiledPolicy>();

function compiledPolicies(policies: KubeObject[]): CompiledPolicy[] {
  const next = new Map<string, CompiledPolicy>();
  const list = policies.map((policy) => {
    const key = `${policy.metadata.uid}/${policy.metadata.resourceVersion}`;
    const value = compiled.get(key) ?? compilePolicy(policy);
    next.set(key, value);
    return value;
  });
  compiled = next;
  return list;
}

const cache = new CollectionCache<AdmissionConfiguration>(admissionTypes, ([policies = [], bindings = [], mutating = [], validating = []]) => ({
  policies: compiledPolicies(policies),
  policyObjects: policies,
  bindings,
  mutatingWebhooks: mutating,
  validatingWebhooks: validating,
  empty: !(bindings.length && policies.length) && !mutating.length && !validating.length,
}));

/** The current admission configuration. */
export function admissionConfiguration(env: Env): Promise<AdmissionConfiguration> {
  return cache.current(env);
}

/** An admission configuration object was written through this isolate. */
export function forgetAdmissionConfiguration(): void {
  cache.forget();
}
