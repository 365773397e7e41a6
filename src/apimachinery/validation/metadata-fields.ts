/**
 * Validators of single ObjectMeta fields, after k8s.io/apimachinery/pkg/api/validation/objectmeta.go
 * and pkg/apis/meta/v1/validation/validation.go (v1.32). Each takes the field path so that
 * embedded metadata (a pod template's labels) reports its own path. Map fields are walked in
 * JSON order; kube walks Go maps in random order, so only the set of errors is comparable.
 */
import { fieldError, type FieldError } from '../field-errors.js';
import { goStringSlice } from '../go-format.js';
import { byteLength, isQualifiedName, isValidLabelValue } from './names.js';

/** apimachinery TotalAnnotationSizeLimitB: keys plus values, in bytes. */
export const totalAnnotationSizeLimit = 256 * 1024;
export const fieldManagerMaxLength = 128;
export const maxSubresourceNameLength = 256;
export const fieldImmutableMessage = 'field is immutable';


/** v1validation.ValidateLabels: keys are qualified names, values label values; errors name the map. */
export function validateLabels(labels: Record<string, string> | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(labels ?? {})) {
    for (const message of isQualifiedName(key)) errors.push(fieldError.invalid(path, key, message));
    for (const message of isValidLabelValue(value)) errors.push(fieldError.invalid(path, value, message));
  }
  return errors;
}

/** ValidateAnnotations: keys are qualified names ignoring case; all keys and values fit in 256 KiB. */
export function validateAnnotations(annotations: Record<string, string> | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  let totalSize = 0;
  for (const [key, value] of Object.entries(annotations ?? {})) {
    for (const message of isQualifiedName(key.toLowerCase())) errors.push(fieldError.invalid(path, key, message));
    totalSize += byteLength(key) + byteLength(value);
  }
  if (totalSize > totalAnnotationSizeLimit) errors.push(fieldError.tooLong(path, totalAnnotationSizeLimit));
  return errors;
}

/** ValidateFinalizers: each a qualified name (errors on the list's path), orphan and foreground exclusive. */
export function validateFinalizers(finalizers: readonly string[] | undefined, path: string): FieldError[] {
  const list = finalizers ?? [];
  const errors: FieldError[] = [];
  for (const finalizer of list) {
    for (const message of isQualifiedName(finalizer)) errors.push(fieldError.invalid(path, finalizer, message));
  }
  if (list.includes('orphan') && list.includes('foregroundDeletion')) {
    errors.push(fieldError.invalid(path, [...list], 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  return errors;
}

const standardFinalizerNames = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

/** core validateKubeFinalizerName: a finalizer without '/' must be one of kube's own. Indexed paths. */
export function validateStandardFinalizers(finalizers: readonly string[] | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  (finalizers ?? []).forEach((finalizer, index) => {
    if (!finalizer.includes('/') && !standardFinalizerNames.has(finalizer)) {
      const detail = 'name is neither a standard finalizer name nor is it fully qualified';
      errors.push(fieldError.invalid(`${path}[${index}]`, finalizer, detail));
    }
  });
  return errors;
}

/** ValidateNoNewFinalizers: while deleting, the update may only drop finalizers. Kube lists them sorted. */
export function validateNoNewFinalizers(next: readonly string[] | undefined, old: readonly string[] | undefined, path: string): FieldError[] {
  const kept = new Set(old ?? []);
  const added = [...new Set(next ?? [])].filter((finalizer) => !kept.has(finalizer)).sort();
  if (added.length === 0) return [];
  const detail = `no new finalizers can be added if the object is being deleted, found new finalizers ${goStringSlice(added)}`;
  return [fieldError.forbidden(path, detail)];
}

/** ValidateFieldManager: at most 128 bytes, every character printable (Go's unicode.IsPrint). */
export function validateFieldManager(manager: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (byteLength(manager) > fieldManagerMaxLength) errors.push(fieldError.tooLong(path, fieldManagerMaxLength));
  let position = 0;
  for (const character of manager) {
    if (!isGoPrintable(character)) {
      const detail = `invalid character ${goUnicodeFormat(character)} (at position ${position})`;
      errors.push(fieldError.invalid(path, manager, detail));
    }
    position += byteLength(character);
  }
  return errors;
}

const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

function isGoPrintable(character: string): boolean {
  return printable.test(character);
}

/** Go's %#U for a rune that is not printable: U+0007. */
function goUnicodeFormat(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** metav1.OwnerReference as JSON. */
export interface OwnerReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  uid?: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** ValidateOwnerReferences. Kube reports each reference's fields on the unindexed list path. */
export function validateOwnerReferences(references: readonly OwnerReference[] | undefined, path: string): FieldError[] {
  const list = references ?? [];
  const errors: FieldError[] = [];
  let firstController = '';
  for (const reference of list) {
    errors.push(...validateOwnerReference(reference, path));
    if (reference.controller !== true) continue;
    const controller = `${reference.kind ?? ''}/${reference.name ?? ''}`;
    if (firstController === '') firstController = controller;
    else {
      const detail = `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${controller}`;
      errors.push(fieldError.invalid(path, [...list], detail));
    }
  }
  return errors;
}

function validateOwnerReference(reference: OwnerReference, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const { group, version } = parseGroupVersion(reference.apiVersion ?? '');
  const kind = reference.kind ?? '';
  if (version === '') errors.push(fieldError.invalid(`${path}.apiVersion`, reference.apiVersion ?? '', 'version must not be empty'));
  if (kind === '') errors.push(fieldError.invalid(`${path}.kind`, kind, 'must not be empty'));
  if (!reference.name) errors.push(fieldError.invalid(`${path}.name`, reference.name ?? '', 'must not be empty'));
  if (!reference.uid) errors.push(fieldError.invalid(`${path}.uid`, reference.uid ?? '', 'must not be empty'));
  // BannedOwners holds only core v1 Event; kube prints the GroupVersionKind as "/v1, Kind=Event".
  if (group === '' && version === 'v1' && kind === 'Event') {
    errors.push(fieldError.invalid(path, reference, `${group}/${version}, Kind=${kind} is disallowed from being an owner`));
  }
  return errors;
}

/** schema.ParseGroupVersion as FromAPIVersionAndKind uses it: more than one '/' yields an empty version. */
function parseGroupVersion(apiVersion: string): { group: string; version: string } {
  const slashes = apiVersion.split('/').length - 1;
  if (apiVersion === '' || apiVersion === '/' || slashes > 1) return { group: '', version: '' };
  if (slashes === 0) return { group: '', version: apiVersion };
  const [group, version] = apiVersion.split('/') as [string, string];
  return { group, version };
}

/** metav1.ManagedFieldsEntry as JSON (fieldsV1 and time are not validated). */
export interface ManagedFieldsEntry {
  manager?: string;
  operation?: string;
  apiVersion?: string;
  fieldsType?: string;
  subresource?: string;
}

/** v1validation.ValidateManagedFields: per entry, on indexed paths. */
export function validateManagedFields(entries: readonly ManagedFieldsEntry[] | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  (entries ?? []).forEach((entry, index) => {
    const entryPath = `${path}[${index}]`;
    const operation = entry.operation ?? '';
    if (operation !== 'Apply' && operation !== 'Update') {
      errors.push(fieldError.invalid(`${entryPath}.operation`, operation, 'must be `Apply` or `Update`'));
    }
    if (entry.fieldsType && entry.fieldsType !== 'FieldsV1') {
      errors.push(fieldError.invalid(`${entryPath}.fieldsType`, entry.fieldsType, 'must be `FieldsV1`'));
    }
    errors.push(...validateFieldManager(entry.manager ?? '', `${entryPath}.manager`));
    if (byteLength(entry.subresource ?? '') > maxSubresourceNameLength) {
      errors.push(fieldError.tooLong(`${entryPath}.subresource`, maxSubresourceNameLength));
    }
  });
  return errors;
}
