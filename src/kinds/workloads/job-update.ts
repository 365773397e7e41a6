/**
 * What a Job update may change: ValidateJobSpecUpdate, validateCompletions and
 * validatePodTemplateUpdate (pkg/apis/batch/validation/validation.go, v1.32; ElasticIndexedJob is GA).
 */
import { fieldError, type FieldError } from '../../core/field-errors.js';
import type { KubeObject } from '../../registry/object.js';
import { numberOf, record, semanticEqual, specOf, validateImmutable, type JsonRecord } from './fields.js';
import { goLabelSelector } from './go-literals.js';

/**
 * The immutability rules of ValidateJobSpecUpdate (its ValidateJobSpec call is the caller's).
 * Bad values of struct fields (template, podFailurePolicy, successPolicy) are shown as JSON here;
 * kube prints their internal Go structs with `%#v`.
 */
export function validateJobSpecUpdate(object: KubeObject, old: KubeObject): FieldError[] {
  const spec = specOf(object);
  const oldSpec = specOf(old);
  return [
    ...validateCompletions(spec, oldSpec),
    ...validateImmutable(spec.selector, oldSpec.selector, 'spec.selector', goLabelSelector(spec.selector)),
    ...validateImmutable(spec.template, comparableOldTemplate(spec, old), 'spec.template'),
    ...validateImmutable(spec.completionMode, oldSpec.completionMode, 'spec.completionMode'),
    ...validateImmutable(spec.podFailurePolicy, oldSpec.podFailurePolicy, 'spec.podFailurePolicy'),
    ...validateImmutable(spec.backoffLimitPerIndex, oldSpec.backoffLimitPerIndex, 'spec.backoffLimitPerIndex'),
    ...validateImmutable(spec.managedBy, oldSpec.managedBy, 'spec.managedBy'),
    ...validateImmutable(spec.successPolicy, oldSpec.successPolicy, 'spec.successPolicy'),
  ];
}

/** Completions are immutable, except for Indexed jobs scaled with parallelism equal to them. */
function validateCompletions(spec: JsonRecord, oldSpec: JsonRecord): FieldError[] {
  if (spec.completionMode !== 'Indexed') return validateImmutable(spec.completions, oldSpec.completions, 'spec.completions');
  const completions = numberOf(spec.completions);
  if (semanticEqual(spec.completions, oldSpec.completions) || completions === undefined) return [];
  if (completions === numberOf(spec.parallelism)) return [];
  return [fieldError.invalid('spec.completions', completions, 'can only be modified in tandem with spec.parallelism')];
}

/**
 * The old template to compare with: for a Job that is suspended and never started, kube lets the
 * scheduling directives (node affinity, node selector, tolerations, scheduling gates) and the
 * template's labels and annotations change, by copying them from the new template first.
 */
function comparableOldTemplate(spec: JsonRecord, old: KubeObject): unknown {
  const oldTemplate = specOf(old).template;
  const suspended = specOf(old).suspend === true;
  const started = record(old.status)?.startTime != null;
  if (!suspended || started) return oldTemplate;
  const template = record(spec.template) ?? {};
  const clone = structuredClone(record(oldTemplate) ?? {});
  const podSpec = record(template.spec) ?? {};
  const clonePodSpec = (clone.spec = { ...record(clone.spec) }) as JsonRecord;
  for (const key of ['nodeSelector', 'tolerations', 'schedulingGates']) clonePodSpec[key] = podSpec[key];
  clonePodSpec.affinity = { ...record(clonePodSpec.affinity), nodeAffinity: record(podSpec.affinity)?.nodeAffinity };
  const metadata = record(template.metadata) ?? {};
  clone.metadata = { ...record(clone.metadata), labels: metadata.labels, annotations: metadata.annotations };
  return clone;
}
