/**
 * What a Job update may change: ValidateJobSpecUpdate, validateCompletions and
 * validatePodTemplateUpdate (pkg/apis/batch/validation/validation.go, v1.32; ElasticIndexedJob is GA).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { semanticEqual } from '../json-equality.js';
import { asNumber, asRecord, type JsonRecord } from '../json-values.js';
import { goLabelSelector } from '../shared/go-literals.js';
import { specOf, validateImmutable } from '../shared/strategy.js';

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
  const completions = asNumber(spec.completions);
  if (semanticEqual(spec.completions, oldSpec.completions) || completions === undefined) return [];
  if (completions === asNumber(spec.parallelism)) return [];
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
  const started = asRecord(old.status)?.startTime != null;
  if (!suspended || started) return oldTemplate;
  const template = asRecord(spec.template) ?? {};
  const clone = structuredClone(asRecord(oldTemplate) ?? {});
  const podSpec = asRecord(template.spec) ?? {};
  const clonePodSpec = (clone.spec = { ...asRecord(clone.spec) }) as JsonRecord;
  for (const key of ['nodeSelector', 'tolerations', 'schedulingGates']) clonePodSpec[key] = podSpec[key];
  clonePodSpec.affinity = { ...asRecord(clonePodSpec.affinity), nodeAffinity: asRecord(podSpec.affinity)?.nodeAffinity };
  const metadata = asRecord(template.metadata) ?? {};
  clone.metadata = { ...asRecord(clone.metadata), labels: metadata.labels, annotations: metadata.annotations };
  return clone;
}
