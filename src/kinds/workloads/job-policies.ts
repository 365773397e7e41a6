/**
 * A Job's podFailurePolicy, successPolicy and podReplacementPolicy, after
 * pkg/apis/batch/validation/validation.go (v1.32; JobBackoffLimitPerIndex, JobSuccessPolicy and
 * JobPodReplacementPolicy are on by default there).
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import { asList, asNumber, asOptionalText, asRecord, asRecords, asText, type JsonRecord } from '../json-values.js';
import { goQuotedList, validateQualifiedName } from '../shared/formats.js';
import { goPointerText } from '../shared/go-literals.js';
import { validateIndexesFormat } from './job-indexes.js';
import { invalidOmittingValue } from '../shared/strategy.js';

const actions = ['Count', 'FailIndex', 'FailJob', 'Ignore'];
const exitCodeOperators = ['In', 'NotIn'];
const conditionStatuses = ['False', 'True', 'Unknown'];

/** validatePodFailurePolicy: at most 20 rules, each valid against the template's containers. */
export function validatePodFailurePolicy(spec: JsonRecord, path: string): FieldError[] {
  const rules = asRecords(asRecord(spec.podFailurePolicy)?.rules);
  const errors = rules.length > 20 ? [fieldError.tooMany(`${path}.rules`, rules.length, 20)] : [];
  const podSpec = asRecord(asRecord(spec.template)?.spec) ?? {};
  const containerNames = new Set([...asRecords(podSpec.containers), ...asRecords(podSpec.initContainers)].map((container) => asText(container.name)));
  rules.forEach((rule, index) => errors.push(...validateRule(spec, rule, `${path}.rules[${index}]`, containerNames)));
  return errors;
}

function validateRule(spec: JsonRecord, rule: JsonRecord, path: string, containerNames: Set<string>): FieldError[] {
  const errors: FieldError[] = [];
  const action = asText(rule.action);
  if (action === '') errors.push(fieldError.required(`${path}.action`, `valid values: ${goQuotedList(actions)}`));
  else if (action === 'FailIndex') {
    if (asNumber(spec.backoffLimitPerIndex) === undefined) errors.push(fieldError.invalid(`${path}.action`, action, 'requires the backoffLimitPerIndex to be set'));
  } else if (!actions.includes(action)) errors.push(fieldError.notSupported(`${path}.action`, action, actions));
  const onExitCodes = asRecord(rule.onExitCodes);
  const onPodConditions = asRecords(rule.onPodConditions);
  if (onExitCodes) errors.push(...validateOnExitCodes(onExitCodes, `${path}.onExitCodes`, containerNames));
  if (onPodConditions.length > 0) errors.push(...validateOnPodConditions(onPodConditions, `${path}.onPodConditions`));
  if (onExitCodes && onPodConditions.length > 0) errors.push(invalidOmittingValue(path, 'specifying both OnExitCodes and OnPodConditions is not supported'));
  if (!onExitCodes && onPodConditions.length === 0) errors.push(invalidOmittingValue(path, 'specifying one of OnExitCodes and OnPodConditions is required'));
  return errors;
}

function validateOnPodConditions(patterns: JsonRecord[], path: string): FieldError[] {
  const errors = patterns.length > 20 ? [fieldError.tooMany(path, patterns.length, 20)] : [];
  patterns.forEach((pattern, index) => {
    errors.push(...validateQualifiedName(asText(pattern.type), `${path}[${index}].type`));
    const status = asText(pattern.status);
    if (status === '') errors.push(fieldError.required(`${path}[${index}].status`, `valid values: ${goQuotedList(conditionStatuses)}`));
    else if (!conditionStatuses.includes(status)) errors.push(fieldError.notSupported(`${path}[${index}].status`, status, conditionStatuses));
  });
  return errors;
}

function validateOnExitCodes(requirement: JsonRecord, path: string, containerNames: Set<string>): FieldError[] {
  const errors: FieldError[] = [];
  const operator = asText(requirement.operator);
  if (operator === '') errors.push(fieldError.required(`${path}.operator`, `valid values: ${goQuotedList(exitCodeOperators)}`));
  else if (!exitCodeOperators.includes(operator)) errors.push(fieldError.notSupported(`${path}.operator`, operator, exitCodeOperators));
  const containerName = asOptionalText(requirement.containerName);
  if (containerName !== undefined && !containerNames.has(containerName)) {
    errors.push(fieldError.invalid(`${path}.containerName`, containerName, 'must be one of the container or initContainer names in the pod template'));
  }
  errors.push(...validateExitCodeValues(requirement.values, operator, `${path}.values`));
  return errors;
}

/** `%#v` of a []int32. */
function goInt32Slice(value: unknown): GoLiteral {
  if (!Array.isArray(value)) return new GoLiteral('[]int32(nil)');
  return new GoLiteral(`[]int32{${value.map((item) => asNumber(item) ?? 0).join(', ')}}`);
}

function validateExitCodeValues(value: unknown, operator: string, path: string): FieldError[] {
  const values = asList(value).map((item) => asNumber(item) ?? 0);
  const errors: FieldError[] = [];
  if (values.length === 0) errors.push(fieldError.invalid(path, goInt32Slice(value), 'at least one value is required'));
  else if (values.length > 255) errors.push(fieldError.tooMany(path, values.length, 255));
  const seen = new Set<number>();
  values.forEach((code, index) => {
    if (operator === 'In' && code === 0) errors.push(fieldError.invalid(`${path}[${index}]`, code, 'must not be 0 for the In operator'));
    if (seen.has(code)) errors.push(fieldError.duplicate(`${path}[${index}]`, code));
    seen.add(code);
  });
  if (values.some((code, index) => index > 0 && values[index - 1]! > code)) errors.push(fieldError.invalid(path, goInt32Slice(value), 'must be ordered'));
  return errors;
}

/** validatePodReplacementPolicy: only Failed with a podFailurePolicy, else Failed or TerminatingOrFailed. */
export function validatePodReplacementPolicy(spec: JsonRecord, path: string): FieldError[] {
  const policy = asOptionalText(spec.podReplacementPolicy);
  if (policy === undefined) return [];
  const supported = asRecord(spec.podFailurePolicy) ? ['Failed'] : ['Failed', 'TerminatingOrFailed'];
  return supported.includes(policy) ? [] : [fieldError.notSupported(path, policy, supported)];
}

/** `%#v` of batch.SuccessPolicy (pointer fields print as addresses). */
export function goSuccessPolicy(policy: JsonRecord): GoLiteral {
  const rules = asRecords(policy.rules).map((rule) =>
    `batch.SuccessPolicyRule{SucceededIndexes:${goPointerText(rule.succeededIndexes, 'string')}, SucceededCount:${goPointerText(rule.succeededCount, 'int32')}}`);
  return new GoLiteral(`batch.SuccessPolicy{Rules:${Array.isArray(policy.rules) ? `[]batch.SuccessPolicyRule{${rules.join(', ')}}` : '[]batch.SuccessPolicyRule(nil)'}}`);
}

/** validateSuccessPolicy (for Indexed jobs): 1 to 20 rules, each with a count or indexes. */
export function validateSuccessPolicy(spec: JsonRecord, path: string): FieldError[] {
  const rules = asRecords(asRecord(spec.successPolicy)?.rules);
  const errors: FieldError[] = [];
  if (rules.length === 0) errors.push(fieldError.required(`${path}.rules`, 'at least one rules must be specified when the successPolicy is specified'));
  if (rules.length > 20) errors.push(fieldError.tooMany(`${path}.rules`, rules.length, 20));
  const completions = asNumber(spec.completions) ?? 0;
  rules.forEach((rule, index) => errors.push(...validateSuccessRule(rule, completions, `${path}.rules[${index}]`)));
  return errors;
}

function validateSuccessRule(rule: JsonRecord, completions: number, path: string): FieldError[] {
  const indexes = asOptionalText(rule.succeededIndexes);
  const count = asNumber(rule.succeededCount);
  const errors: FieldError[] = [];
  if (indexes === undefined && count === undefined) errors.push(fieldError.required(path, 'at least one of succeededCount or succeededIndexes must be specified'));
  let total = 0;
  if (indexes !== undefined) {
    if (indexes.length > 64 * 1024) errors.push(fieldError.tooLong(`${path}.succeededIndexes`, 64 * 1024));
    const parsed = validateIndexesFormat(indexes, completions);
    if (typeof parsed === 'string') errors.push(fieldError.invalid(`${path}.succeededIndexes`, indexes, `error parsing succeededIndexes: ${parsed}`));
    else total = parsed;
  }
  if (count !== undefined) {
    errors.push(...validateNonNegativeField(count, `${path}.succeededCount`));
    if (count > completions) errors.push(fieldError.invalid(`${path}.succeededCount`, count, `must be less than or equal to ${completions} (the number of specified completions)`));
    if (indexes !== undefined && count > total) {
      errors.push(fieldError.invalid(`${path}.succeededCount`, count, `must be less than or equal to ${total} (the number of indexes in the specified succeededIndexes field)`));
    }
  }
  return errors;
}
