/**
 * Environment variables of a container, after pkg/apis/core/validation ValidateEnv and
 * ValidateEnvFrom (kube v1.32: RelaxedEnvironmentVariableValidation is on by default, so names
 * are any printable ASCII but '=').
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isConfigMapKey, isQualifiedName } from '../../apimachinery/validation/names.js';
import { validateName } from '../../apimachinery/validation/object-meta.js';
import { asRecord, asRecords, asText, type JsonRecord } from '../json-values.js';

const relaxedNameMessage = "a valid environment variable name must consist only of printable ASCII characters other than '='";

/** validation.IsRelaxedEnvVarName. */
export function isRelaxedEnvVarName(name: string): string[] {
  const errors: string[] = [];
  if (name.length === 0) errors.push('environment variable name must be non-empty');
  if ([...name].some((character) => character < ' ' || character > '~' || character === '=')) errors.push(relaxedNameMessage);
  return errors;
}

/** ValidateEnv: names required and valid, valueFrom well formed. */
export function validateContainerEnv(env: unknown, path: string): FieldError[] {
  return asRecords(env).flatMap((variable, index) => {
    const itemPath = `${path}[${index}]`;
    const name = asText(variable.name);
    const nameErrors = name
      ? isRelaxedEnvVarName(name).map((message) => fieldError.invalid(`${itemPath}.name`, name, message))
      : [fieldError.required(`${itemPath}.name`)];
    return [...nameErrors, ...validateValueFrom(variable, `${itemPath}.valueFrom`)];
  });
}

function validateValueFrom(variable: JsonRecord, path: string): FieldError[] {
  const valueFrom = asRecord(variable.valueFrom);
  if (!valueFrom) return [];
  const errors: FieldError[] = [];
  let sources = 0;
  for (const [key, check] of valueSources) {
    const selector = asRecord(valueFrom[key]);
    if (!selector) continue;
    sources++;
    errors.push(...check(selector, `${path}.${key}`));
  }
  if (sources === 0) {
    errors.push(fieldError.invalid(path, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
  } else if (asText(variable.value)) {
    errors.push(fieldError.invalid(path, '', 'may not be specified when `value` is not empty'));
  } else if (sources > 1) {
    errors.push(fieldError.invalid(path, '', 'may not have more than one field specified at a time'));
  }
  return errors;
}

type SelectorCheck = (selector: JsonRecord, path: string) => FieldError[];

/** The sources of an env value, in kube's order. */
const valueSources: Array<[string, SelectorCheck]> = [
  ['fieldRef', (selector, path) => validateFieldRef(selector, path)],
  ['resourceFieldRef', (selector, path) => validateResourceFieldRef(selector, path)],
  ['configMapKeyRef', (selector, path) => validateKeySelector(selector, path)],
  ['secretKeyRef', (selector, path) => validateKeySelector(selector, path)],
];

const envFieldPaths = [
  'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName', 'status.hostIP',
  'status.hostIPs', 'status.podIP', 'status.podIPs',
];
/** The field labels ConvertDownwardAPIFieldLabel knows for v1 pods. */
const convertibleFieldPaths = new Set([
  ...envFieldPaths, 'metadata.annotations', 'metadata.labels', 'spec.restartPolicy', 'spec.schedulerName', 'status.phase',
]);

/** validateObjectFieldSelector for env (the volume variant allows labels and annotations too). */
export function validateFieldRef(fieldRef: JsonRecord, path: string, allowed: readonly string[] = envFieldPaths): FieldError[] {
  const apiVersion = asText(fieldRef.apiVersion);
  const fieldPath = asText(fieldRef.fieldPath);
  if (!apiVersion) return [fieldError.required(`${path}.apiVersion`)];
  if (!fieldPath) return [fieldError.required(`${path}.fieldPath`)];
  const subscripted = /^(metadata\.(?:annotations|labels))\[(.+)\]$/.exec(fieldPath);
  const conversionError = apiVersion !== 'v1'
    ? `unsupported pod version: ${apiVersion}`
    : !subscripted && !convertibleFieldPaths.has(fieldPath) ? `field label not supported: ${fieldPath}` : '';
  if (conversionError) return [fieldError.invalid(`${path}.fieldPath`, fieldPath, `error converting fieldPath: ${conversionError}`)];
  if (subscripted) {
    const key = subscripted[2]!.replace(/^'(.*)'$/, '$1');
    const name = subscripted[1] === 'metadata.annotations' ? key.toLowerCase() : key;
    return isQualifiedName(name).map((message) => fieldError.invalid(path, name, message));
  }
  return allowed.includes(fieldPath) ? [] : [fieldError.notSupported(`${path}.fieldPath`, fieldPath, [...allowed])];
}

const resourceFieldPaths = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];

function validateResourceFieldRef(selector: JsonRecord, path: string): FieldError[] {
  const resource = asText(selector.resource);
  if (!resource) return [fieldError.required(`${path}.resource`)];
  const hugePages = resource.startsWith('limits.hugepages-') || resource.startsWith('requests.hugepages-');
  return resourceFieldPaths.includes(resource) || hugePages ? [] : [fieldError.notSupported(`${path}.resource`, resource, resourceFieldPaths)];
}

/** validateConfigMapKeySelector / validateSecretKeySelector: a subdomain name and a config key. */
function validateKeySelector(selector: JsonRecord, path: string): FieldError[] {
  const name = asText(selector.name);
  const key = asText(selector.key);
  const errors = validateName('subdomain', name, false).map((message) => fieldError.invalid(`${path}.name`, name, message));
  if (!key) errors.push(fieldError.required(`${path}.key`));
  else errors.push(...isConfigMapKey(key).map((message) => fieldError.invalid(`${path}.key`, key, message)));
  return errors;
}

/** ValidateEnvFrom: prefix is an env name; exactly one of configMapRef and secretRef (errors on the list path). */
export function validateContainerEnvFrom(envFrom: unknown, path: string): FieldError[] {
  return asRecords(envFrom).flatMap((source, index) => {
    const itemPath = `${path}[${index}]`;
    const prefix = asText(source.prefix);
    const errors = prefix ? isRelaxedEnvVarName(prefix).map((message) => fieldError.invalid(`${itemPath}.prefix`, prefix, message)) : [];
    const references = ['configMapRef', 'secretRef'].filter((key) => asRecord(source[key]));
    for (const key of references) errors.push(...validateReferenceName(asRecord(source[key])!, `${itemPath}.${key}`));
    if (references.length === 0) errors.push(fieldError.invalid(path, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (references.length > 1) errors.push(fieldError.invalid(path, '', 'may not have more than one field specified at a time'));
    return errors;
  });
}

/** validateConfigMapEnvSource / validateSecretEnvSource: kube checks the name as a prefix (trailing dash allowed). */
function validateReferenceName(reference: JsonRecord, path: string): FieldError[] {
  const name = asText(reference.name);
  if (!name) return [fieldError.required(`${path}.name`)];
  return validateName('subdomain', name, true).map((message) => fieldError.invalid(`${path}.name`, name, message));
}
