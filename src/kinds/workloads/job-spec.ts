/**
 * batch JobSpec validation shared by Job and CronJob's jobTemplate: the lowercase validateJobSpec
 * of pkg/apis/batch/validation/validation.go (v1.32), without the selector rules.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import { asNumber, asOptionalText, asRecord, asText, type JsonRecord } from '../json-values.js';
import { isDomainPrefixedPath } from '../shared/formats.js';
import { goSuccessPolicy, validatePodFailurePolicy, validatePodReplacementPolicy, validateSuccessPolicy } from './job-policies.js';
import { templatePodSpec, validatePodTemplate } from './pod-template.js';

const maxParallelismForIndexedJob = 100_000;
const maxFailedIndexesForIndexedJob = 100_000;
const completionsSoftLimit = 100_000;
const parallelismLimitForHighCompletions = 10_000;
const maxFailedIndexesLimitForHighCompletions = 10_000;

/** The JobSpec's Go field order. */
export const jobSpecOrder = [
  'parallelism', 'completions', 'activeDeadlineSeconds', 'podFailurePolicy', 'successPolicy', 'backoffLimit', 'backoffLimitPerIndex',
  'maxFailedIndexes', 'selector', 'manualSelector', 'template', 'ttlSecondsAfterFinished', 'completionMode', 'suspend',
  'podReplacementPolicy', 'managedBy',
];

/** validateJobSpec: counts, completion mode, policies, the pod template and its restart policy. */
export function validateJobSpecFields(spec: JsonRecord, path: string): FieldError[] {
  const errors = ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished', 'backoffLimitPerIndex']
    .flatMap((key) => validateNonNegativeField(asNumber(spec[key]), `${path}.${key}`));
  const maxFailedIndexes = asNumber(spec.maxFailedIndexes);
  if (maxFailedIndexes !== undefined) {
    errors.push(...validateNonNegativeField(maxFailedIndexes, `${path}.maxFailedIndexes`));
    if (asNumber(spec.backoffLimitPerIndex) === undefined) errors.push(fieldError.required(`${path}.backoffLimitPerIndex`, 'when maxFailedIndexes is specified'));
  }
  const managedBy = asOptionalText(spec.managedBy);
  if (managedBy !== undefined) {
    errors.push(...isDomainPrefixedPath(`${path}.managedBy`, managedBy));
    if (managedBy.length > 63) errors.push(fieldError.tooLong(`${path}.managedBy`, 63));
  }
  errors.push(...validateCompletionMode(spec, path));
  if (asRecord(spec.podFailurePolicy)) errors.push(...validatePodFailurePolicy(spec, `${path}.podFailurePolicy`));
  const successPolicy = asRecord(spec.successPolicy);
  if (successPolicy) {
    if (spec.completionMode !== 'Indexed') errors.push(fieldError.invalid(`${path}.successPolicy`, goSuccessPolicy(successPolicy), 'requires indexed completion mode'));
    else errors.push(...validateSuccessPolicy(spec, `${path}.successPolicy`));
  }
  errors.push(...validatePodReplacementPolicy(spec, `${path}.podReplacementPolicy`));
  errors.push(...validatePodTemplate(spec.template, `${path}.template`));
  errors.push(...validateJobRestartPolicy(spec, `${path}.template.spec.restartPolicy`));
  return errors;
}

/** The completionMode block: a known mode, Indexed limits, per-index fields only when Indexed. */
function validateCompletionMode(spec: JsonRecord, path: string): FieldError[] {
  const mode = asOptionalText(spec.completionMode);
  const errors: FieldError[] = [];
  if (mode !== undefined && mode !== 'NonIndexed' && mode !== 'Indexed') {
    errors.push(fieldError.notSupported(`${path}.completionMode`, mode, ['NonIndexed', 'Indexed']));
  }
  if (mode === 'Indexed') errors.push(...validateIndexedLimits(spec, path));
  if (mode === undefined || mode === 'NonIndexed') {
    for (const key of ['backoffLimitPerIndex', 'maxFailedIndexes']) {
      const value = asNumber(spec[key]);
      if (value !== undefined) errors.push(fieldError.invalid(`${path}.${key}`, value, 'requires indexed completion mode'));
    }
  }
  return errors;
}

function validateIndexedLimits(spec: JsonRecord, path: string): FieldError[] {
  const completions = asNumber(spec.completions);
  const parallelism = asNumber(spec.parallelism);
  const maxFailedIndexes = asNumber(spec.maxFailedIndexes);
  const errors: FieldError[] = [];
  if (completions === undefined) errors.push(fieldError.required(`${path}.completions`, 'when completion mode is Indexed'));
  if (parallelism !== undefined && parallelism > maxParallelismForIndexedJob) {
    errors.push(fieldError.invalid(`${path}.parallelism`, parallelism, `must be less than or equal to ${maxParallelismForIndexedJob} when completion mode is Indexed`));
  }
  if (completions !== undefined && maxFailedIndexes !== undefined && maxFailedIndexes > completions) {
    errors.push(fieldError.invalid(`${path}.maxFailedIndexes`, maxFailedIndexes, 'must be less than or equal to completions'));
  }
  if (maxFailedIndexes !== undefined && maxFailedIndexes > maxFailedIndexesForIndexedJob) {
    errors.push(fieldError.invalid(`${path}.maxFailedIndexes`, maxFailedIndexes, `must be less than or equal to ${maxFailedIndexesForIndexedJob}`));
  }
  if (completions !== undefined && completions > completionsSoftLimit && asNumber(spec.backoffLimitPerIndex) !== undefined) {
    errors.push(...validateHighCompletions(parallelism, maxFailedIndexes, path));
  }
  return errors;
}

function validateHighCompletions(parallelism: number | undefined, maxFailedIndexes: number | undefined, path: string): FieldError[] {
  const suffix = `when completions are above ${completionsSoftLimit} and used with backoff limit per index`;
  const errors: FieldError[] = [];
  if (maxFailedIndexes === undefined) errors.push(fieldError.required(`${path}.maxFailedIndexes`, `must be specified when completions is above ${completionsSoftLimit}`));
  if (parallelism !== undefined && parallelism > parallelismLimitForHighCompletions) {
    errors.push(fieldError.invalid(`${path}.parallelism`, parallelism, `must be less than or equal to ${parallelismLimitForHighCompletions} ${suffix}`));
  }
  if (maxFailedIndexes !== undefined && maxFailedIndexes > maxFailedIndexesLimitForHighCompletions) {
    errors.push(fieldError.invalid(`${path}.maxFailedIndexes`, maxFailedIndexes, `must be less than or equal to ${maxFailedIndexesLimitForHighCompletions} ${suffix}`));
  }
  return errors;
}

/**
 * A Job's pods restart OnFailure or Never. Always (the pod default) or empty is "Required";
 * a podFailurePolicy needs Never.
 */
function validateJobRestartPolicy(spec: JsonRecord, path: string): FieldError[] {
  const restartPolicy = asText(templatePodSpec(spec.template).restartPolicy);
  if (restartPolicy === 'Always' || restartPolicy === '') return [fieldError.required(path, 'valid values: "OnFailure", "Never"')];
  if (restartPolicy !== 'OnFailure' && restartPolicy !== 'Never') return [fieldError.notSupported(path, restartPolicy, ['OnFailure', 'Never'])];
  if (asRecord(spec.podFailurePolicy) && restartPolicy !== 'Never') {
    return [fieldError.invalid(path, restartPolicy, 'only "Never" is supported when podFailurePolicy is specified')];
  }
  return [];
}
