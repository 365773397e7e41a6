/**
 * ValidateValidatingAdmissionPolicyBinding (and ...Update, which is the same) of
 * pkg/apis/admissionregistration/validation/validation.go, kube v1.32, ObjectMeta excluded.
 * kube names the matchResources path `spec.matchResouces` (sic); so do we.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1123Subdomain, isValidPathSegmentName } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asRecord, asText, asTexts, isUnset, type JsonRecord } from '../json-values.js';
import { validateLabelSelector } from '../shared/label-selector.js';
import { validateMatchResources } from './match-resources.js';

const validValidationActions = ['Audit', 'Deny', 'Warn'];
const mutuallyExclusive = 'name and selector are mutually exclusive';

/** validateParamRef: a name or a selector (not both), and a known parameterNotFoundAction. */
function validateParamRef(paramRef: JsonRecord | undefined, path: string): FieldError[] {
  if (!paramRef) return [];
  const errors: FieldError[] = [];
  const name = asText(paramRef.name);
  const hasSelector = !isUnset(paramRef.selector);
  if (name !== '') {
    for (const message of isValidPathSegmentName(name)) errors.push(fieldError.invalid(`${path}.name`, name, message));
    if (hasSelector) errors.push(fieldError.forbidden(`${path}.name`, mutuallyExclusive));
  }
  if (hasSelector) {
    errors.push(...validateLabelSelector(paramRef.selector, `${path}.selector`));
    if (name !== '') errors.push(fieldError.forbidden(`${path}.selector`, mutuallyExclusive));
  }
  if (name === '' && !hasSelector) errors.push(fieldError.required(path, 'one of name or selector must be specified'));
  const action = asText(paramRef.parameterNotFoundAction);
  if (action === '') errors.push(fieldError.required(`${path}.parameterNotFoundAction`));
  else if (action !== 'Deny' && action !== 'Allow') {
    errors.push(fieldError.notSupported(`${path}.parameterNotFoundAction`, action, ['Deny', 'Allow']));
  }
  return errors;
}

/** validateValidationActions: at least one, each known and once, never Deny with Warn. */
function validateValidationActions(value: unknown, path: string): FieldError[] {
  const actions = asTexts(value);
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  actions.forEach((action, i) => {
    if (!validValidationActions.includes(action)) errors.push(fieldError.notSupported(`${path}[${i}]`, action, validValidationActions));
    if (seen.has(action)) errors.push(fieldError.duplicate(`${path}[${i}]`, action));
    seen.add(action);
  });
  if (seen.has('Deny') && seen.has('Warn')) {
    errors.push(fieldError.invalid(path, actions,
      'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)'));
  }
  if (seen.size === 0) errors.push(fieldError.required(path, 'at least one validation action is required'));
  return errors;
}

/** ValidateValidatingAdmissionPolicyBinding without ObjectMeta. */
export function validateValidatingAdmissionPolicyBinding(object: KubeObject): FieldError[] {
  const spec = asRecord(object.spec) ?? {};
  const errors: FieldError[] = [];
  const policyName = asText(spec.policyName);
  if (policyName === '') errors.push(fieldError.required('spec.policyName'));
  else for (const message of isDNS1123Subdomain(policyName)) errors.push(fieldError.invalid('spec.policyName', policyName, message));
  errors.push(...validateParamRef(asRecord(spec.paramRef), 'spec.paramRef'));
  errors.push(...validateMatchResources(spec.matchResources, 'spec.matchResouces'));
  errors.push(...validateValidationActions(spec.validationActions, 'spec.validationActions'));
  return errors;
}
