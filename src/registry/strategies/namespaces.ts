/**
 * Namespaces (pkg/registry/core/namespace/strategy.go): created Active with the `kubernetes`
 * finalizer and the `kubernetes.io/metadata.name` label; an update cannot change finalizers or
 * status (those go through /finalize and /status).
 */
import type { KubeObject } from '../../apimachinery/object.js';
import { DefaultStrategy } from './default.js';

export const kubernetesFinalizer = 'kubernetes';
export const metadataNameLabel = 'kubernetes.io/metadata.name';

interface NamespaceSpec {
  finalizers?: string[];
}

export class NamespaceStrategy extends DefaultStrategy {
  /** SetDefaults_NamespaceStatus: phase Active when unset, on every decode (kube's audit logs the decoded namespace with it). */
  override applyDefaults(object: KubeObject): void {
    super.applyDefaults(object);
    const status = (object.status ?? {}) as { phase?: string };
    if (!status.phase) object.status = { ...status, phase: 'Active' };
  }

  override prepareForCreate(object: KubeObject): void {
    super.prepareForCreate(object);
    const spec = (object.spec ?? {}) as NamespaceSpec;
    const finalizers = spec.finalizers ?? [];
    if (!finalizers.includes(kubernetesFinalizer)) finalizers.push(kubernetesFinalizer);
    // Go's field order: spec, then status (the generic preparation may have set status first).
    delete object.status;
    object.spec = { ...spec, finalizers };
    object.status = { phase: 'Active' };
    labelWithName(object);
  }

  override prepareForUpdate(object: KubeObject, old: KubeObject): void {
    super.prepareForUpdate(object, old);
    const oldSpec = (old.spec ?? {}) as NamespaceSpec;
    object.spec = { ...((object.spec ?? {}) as object), finalizers: oldSpec.finalizers ?? [] };
    if (!oldSpec.finalizers) delete (object.spec as NamespaceSpec).finalizers;
    object.status = old.status;
    labelWithName(object);
  }

  /** ShouldDeleteNamespaceDuringUpdate: only once spec.finalizers are done too. */
  override shouldDeleteDuringUpdate(object: KubeObject, old: KubeObject): boolean {
    return !(object.spec as NamespaceSpec | undefined)?.finalizers?.length && super.shouldDeleteDuringUpdate(object, old);
  }
}

/**
 * The /finalize subresource (namespaceFinalizeStrategy): an update of spec.finalizers (and
 * metadata); status stays. The namespace deleter removes `kubernetes` through it, which deletes
 * a terminating namespace with nothing else to wait for.
 */
export class NamespaceFinalizeStrategy extends NamespaceStrategy {
  /** FinalizeREST passes forceAllowCreate=false: a subresource never creates. */
  override readonly applyCreates = false;

  override prepareForUpdate(object: KubeObject, old: KubeObject): void {
    object.status = old.status;
    labelWithName(object);
  }
}

/** SetDefaults_Namespace / Canonicalize: the name label always mirrors the name. */
function labelWithName(object: KubeObject): void {
  const name = object.metadata.name;
  if (!name) return;
  object.metadata.labels = { ...object.metadata.labels, [metadataNameLabel]: name };
}
