/**
 * The CRD's naming rules (apiextensions validation.go, kube v1.32): the object name is
 * `<plural>.<group>`, the group a domain with a dot, the names DNS-1035 labels (kind and listKind
 * in any case), plus the checks on status kube runs with the spec (acceptedNames, storedVersions).
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1035Label, isDNS1123Subdomain } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asText, asTexts, type JsonRecord } from '../json-values.js';
import type { InternalVersion } from './internal-spec.js';

/** The CRD's nameValidationFn beyond NameIsDNSSubdomain (which the generic ObjectMeta check runs). */
export function validateObjectName(object: KubeObject, plural: string, group: string): FieldError[] {
  const required = `${plural}.${group}`;
  const message = 'must be spec.names.plural+"."+spec.group';
  const errors: FieldError[] = [];
  const { name = '', generateName = '' } = object.metadata;
  if (generateName !== '' && generateName !== required) errors.push(fieldError.invalid('metadata.generateName', generateName, message));
  if (name !== '' && name !== required) errors.push(fieldError.invalid('metadata.name', name, message));
  return errors;
}

/** The spec.group rule: required, a DNS subdomain, with at least one dot. */
export function validateGroup(group: string, path: string): FieldError[] {
  if (group === '') return [fieldError.required(path)];
  const problems = isDNS1123Subdomain(group);
  if (problems.length > 0) return [fieldError.invalid(path, group, problems.join(','))];
  return group.includes('.') ? [] : [fieldError.invalid(path, group, 'should be a domain with at least one dot')];
}

/** The names spec requires (status.acceptedNames may leave them empty). */
export function validateRequiredNames(names: JsonRecord, path: string): FieldError[] {
  return ['plural', 'singular', 'kind', 'listKind'].filter((name) => asText(names[name]) === '').map((name) => fieldError.required(`${path}.${name}`));
}

function labelError(value: string, path: string, mixedCase = false): FieldError[] {
  const problems = isDNS1035Label(mixedCase ? value.toLowerCase() : value);
  if (value === '' || problems.length === 0) return [];
  return [fieldError.invalid(path, value, `${mixedCase ? 'may have mixed case, but should otherwise match: ' : ''}${problems.join(',')}`)];
}

/** ValidateCustomResourceDefinitionNames. */
export function validateNames(names: JsonRecord, path: string): FieldError[] {
  const kind = asText(names.kind);
  const listKind = asText(names.listKind);
  const errors = [
    ...labelError(asText(names.plural), `${path}.plural`),
    ...labelError(asText(names.singular), `${path}.singular`),
    ...labelError(kind, `${path}.kind`, true),
    ...labelError(listKind, `${path}.listKind`, true),
  ];
  errors.push(...listedLabelErrors(names.shortNames, `${path}.shortNames`));
  if (kind !== '' && kind === listKind) errors.push(fieldError.invalid(`${path}.listKind`, listKind, 'kind and listKind may not be the same'));
  errors.push(...listedLabelErrors(names.categories, `${path}.categories`));
  return errors;
}

/** Each entry a DNS-1035 label, the failures joined into one error. */
function listedLabelErrors(values: unknown, path: string): FieldError[] {
  return asTexts(values).flatMap((value, index) => {
    const problems = isDNS1035Label(value);
    return problems.length > 0 ? [fieldError.invalid(`${path}[${index}]`, value, problems.join(','))] : [];
  });
}

/** ValidateCustomResourceDefinitionStoredVersions (map iteration made index order). */
export function validateStoredVersions(storedVersions: unknown, versions: InternalVersion[], path: string): FieldError[] {
  const stored = asTexts(storedVersions);
  if (stored.length === 0) {
    return [fieldError.invalid(path, Array.isArray(storedVersions) ? stored : new GoLiteral('[]string(nil)'), 'must have at least one stored version')];
  }
  const remaining = new Map<string, number>();
  stored.forEach((version, index) => remaining.set(version, index));
  const errors: FieldError[] = [];
  for (const version of versions) {
    const present = remaining.has(version.name);
    if (version.storage && !present) errors.push(fieldError.invalid(path, stored, `must have the storage version ${version.name}`));
    remaining.delete(version.name);
  }
  const missing = [...remaining].sort((a, b) => a[1] - b[1]);
  for (const [version, index] of missing) {
    const message = `missing from spec.versions; ${version} was previously a storage version, and must remain in spec.versions `
      + `until a storage migration ensures no data remains persisted in ${version} and removes ${version} from status.storedVersions`;
    errors.push(fieldError.invalid(`${path}[${index}]`, version, message));
  }
  return errors;
}
