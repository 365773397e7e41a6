/**
 * A Job's generated selector: generateSelector (pkg/registry/batch/job/strategy.go) and
 * validateGeneratedSelector (pkg/apis/batch/validation/validation.go), kube v1.32. Pods carry
 * both the legacy and the batch.kubernetes.io labels; the selector uses only the prefixed uid.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asOptionalTextMap, asRecord, ensureRecord } from '../json-values.js';
import { goLabelSelector, goStringMap } from '../shared/go-literals.js';
import { labelSelectorConvertible, labelSelectorMatches } from '../shared/label-selector.js';
import { specForWrite, specOf } from '../shared/strategy.js';

export const legacyJobNameLabel = 'job-name';
export const jobNameLabel = 'batch.kubernetes.io/job-name';
export const legacyControllerUidLabel = 'controller-uid';
export const controllerUidLabel = 'batch.kubernetes.io/controller-uid';

/** A map with keys in Go's order, as Go marshals maps. */
function sortedMap(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(map).sort(compareGoStrings).map((key) => [key, map[key]!]));
}

/**
 * generateSelector: the template gets the four job labels it lacks (user values win, and are
 * rejected by validation if wrong), the selector gets controller-uid if it lacks it.
 */
export function generateJobSelector(object: KubeObject): void {
  const spec = specForWrite(object);
  const metadata = ensureRecord(ensureRecord(spec, 'template'), 'metadata');
  const labels = { ...asOptionalTextMap(metadata.labels) };
  const name = object.metadata.name ?? '';
  const uid = object.metadata.uid ?? '';
  for (const key of [legacyJobNameLabel, jobNameLabel]) labels[key] ??= name;
  for (const key of [legacyControllerUidLabel, controllerUidLabel]) labels[key] ??= uid;
  metadata.labels = sortedMap(labels);
  const selector = ensureRecord(spec, 'selector');
  const matchLabels = { ...asOptionalTextMap(selector.matchLabels) };
  matchLabels[controllerUidLabel] ??= uid;
  selector.matchLabels = sortedMap(matchLabels);
}

/** apivalidation.ValidateHasLabel on `spec.template.metadata`: the label exists with the value. */
function validateHasLabel(labels: Record<string, string> | undefined, key: string, expected: string): FieldError[] {
  const path = `spec.template.metadata.labels[${key}]`;
  if (labels === undefined || !Object.hasOwn(labels, key)) return [fieldError.required(path, expected)];
  if (labels[key] !== expected) return [fieldError.invalid(path, goStringMap(labels), `must be '${expected}'`)];
  return [];
}

/**
 * validateGeneratedSelector: without manualSelector, the template must carry the generated labels
 * and the selector must select them. The prefixed labels are required unless an update's old
 * template lacked them (requirePrefixedLabels false).
 */
export function validateGeneratedSelector(object: KubeObject, requirePrefixedLabels: boolean): FieldError[] {
  const spec = specOf(object);
  if (spec.manualSelector === true || asRecord(spec.selector) === undefined) return [];
  const uid = object.metadata.uid ?? '';
  const name = object.metadata.name ?? '';
  const errors = uid === '' ? [fieldError.required('metadata.uid')] : [];
  const labels = asOptionalTextMap(asRecord(asRecord(spec.template)?.metadata)?.labels);
  errors.push(...validateHasLabel(labels, legacyControllerUidLabel, uid), ...validateHasLabel(labels, legacyJobNameLabel, name));
  const expected: Record<string, string> = { [legacyControllerUidLabel]: uid, [legacyJobNameLabel]: name };
  if (requirePrefixedLabels) {
    errors.push(...validateHasLabel(labels, controllerUidLabel, uid), ...validateHasLabel(labels, jobNameLabel, name));
    Object.assign(expected, { [controllerUidLabel]: uid, [jobNameLabel]: name });
  }
  if (labelSelectorConvertible(spec.selector) && !labelSelectorMatches(spec.selector, expected)) {
    errors.push(fieldError.invalid('spec.selector', goLabelSelector(spec.selector), '`selector` not auto-generated'));
  }
  return errors;
}
