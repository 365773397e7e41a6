/**
 * ValidatePodUpdate (pkg/apis/core/validation, kube v1.32): a pod's spec is immutable except
 * container images, activeDeadlineSeconds (only lowered), tolerations (only added), scheduling
 * gates (only removed), nodeSelector additions while gated, and terminationGracePeriodSeconds from
 * negative to 1. Anything else is one Forbidden error carrying a go-cmp diff (golden 070).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { sameJson } from '../json-equality.js';
import { asRecord, asRecords, asText, asTextMap, cloneJson, type JsonRecord } from '../json-values.js';
import { nilValue } from './go-values.js';
import { inclusiveRangeError } from '../../apimachinery/validation/names.js';
import { podSpecDiff } from './pod-spec-diff.js';
import { validateTolerations } from './scheduling-validation.js';

/** updatablePodSpecFieldsNoResources: in-place resize is an alpha feature (off) in v1.32, so resources are not listed. */
const updatableFields = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

const maxInt32 = 2147483647;

/** The update-only rules of ValidatePodUpdate, after validatePodMetadataAndSpec has run on the new pod. */
export function validatePodSpecUpdate(spec: JsonRecord, oldSpec: JsonRecord): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of ['containers', 'initContainers']) {
    const result = validateContainerUpdates(spec[key], oldSpec[key], `spec.${key}`);
    errors.push(...result.errors);
    if (result.stop) return errors;
  }
  const deadline = validateDeadlineUpdate(spec.activeDeadlineSeconds, oldSpec.activeDeadlineSeconds);
  if (deadline.stop) return [...errors, ...deadline.errors];
  errors.push(...deadline.errors);
  errors.push(...validateOnlyAddedTolerations(spec.tolerations, oldSpec.tolerations));
  errors.push(...validateOnlyDeletedSchedulingGates(spec.schedulingGates, oldSpec.schedulingGates));
  if (sameSemantics(spec, oldSpec)) return errors;
  const munged = mungeUpdatableFields(spec, oldSpec, errors);
  if (!sameSemantics(munged, oldSpec)) {
    const detail = `pod updates may not change fields other than ${updatableFields.join(',')}\n${podSpecDiff(oldSpec, munged)}`;
    errors.push(fieldError.forbidden('spec', detail));
  }
  return errors;
}

/** ValidateContainerUpdates: same number of containers (else stop), each with an image. */
function validateContainerUpdates(containers: unknown, oldContainers: unknown, path: string): { errors: FieldError[]; stop: boolean } {
  const list = asRecords(containers);
  if (list.length !== asRecords(oldContainers).length) {
    return { errors: [fieldError.forbidden(path, 'pod updates may not add or remove containers')], stop: true };
  }
  const errors = list.flatMap((container, index) => {
    const image = asText(container.image);
    const imageErrors = image ? [] : [fieldError.required(`${path}[${index}].image`)];
    if (image.trim() !== image) imageErrors.push(fieldError.invalid(`${path}[${index}].image`, image, 'must not have leading or trailing whitespace'));
    return imageErrors;
  });
  return { errors, stop: false };
}

/** activeDeadlineSeconds may be set from nil or lowered, never raised or removed. */
function validateDeadlineUpdate(deadline: unknown, oldDeadline: unknown): { errors: FieldError[]; stop: boolean } {
  const path = 'spec.activeDeadlineSeconds';
  if (typeof deadline === 'number') {
    if (deadline < 0 || deadline > maxInt32) return { errors: [fieldError.invalid(path, deadline, inclusiveRangeError(0, maxInt32))], stop: true };
    if (typeof oldDeadline === 'number' && oldDeadline < deadline) {
      return { errors: [fieldError.invalid(path, deadline, 'must be less than or equal to previous value')], stop: true };
    }
    return { errors: [], stop: false };
  }
  if (typeof oldDeadline === 'number') return { errors: [fieldError.invalid(path, nilValue, 'must not update from a positive integer to nil value')], stop: false };
  return { errors: [], stop: false };
}

/** validateOnlyAddedTolerations: every old toleration is still there (only tolerationSeconds may change). */
function validateOnlyAddedTolerations(tolerations: unknown, oldTolerations: unknown): FieldError[] {
  const list = asRecords(tolerations);
  for (const old of asRecords(oldTolerations)) {
    const kept = list.some((toleration) => sameJson({ ...old, tolerationSeconds: toleration.tolerationSeconds }, toleration));
    if (!kept) return [fieldError.forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return validateTolerations(tolerations, 'spec.tolerations');
}

/** validateOnlyDeletedSchedulingGates: no gate may be added. */
function validateOnlyDeletedSchedulingGates(gates: unknown, oldGates: unknown): FieldError[] {
  const old = new Set(asRecords(oldGates).map((gate) => asText(gate.name)));
  return asRecords(gates).flatMap((gate, index) => {
    const name = asText(gate.name);
    if (old.has(name)) return [];
    return [fieldError.forbidden(`spec.schedulingGates[${index}].name`, `only deletion is allowed, but found new scheduling gate '${name}'`)];
  });
}

/** The new spec with every field an update may change copied from the old one. */
function mungeUpdatableFields(spec: JsonRecord, oldSpec: JsonRecord, errors: FieldError[]): JsonRecord {
  const munged = cloneJson(spec);
  for (const key of ['containers', 'initContainers']) {
    const oldContainers = asRecords(oldSpec[key]);
    asRecords(munged[key]).forEach((container, index) => (container.image = oldContainers[index]?.image));
  }
  for (const key of ['activeDeadlineSeconds', 'schedulingGates', 'tolerations']) copyField(munged, oldSpec, key);
  const oldGrace = oldSpec.terminationGracePeriodSeconds;
  if (typeof oldGrace === 'number' && oldGrace < 0 && munged.terminationGracePeriodSeconds === 1) munged.terminationGracePeriodSeconds = oldGrace;
  if (asRecords(oldSpec.schedulingGates).length > 0) mungeGatedScheduling(munged, oldSpec, errors);
  return munged;
}

/** A gated pod may add nodeSelector entries (no mutations or deletions); node affinity is taken as is. */
function mungeGatedScheduling(munged: JsonRecord, oldSpec: JsonRecord, errors: FieldError[]): void {
  const selector = asTextMap(munged.nodeSelector);
  const oldSelector = asTextMap(oldSpec.nodeSelector);
  if (Object.entries(oldSelector).some(([key, value]) => selector[key] !== value)) {
    errors.push(fieldError.invalid('spec.nodeSelector', selector, 'only additions to spec.nodeSelector are allowed (no mutations or deletions)'));
  }
  copyField(munged, oldSpec, 'nodeSelector');
  const affinity = asRecord(munged.affinity);
  if (affinity) {
    affinity.nodeAffinity = asRecord(oldSpec.affinity)?.nodeAffinity;
    if (Object.values(affinity).every((value) => value === undefined) && oldSpec.affinity === undefined) delete munged.affinity;
  }
}

function copyField(target: JsonRecord, source: JsonRecord, key: string): void {
  if (source[key] === undefined) delete target[key];
  else target[key] = cloneJson(source[key]);
}

/** apiequality.Semantic.DeepEqual on the JSON form: empty and absent lists are equal. */
function sameSemantics(a: JsonRecord, b: JsonRecord): boolean {
  return sameJson(dropEmptyLists(a), dropEmptyLists(b));
}

function dropEmptyLists(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropEmptyLists);
  const record = asRecord(value);
  if (!record) return value;
  const result: JsonRecord = {};
  for (const [key, item] of Object.entries(record)) {
    if (!(Array.isArray(item) && item.length === 0)) result[key] = dropEmptyLists(item);
  }
  return result;
}

/** ValidatePodSpecificAnnotationUpdates: the mirror-pod and AppArmor beta annotations cannot change. */
export function validatePodAnnotationUpdates(annotations: unknown, oldAnnotations: unknown): FieldError[] {
  const next = asTextMap(annotations);
  const old = asTextMap(oldAnnotations);
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(old)) {
    if (key in next && next[key] === value) continue;
    if (key.startsWith(appArmorPrefix)) errors.push(fieldError.forbidden(`metadata.annotations[${key}]`, 'may not remove or update AppArmor annotations'));
    if (key === mirrorAnnotation) errors.push(fieldError.forbidden(`metadata.annotations[${key}]`, 'may not remove or update mirror pod annotation'));
  }
  for (const key of Object.keys(next)) {
    if (key in old) continue;
    if (key.startsWith(appArmorPrefix)) errors.push(fieldError.forbidden(`metadata.annotations[${key}]`, 'may not add AppArmor annotations'));
    if (key === mirrorAnnotation) errors.push(fieldError.forbidden(`metadata.annotations[${key}]`, 'may not add mirror pod annotation'));
  }
  return errors;
}

export const mirrorAnnotation = 'kubernetes.io/config.mirror';
const appArmorPrefix = 'container.apparmor.security.beta.kubernetes.io/';
