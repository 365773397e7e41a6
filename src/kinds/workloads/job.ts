/**
 * batch/v1 Job: SetDefaults_Job (pkg/apis/batch/v1/defaults.go), ValidateJob / ValidateJobUpdate
 * (pkg/apis/batch/validation/validation.go) and pkg/registry/batch/job/strategy.go, kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1123Label } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asList, asNumber, asOptionalTextMap, asRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { validateTemplateSelection } from './apps-validation.js';
import { generateJobSelector, validateGeneratedSelector } from './job-selector.js';
import { jobSpecOrder, validateJobSpecFields } from './job-spec.js';
import { validateJobSpecUpdate } from './job-update.js';
import { labelSelectorConvertible, validateLabelSelector } from '../shared/label-selector.js';
import { defaultPodTemplate, templateLabels } from './pod-template.js';
import { keepStatus, resetStatus, specForWrite, specOf } from '../shared/strategy.js';

/** SetDefaults_Job plus the template's pod defaults. */
export function defaultJob(object: KubeObject): void {
  const spec = specForWrite(object);
  if (spec.completions == null && spec.parallelism == null) spec.completions = 1;
  setDefault(spec, 'parallelism', 1);
  // With a per-index backoff limit the global one defaults to math.MaxInt32 (it then never triggers).
  setDefault(spec, 'backoffLimit', asNumber(spec.backoffLimitPerIndex) === undefined ? 6 : 2147483647);
  copyTemplateLabels(object);
  setDefault(spec, 'completionMode', 'NonIndexed');
  setDefault(spec, 'suspend', false);
  defaultOnPodConditions(spec);
  setDefault(spec, 'podReplacementPolicy', asRecord(spec.podFailurePolicy) ? 'Failed' : 'TerminatingOrFailed');
  setDefault(spec, 'manualSelector', false);
  defaultPodTemplate(spec);
  orderKeys(spec, jobSpecOrder);
}

/** `if labels != nil && len(obj.Labels) == 0 { obj.Labels = labels }`: a Job takes its template's labels. */
function copyTemplateLabels(object: KubeObject): void {
  const labels = templateLabels(specOf(object).template);
  if (labels !== undefined && Object.keys(object.metadata.labels ?? {}).length === 0) object.metadata.labels = { ...labels };
}

/** SetDefaults_PodFailurePolicyOnPodConditionsPattern: an empty status means True. */
function defaultOnPodConditions(spec: JsonRecord): void {
  for (const rule of asList(asRecord(spec.podFailurePolicy)?.rules)) {
    for (const pattern of asList(asRecord(rule)?.onPodConditions)) {
      const value = asRecord(pattern);
      if (value && !value.status) value.status = 'True';
    }
  }
}

/**
 * PrepareForCreate: the generated selector and labels (from the uid, which our pipeline assigns
 * before this runs), an empty status. kube then decodes the stored object with defaulting, so
 * a Job without labels takes its template's labels including the generated ones; done here too.
 */
function prepareJobCreate(object: KubeObject): void {
  const spec = specForWrite(object);
  if (spec.manualSelector !== true) generateJobSelector(object);
  orderKeys(spec, jobSpecOrder);
  copyTemplateLabels(object);
  resetStatus(object);
}

/** ValidateJobSpec: validateJobSpec plus the selector, which must select the template's labels. */
export function validateJobSpec(spec: JsonRecord, path: string): FieldError[] {
  const errors = validateJobSpecFields(spec, path);
  if (asRecord(spec.selector) === undefined) errors.push(fieldError.required(`${path}.selector`));
  else errors.push(...validateLabelSelector(spec.selector, `${path}.selector`));
  // Unlike the apps kinds there is no Empty() shortcut; an empty selector matches everything anyway.
  if (labelSelectorConvertible(spec.selector)) errors.push(...validateTemplateSelection(spec.template, spec.selector, `${path}.template`));
  return errors;
}

/** ValidateJob (ObjectMeta excluded): generated selector, spec, and Indexed pod hostnames. */
export function validateJob(object: KubeObject, requirePrefixedLabels = true): FieldError[] {
  const spec = specOf(object);
  const errors = [...validateGeneratedSelector(object, requirePrefixedLabels), ...validateJobSpec(spec, 'spec')];
  const completions = asNumber(spec.completions);
  if (spec.completionMode === 'Indexed' && completions !== undefined && completions > 0) {
    const name = object.metadata.name ?? '';
    const hostname = `${name}-${completions - 1}`;
    if (isDNS1123Label(hostname).length > 0) {
      errors.push(fieldError.invalid('metadata.name', name, `will not able to create pod with invalid DNS label: ${hostname}`));
    }
  }
  return errors;
}

/** The strategy's ValidateUpdate: ValidateJob, then ValidateJobUpdate (which validates the spec again). */
function validateJobUpdate(object: KubeObject, old: KubeObject): FieldError[] {
  const oldLabels = asOptionalTextMap(asRecord(asRecord(specOf(old).template)?.metadata)?.labels) ?? {};
  const requirePrefixedLabels = 'batch.kubernetes.io/job-name' in oldLabels && 'batch.kubernetes.io/controller-uid' in oldLabels;
  return [...validateJob(object, requirePrefixedLabels), ...validateJobSpec(specOf(object), 'spec'), ...validateJobSpecUpdate(object, old)];
}

export const jobSemantics: KindSemantics = {
  default: defaultJob,
  prepareForCreate: prepareJobCreate,
  prepareForUpdate: keepStatus,
  validate: (object) => validateJob(object),
  validateUpdate: validateJobUpdate,
};
