/**
 * Namespace and ServiceAccount (core/v1). The namespace strategy (src/registry/strategies/
 * namespaces.ts) handles finalizers, status and the name label (again, for generated names); this adds
 * the label's defaulting and ValidateNamespace's
 * spec.finalizers rule (kube v1.32), reported on the unindexed list path. A ServiceAccount has no
 * rule beyond its metadata (ValidateServiceAccount).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isQualifiedName } from '../../apimachinery/validation/names.js';
import { asRecord, asTexts } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import type { KubeObject } from '../../apimachinery/object.js';

const standardFinalizers = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

/** validateFinalizerName: a qualified name, and one of kube's own when it has no domain. */
export function validateFinalizerName(name: string, path: string): FieldError[] {
  const errors = isQualifiedName(name).map((message) => fieldError.invalid(path, name, message));
  if (!name.includes('/') && !standardFinalizers.has(name)) {
    errors.push(fieldError.invalid(path, name, 'name is neither a standard finalizer name nor is it fully qualified'));
  }
  return errors;
}

/**
 * SetDefaults_Namespace: a named namespace is labelled with its name at decoding, so the
 * request's field manager owns the label (golden 013).
 */
function defaultNamespace(object: KubeObject): void {
  const name = object.metadata.name;
  if (name) object.metadata.labels = { ...object.metadata.labels, 'kubernetes.io/metadata.name': name };
}

/** The Namespace kind's semantics. */
export const namespace: KindSemantics = {
  default: defaultNamespace,
  validate: (object) => asTexts(asRecord(object.spec)?.finalizers).flatMap((name) => validateFinalizerName(name, 'spec.finalizers')),
};

/** The ServiceAccount (nothing beyond ObjectMeta) kind's semantics. */
export const serviceAccount: KindSemantics = {};
