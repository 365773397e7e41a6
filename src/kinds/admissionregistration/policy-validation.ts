/**
 * ValidateValidatingAdmissionPolicy / ...Update / ...StatusUpdate of
 * pkg/apis/admissionregistration/validation/validation.go (kube v1.32), ObjectMeta excluded (the
 * generic strategy checks it) and CEL excluded: the expressions' compilation errors come from
 * the optional `validatePolicyExpressions` hook (see options.ts).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1035Label, isDNS1123Subdomain } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { validateQualifiedName } from '../shared/formats.js';
import { asRecord, asRecords, asText, isUnset, type JsonRecord } from '../json-values.js';
import { validateMatchResources } from './match-resources.js';
import type { PolicyValidationHooks } from './options.js';

const supportedFailurePolicies = ['Fail', 'Ignore'];
const supportedValidationPolicyReasons = ['Forbidden', 'Invalid', 'RequestEntityTooLarge'];
const maxAuditAnnotations = 20;
const maxAuditAnnotationValueExpressionLength = 5 * 1024;
const celReserved = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function',
  'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']);

/** isCELIdentifier: `[_a-zA-Z][_a-zA-Z0-9]*` and not a CEL reserved word. */
const isCELIdentifier = (name: string) => /^[_a-zA-Z][_a-zA-Z0-9]*$/.test(name) && !celReserved.has(name);
const blank = (value: string) => value.trim() === '';

/** parseGroupVersion: "group/version", "version", or an error for more than one slash. */
function parseGroupVersion(text: string): { group: string; version: string } | string {
  if (text === '' || text === '/') return { group: '', version: '' };
  const parts = text.split('/');
  if (parts.length === 1) return { group: '', version: text };
  const [group = '', version = ''] = parts;
  if (parts.length === 2) return { group, version };
  return `unexpected GroupVersion string: ${text}`;
}

/** validateParamKind: apiVersion a group/version with a DNS subdomain group and DNS-1035 version; kind required. */
function validateParamKind(paramKind: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const apiVersion = asText(paramKind.apiVersion);
  const gv = parseGroupVersion(apiVersion);
  if (apiVersion === '') errors.push(fieldError.required(`${path}.apiVersion`));
  else if (typeof gv === 'string') errors.push(fieldError.invalid(`${path}.apiVersion`, apiVersion, gv));
  else {
    const groupErrors = gv.group ? isDNS1123Subdomain(gv.group) : [];
    if (groupErrors.length) errors.push(fieldError.invalid(`${path}.apiVersion`, gv.group, groupErrors.join(',')));
    if (gv.version === '') errors.push(fieldError.invalid(`${path}.apiVersion`, apiVersion, 'version must be specified'));
    else {
      const versionErrors = isDNS1035Label(gv.version);
      if (versionErrors.length) errors.push(fieldError.invalid(`${path}.apiVersion`, gv.version, versionErrors.join(',')));
    }
  }
  const kind = asText(paramKind.kind);
  const kindErrors = isDNS1035Label(kind.toLowerCase());
  if (kind === '') errors.push(fieldError.required(`${path}.kind`));
  else if (kindErrors.length) {
    errors.push(fieldError.invalid(`${path}.kind`, kind, `may have mixed case, but should otherwise match: ${kindErrors.join(',')}`));
  }
  return errors;
}

/** validateMatchConditions without CEL: at most 64, names required, qualified and unique, expressions required. */
function validateMatchConditions(value: unknown, path: string): FieldError[] {
  const conditions = asRecords(value);
  const errors: FieldError[] = [];
  if (conditions.length > 64) errors.push(fieldError.tooMany(path, conditions.length, 64));
  const names = new Set<string>();
  conditions.forEach((condition, i) => {
    const name = asText(condition.name);
    if (blank(asText(condition.expression))) errors.push(fieldError.required(`${path}[${i}].expression`));
    if (name === '') errors.push(fieldError.required(`${path}[${i}].name`));
    else errors.push(...validateQualifiedName(name, `${path}[${i}].name`));
    if (name !== '' && names.has(name)) errors.push(fieldError.duplicate(`${path}[${i}].name`, name));
    names.add(name);
  });
  return errors;
}

/** validateVariable without CEL: a CEL identifier name and an expression. */
function validateVariable(variable: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = asText(variable.name);
  if (blank(name)) errors.push(fieldError.required(`${path}.name`, 'name is not specified'));
  else if (!isCELIdentifier(name)) errors.push(fieldError.invalid(`${path}.name`, name, 'name is not a valid CEL identifier'));
  if (blank(asText(variable.expression))) errors.push(fieldError.required(`${path}.expression`, 'expression is not specified'));
  return errors;
}

/** validateValidation without CEL: expression required, message and messageExpression not blank, reason known. */
function validateValidation(validation: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const message = asText(validation.message);
  const messageExpression = asText(validation.messageExpression);
  if (blank(asText(validation.expression))) errors.push(fieldError.required(`${path}.expression`, 'expression is not specified'));
  if (messageExpression !== '' && blank(messageExpression)) {
    errors.push(fieldError.invalid(`${path}.messageExpression`, messageExpression, 'must be non-empty if specified'));
  }
  if (message !== '' && blank(message)) {
    errors.push(fieldError.invalid(`${path}.message`, message, 'message must be non-empty if specified'));
  } else if (/[\n\r]/.test(message.trim())) {
    errors.push(fieldError.invalid(`${path}.message`, message, 'message must not contain line breaks'));
  }
  if (!isUnset(validation.reason) && !supportedValidationPolicyReasons.includes(asText(validation.reason))) {
    errors.push(fieldError.notSupported(`${path}.reason`, validation.reason, supportedValidationPolicyReasons));
  }
  return errors;
}

/** validateAuditAnnotation without CEL: `<policy name>/<key>` a qualified name, a bounded valueExpression. */
function validateAuditAnnotation(policyName: string, annotation: JsonRecord, path: string): FieldError[] {
  const key = asText(annotation.key);
  const errors = policyName !== ''
    ? validateQualifiedName(`${policyName}/${key}`, `${path}.key`)
    : [fieldError.invalid(`${path}.key`, key, 'requires metadata.name be non-empty')];
  const valueExpression = asText(annotation.valueExpression).trim();
  if (valueExpression === '') errors.push(fieldError.required(`${path}.valueExpression`, 'valueExpression is not specified'));
  else if (new TextEncoder().encode(valueExpression).length > maxAuditAnnotationValueExpressionLength) {
    errors.push(fieldError.required(`${path}.valueExpression`, `must not exceed ${maxAuditAnnotationValueExpressionLength} bytes in length`));
  }
  return errors;
}

function validateAuditAnnotations(policyName: string, spec: JsonRecord): FieldError[] {
  const annotations = asRecords(spec.auditAnnotations);
  const errors: FieldError[] = [];
  if (annotations.length > maxAuditAnnotations) {
    errors.push(fieldError.invalid('spec.auditAnnotations', spec.auditAnnotations, `must not have more than ${maxAuditAnnotations} auditAnnotations`));
  }
  const keys = new Set<string>();
  annotations.forEach((annotation, i) => {
    errors.push(...validateAuditAnnotation(policyName, annotation, `spec.auditAnnotations[${i}]`));
    const key = asText(annotation.key);
    if (keys.has(key)) errors.push(fieldError.duplicate(`spec.auditAnnotations[${i}].key`, key));
    keys.add(key);
  });
  return errors;
}

/** validateValidatingAdmissionPolicySpec, in kube's order; `checkMatchConditions` is false on an update that kept them. */
function validateSpec(object: KubeObject, checkMatchConditions: boolean): FieldError[] {
  const spec = asRecord(object.spec) ?? {};
  const errors: FieldError[] = [];
  if (isUnset(spec.failurePolicy)) errors.push(fieldError.required('spec.failurePolicy'));
  else if (!supportedFailurePolicies.includes(asText(spec.failurePolicy))) {
    errors.push(fieldError.notSupported('spec.failurePolicy', spec.failurePolicy, supportedFailurePolicies));
  }
  const paramKind = asRecord(spec.paramKind);
  if (paramKind) errors.push(...validateParamKind(paramKind, 'spec.paramKind'));
  const constraints = asRecord(spec.matchConstraints);
  if (!constraints) errors.push(fieldError.required('spec.matchConstraints'));
  else {
    errors.push(...validateMatchResources(constraints, 'spec.matchConstraints'));
    if (asRecords(constraints.resourceRules).length === 0) errors.push(fieldError.required('spec.matchConstraints.resourceRules'));
  }
  if (checkMatchConditions) errors.push(...validateMatchConditions(spec.matchConditions, 'spec.matchConditions'));
  asRecords(spec.variables).forEach((variable, i) => errors.push(...validateVariable(variable, `spec.variables[${i}]`)));
  const validations = asRecords(spec.validations);
  if (validations.length === 0 && asRecords(spec.auditAnnotations).length === 0) {
    const detail = 'validations or auditAnnotations must contain at least one item';
    errors.push(fieldError.required('spec.validations', detail), fieldError.required('spec.auditAnnotations', detail));
  } else {
    validations.forEach((validation, i) => errors.push(...validateValidation(validation, `spec.validations[${i}]`)));
    if (!isUnset(spec.auditAnnotations)) errors.push(...validateAuditAnnotations(object.metadata.name ?? '', spec));
  }
  return errors;
}

/** ValidateValidatingAdmissionPolicy (ObjectMeta excluded), plus the CEL hook's errors. */
export function validateValidatingAdmissionPolicy(object: KubeObject, hooks: PolicyValidationHooks = {}): FieldError[] {
  return [...validateSpec(object, true), ...(hooks.validatePolicyExpressions?.(object) ?? [])];
}

/** ValidateValidatingAdmissionPolicyUpdate: match conditions are only checked when they or paramKind changed. */
export function validateValidatingAdmissionPolicyUpdate(object: KubeObject, old: KubeObject, hooks: PolicyValidationHooks = {}): FieldError[] {
  const spec = asRecord(object.spec) ?? {};
  const oldSpec = asRecord(old.spec) ?? {};
  const same = (key: string) => JSON.stringify(spec[key] ?? null) === JSON.stringify(oldSpec[key] ?? null);
  const checkMatchConditions = !(same('paramKind') && same('matchConditions'));
  return [...validateSpec(object, checkMatchConditions), ...(hooks.validatePolicyExpressions?.(object, old) ?? [])];
}

/**
 * ValidateValidatingAdmissionPolicyStatusUpdate: each status.typeChecking.expressionWarnings item
 * needs a warning and a fieldRef (its JSONPath syntax and the conditions are not checked here).
 */
export function validateValidatingAdmissionPolicyStatus(object: KubeObject): FieldError[] {
  const warnings = asRecords(asRecord(asRecord(object.status)?.typeChecking)?.expressionWarnings);
  return warnings.flatMap((warning, i) => {
    const path = `status.typeChecking.expressionWarnings[${i}]`;
    const errors: FieldError[] = [];
    if (asText(warning.warning) === '') errors.push(fieldError.required(`${path}.warning`));
    if (blank(asText(warning.fieldRef))) errors.push(fieldError.required(`${path}.fieldRef`));
    return errors;
  });
}
