/**
 * ObjectMeta validation on create and update, after k8s.io/apimachinery/pkg/api/validation
 * (objectmeta.go ValidateObjectMetaAccessor / ValidateObjectMetaAccessorUpdate, generic.go) and
 * pkg/apis/core/validation (ValidateObjectMeta / ValidateObjectMetaUpdate add the standard
 * finalizer rule), kube v1.32. Input is decoded JSON whose field types are already checked
 * (see checkObjectMetaTypes). Paths are rooted at `metadata`.
 */
import { fieldError, type FieldError } from '../field-errors.js';
import { validateNonNegativeField } from './generic.js';
import {
  fieldImmutableMessage,
  validateAnnotations,
  validateFinalizers,
  validateLabels,
  validateManagedFields,
  validateNoNewFinalizers,
  validateOwnerReferences,
  validateStandardFinalizers,
} from './metadata-fields.js';
import {
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isValidPathSegmentName,
  isValidPathSegmentPrefix,
} from './names.js';

export { checkObjectMetaTypes } from './object-meta-types.js';

/**
 * The name rules kube's types pass to ValidateObjectMeta: NameIsDNSSubdomain, NameIsDNSLabel,
 * NameIsDNS1035Label, path.ValidatePathSegmentName (RBAC, and the generic check every create and
 * update also runs), or none at all (CertificateSigningRequest).
 */
export type NameValidation = 'subdomain' | 'label' | 'dns1035' | 'pathSegment' | 'none';

/** What ValidateObjectMeta needs to know about the kind. */
export interface ObjectMetaOptions {
  namespaced: boolean;
  nameValidation: NameValidation;
  /** pkg/apis/core/validation's extra rule: unqualified finalizers must be kube's own (default false). */
  standardFinalizers?: boolean;
}

/** The ValidateNameFunc of a kind: `prefix` is true for generateName, which gets a suffix appended. */
export function validateName(kind: NameValidation, name: string, prefix: boolean): string[] {
  switch (kind) {
    case 'subdomain':
      return isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
    case 'label':
      return isDNS1123Label(prefix ? maskTrailingDash(name) : name);
    case 'dns1035':
      return isDNS1035Label(prefix ? maskTrailingDash(name) : name);
    case 'pathSegment':
      return prefix ? isValidPathSegmentPrefix(name) : isValidPathSegmentName(name);
    case 'none':
      return [];
  }
}

/**
 * generic.go maskTrailingDash. Kube's `name[:len(name)-2] + "a"` drops the character before the
 * dash too (so "ab-" is checked as "aa"); for the one-character prefix "-" kube's slice panics,
 * which the apiserver answers with a 500. Here "-" is checked as "a".
 */
function maskTrailingDash(name: string): string {
  if (!name.endsWith('-')) return name;
  return `${name.slice(0, Math.max(0, name.length - 2))}a`;
}

// Decoded JSON metadata; field types were checked at decode time.
type Meta = any;

/** ValidateObjectMeta for a create (name generation already done): all errors, in kube's order. */
export function validateObjectMetaCreate(meta: Meta, options: ObjectMetaOptions): FieldError[] {
  const m = meta ?? {};
  return [
    ...validateNames(m, options.nameValidation),
    ...validateNamespace(m.namespace ?? '', options.namespaced),
    ...validateNonNegativeField(m.generation ?? 0, 'metadata.generation'),
    ...validateLabels(m.labels, 'metadata.labels'),
    ...validateAnnotations(m.annotations, 'metadata.annotations'),
    ...validateOwnerReferences(m.ownerReferences, 'metadata.ownerReferences'),
    ...validateFinalizers(m.finalizers, 'metadata.finalizers'),
    ...validateManagedFields(m.managedFields, 'metadata.managedFields'),
    ...(options.standardFinalizers ? validateStandardFinalizers(m.finalizers, 'metadata.finalizers') : []),
  ];
}

function validateNames(meta: Meta, nameValidation: NameValidation): FieldError[] {
  const errors: FieldError[] = [];
  const generateName: string = meta.generateName ?? '';
  const name: string = meta.name ?? '';
  if (generateName !== '') {
    for (const message of validateName(nameValidation, generateName, true)) {
      errors.push(fieldError.invalid('metadata.generateName', generateName, message));
    }
  }
  if (name === '') {
    errors.push(fieldError.required('metadata.name', 'name or generateName is required'));
    return errors;
  }
  for (const message of validateName(nameValidation, name, false)) {
    errors.push(fieldError.invalid('metadata.name', name, message));
  }
  return errors;
}

function validateNamespace(namespace: string, namespaced: boolean): FieldError[] {
  if (!namespaced) {
    return namespace === '' ? [] : [fieldError.forbidden('metadata.namespace', 'not allowed on this type')];
  }
  if (namespace === '') return [fieldError.required('metadata.namespace')];
  return isDNS1123Label(namespace).map((message) => fieldError.invalid('metadata.namespace', namespace, message));
}

/**
 * ValidateObjectMetaAccessorUpdate: the update-only rules (immutable identity, resourceVersion
 * required, generation not decremented, no new finalizers while deleting) plus labels,
 * annotations, ownerReferences and managedFields of the new metadata. Kube's store copies uid,
 * creationTimestamp and deletion fields from the old object before validating.
 */
export function validateObjectMetaAccessorUpdate(newMeta: Meta, oldMeta: Meta): FieldError[] {
  const next = newMeta ?? {};
  const old = oldMeta ?? {};
  const errors: FieldError[] = [];
  if (old.deletionTimestamp) {
    errors.push(...validateNoNewFinalizers(next.finalizers, old.finalizers, 'metadata.finalizers'));
  }
  if (!next.resourceVersion) {
    errors.push(fieldError.invalid('metadata.resourceVersion', next.resourceVersion ?? '', 'must be specified for an update'));
  }
  if ((next.generation ?? 0) < (old.generation ?? 0)) {
    errors.push(fieldError.invalid('metadata.generation', next.generation ?? 0, 'must not be decremented'));
  }
  errors.push(...validateImmutableMeta(next, old));
  errors.push(...validateLabels(next.labels, 'metadata.labels'));
  errors.push(...validateAnnotations(next.annotations, 'metadata.annotations'));
  errors.push(...validateOwnerReferences(next.ownerReferences, 'metadata.ownerReferences'));
  errors.push(...validateManagedFields(next.managedFields, 'metadata.managedFields'));
  return errors;
}

const immutableStrings = ['name', 'namespace', 'uid'] as const;
const immutableTimes = ['creationTimestamp', 'deletionTimestamp'] as const;

function validateImmutableMeta(next: Meta, old: Meta): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of immutableStrings) {
    if ((next[key] ?? '') !== (old[key] ?? '')) errors.push(immutable(key, next[key] ?? ''));
  }
  for (const key of immutableTimes) {
    if (!sameInstant(next[key], old[key])) errors.push(immutable(key, next[key] ?? null));
  }
  if ((next.deletionGracePeriodSeconds ?? null) !== (old.deletionGracePeriodSeconds ?? null)) {
    errors.push(immutable('deletionGracePeriodSeconds', next.deletionGracePeriodSeconds ?? null));
  }
  return errors;
}

function immutable(key: string, badValue: unknown): FieldError {
  return fieldError.invalid(`metadata.${key}`, badValue, fieldImmutableMessage);
}

/** metav1.Time compares as instants (Semantic.DeepEqual), not as strings. */
function sameInstant(a: unknown, b: unknown): boolean {
  if (!a || !b) return !a === !b;
  const left = Date.parse(String(a));
  const right = Date.parse(String(b));
  return Number.isNaN(left) || Number.isNaN(right) ? a === b : left === right;
}

/**
 * A typical type's ValidateXxxUpdate (ConfigMap, Secret, ...): core ValidateObjectMetaUpdate
 * (the update-only rules, then the standard finalizer rule) followed by the create checks on the
 * new metadata. Kube repeats some errors this way (a bad label twice); its message folds them.
 */
export function validateObjectMetaUpdate(newMeta: Meta, oldMeta: Meta, options: ObjectMetaOptions): FieldError[] {
  const standard = options.standardFinalizers ? validateStandardFinalizers(newMeta?.finalizers, 'metadata.finalizers') : [];
  return [...validateObjectMetaAccessorUpdate(newMeta, oldMeta), ...standard, ...validateObjectMetaCreate(newMeta, options)];
}
