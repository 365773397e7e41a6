/**
 * Rules the apps kinds share, after pkg/apis/apps/validation/validation.go (v1.32): the
 * selector of a Deployment or ReplicaSet, ValidatePodTemplateSpecForReplicaSet, and the
 * apps/v1 selector immutability their strategies add (pkg/registry/apps/<kind>/strategy.go).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asNumber, asRecord, asText, type JsonRecord } from '../json-values.js';
import { goLabelSelector, goStringMap } from '../shared/go-literals.js';
import { labelSelectorConvertible, labelSelectorIsEmpty, labelSelectorMatches, validateLabelSelector } from '../shared/label-selector.js';
import { templateLabels, templatePodSpec, validatePodTemplate } from './pod-template.js';
import { validateImmutable } from '../shared/strategy.js';

/**
 * The selector block of ValidateDeploymentSpec / ValidateReplicaSetSpec / ValidateStatefulSetSpec:
 * required, strictly valid, and not empty (`emptyMessage`: kube's ReplicaSet also says "empty
 * selector is invalid for deployment").
 */
export function validateRequiredSelector(selector: unknown, path: string, emptyMessage: string): FieldError[] {
  if (asRecord(selector) === undefined) return [fieldError.required(path)];
  const errors = validateLabelSelector(selector, path);
  if (labelSelectorIsEmpty(selector)) errors.push(fieldError.invalid(path, goLabelSelector(selector), emptyMessage));
  return errors;
}

/**
 * LabelSelectorAsSelector, then ValidatePodTemplateSpecForReplicaSet. Quirk: when the selector
 * does not convert, kube reports "invalid label selector" and never looks at the template.
 */
export function validateSelectedTemplate(spec: JsonRecord, path: string, workloadWord: string): FieldError[] {
  if (!labelSelectorConvertible(spec.selector)) {
    return [fieldError.invalid(`${path}.selector`, goLabelSelector(spec.selector), 'invalid label selector')];
  }
  return validateReplicaSetTemplate(spec.template, spec.selector, `${path}.template`, workloadWord);
}

/** ValidatePodTemplateSpecForReplicaSet: selector matches labels, a valid pod, restartPolicy Always. */
export function validateReplicaSetTemplate(template: unknown, selector: unknown, path: string, workloadWord: string): FieldError[] {
  const errors = validateTemplateSelection(template, selector, path);
  errors.push(...validatePodTemplate(template, path));
  errors.push(...validateAlwaysRestart(template, path, workloadWord));
  return errors;
}

/** A non-empty selector must select the template's labels (golden 078's message). */
export function validateTemplateSelection(template: unknown, selector: unknown, path: string): FieldError[] {
  const labels = templateLabels(template);
  if (labelSelectorIsEmpty(selector) || labelSelectorMatches(selector, labels)) return [];
  return [fieldError.invalid(`${path}.metadata.labels`, goStringMap(labels), '`selector` does not match template `labels`')];
}

/**
 * Pods of long-running workloads restart Always and have no activeDeadlineSeconds. Quirk: the
 * Forbidden text names the function's kind (Deployments share the ReplicaSet one).
 */
export function validateAlwaysRestart(template: unknown, path: string, workloadWord: string): FieldError[] {
  const podSpec = templatePodSpec(template);
  const errors: FieldError[] = [];
  const restartPolicy = asText(podSpec.restartPolicy);
  if (restartPolicy !== 'Always') errors.push(fieldError.notSupported(`${path}.spec.restartPolicy`, restartPolicy, ['Always']));
  if (asNumber(podSpec.activeDeadlineSeconds) !== undefined) {
    errors.push(fieldError.forbidden(`${path}.spec.activeDeadlineSeconds`, `activeDeadlineSeconds in ${workloadWord} is not Supported`));
  }
  return errors;
}

/**
 * The apps/v1 strategies' ValidateUpdate: "disallow mutation of selector" (only extensions/v1beta1
 * and apps/v1beta1 allowed it, and they are not served).
 */
export function validateSelectorImmutable(next: JsonRecord, old: JsonRecord): FieldError[] {
  return validateImmutable(next.selector, old.selector, 'spec.selector', goLabelSelector(next.selector));
}
