/**
 * validateCustomResourceDefinitionSpec (apiextensions validation.go, kube v1.32) on the internal
 * spec (internal-spec.ts), in kube's order: group, scope, schema presence, defaults versus
 * preserveUnknownFields, each version (name, deprecation warning, its own schema, subresources,
 * columns, selectable fields), version uniqueness and storage, names, then the hoisted schema,
 * subresources, columns and selectable fields, and conversion.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1035Label } from '../../apimachinery/validation/names.js';
import type { JsonRecord } from '../json-values.js';
import { validateConversion, validateRequiredEnum } from './conversion-validation.js';
import { goVersions } from './go-literals.js';
import { type InternalSpec, type InternalVersion, schemasOf } from './internal-spec.js';
import { validateGroup, validateNames, validateRequiredNames } from './names-validation.js';
import type { ValidationOptions } from './options.js';
import { isSet, schemaHas } from './schema-props.js';
import { validateCustomResourceValidation } from './schema-validation.js';
import { validateSelectableFields } from './selectable-fields.js';
import { validateColumn, validateDeprecationWarning, validateSubresources } from './version-parts.js';

const hasStatus = (subresources: JsonRecord | undefined): boolean => isSet(subresources?.status);

/** The schema-presence rules: every version needs one (or, when only served ones must, served ones). */
function schemaPresenceErrors(spec: InternalSpec, options: ValidationOptions, path: string): FieldError[] {
  if (isSet(spec.validation?.openAPIV3Schema)) return [];
  const missing = (version: InternalVersion): boolean => !isSet(version.schema?.openAPIV3Schema);
  const schemaPath = (index: number): string => `${path}.versions[${index}].schema.openAPIV3Schema`;
  if (options.requireOpenAPISchema) {
    return spec.versions.flatMap((version, index) => (missing(version) ? [fieldError.required(schemaPath(index), 'schemas are required')] : []));
  }
  if (spec.preserveUnknownFields) return [];
  return spec.versions.flatMap((version, index) => {
    return version.served && missing(version) ? [fieldError.required(schemaPath(index), 'because otherwise all fields are pruned')] : [];
  });
}

function validateVersion(spec: InternalSpec, version: InternalVersion, options: ValidationOptions, path: string): FieldError[] {
  const statusEnabled = hasStatus(spec.versions.some((item) => item.subresources) ? version.subresources : spec.subresources);
  const nameProblems = isDNS1035Label(version.name);
  return [
    ...(nameProblems.length > 0 ? [fieldError.invalid(`${path}.name`, version.name, nameProblems.join(','))] : []),
    ...validateDeprecationWarning(version.deprecated, version.deprecationWarning, path),
    ...validateCustomResourceValidation(version.schema, statusEnabled, options, `${path}.schema`, version.name),
    ...validateSubresources(version.subresources, `${path}.subresources`),
    ...version.additionalPrinterColumns.flatMap((column, index) => validateColumn(column, `${path}.additionalPrinterColumns[${index}]`)),
    ...validateSelectableFields(version.selectableFields, version.schema, path, true),
  ];
}

/** The rules across versions: unique names, one storage version, spec.version. */
function versionSetErrors(spec: InternalSpec, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const names = spec.versions.map((version) => version.name);
  if (new Set(names).size !== names.length) errors.push(fieldError.invalid(`${path}.versions`, goVersions(spec.versions), 'must contain unique version names'));
  if (spec.versions.filter((version) => version.storage).length !== 1) {
    errors.push(fieldError.invalid(`${path}.versions`, goVersions(spec.versions), 'must have exactly one version marked as storage version'));
  }
  const versionProblems = spec.version === '' ? [] : isDNS1035Label(spec.version);
  if (versionProblems.length > 0) errors.push(fieldError.invalid(`${path}.version`, spec.version, versionProblems.join(',')));
  return errors;
}

/**
 * The options narrowed by the spec: pruning (preserveUnknownFields false), defaults and
 * Kubernetes extensions all require structural schemas; defaults also forbid preserveUnknownFields.
 */
function specOptions(spec: InternalSpec, options: ValidationOptions, path: string): { options: ValidationOptions; errors: FieldError[] } {
  const narrowed = { ...options, requireStructuralSchema: options.requireStructuralSchema || !spec.preserveUnknownFields };
  const errors = schemaPresenceErrors(spec, narrowed, path);
  const schemas = schemasOf(spec);
  if (narrowed.allowDefaults && schemas.some((schema) => schemaHas(schema, (node) => isSet(node.default)))) {
    narrowed.requireStructuralSchema = true;
    if (spec.preserveUnknownFields) {
      errors.push(fieldError.invalid(`${path}.preserveUnknownFields`, true, 'must be false in order to use defaults in the schema'));
    }
  }
  if (schemas.some(hasKubernetesExtensions)) narrowed.requireStructuralSchema = true;
  return { options: narrowed, errors };
}

/** The schema, subresources, columns and selectable fields every version shares (hoisted to the spec). */
function hoistedErrors(spec: InternalSpec, options: ValidationOptions, path: string): FieldError[] {
  const anyStatus = hasStatus(spec.subresources) || spec.versions.some((version) => hasStatus(version.subresources));
  return [
    ...validateCustomResourceValidation(spec.validation, anyStatus, options, `${path}.validation`, spec.version),
    ...validateSubresources(spec.subresources, `${path}.subresources`),
    ...spec.additionalPrinterColumns.flatMap((column, index) => validateColumn(column, `${path}.additionalPrinterColumns[${index}]`)),
    ...validateSelectableFields(spec.selectableFields, spec.validation, path, false),
  ];
}

function conversionErrors(spec: InternalSpec, options: ValidationOptions, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (spec.conversion && spec.conversion.strategy !== 'None' && spec.preserveUnknownFields) {
    errors.push(fieldError.invalid(`${path}.conversion.strategy`, spec.conversion.strategy, 'must be None if spec.preserveUnknownFields is true'));
  }
  return [...errors, ...validateConversion(spec.conversion, options.requireRecognizedConversionReviewVersion, `${path}.conversion`)];
}

/** validateCustomResourceDefinitionSpec. */
export function validateSpec(spec: InternalSpec, options: ValidationOptions, path = 'spec'): FieldError[] {
  const errors = [...validateGroup(spec.group, `${path}.group`), ...validateRequiredEnum(`${path}.scope`, spec.scope, ['Cluster', 'Namespaced'])];
  const narrowed = specOptions(spec, options, path);
  errors.push(...narrowed.errors);
  spec.versions.forEach((version, index) => errors.push(...validateVersion(spec, version, narrowed.options, `${path}.versions[${index}]`)));
  errors.push(...versionSetErrors(spec, path));
  errors.push(...validateRequiredNames(spec.names, `${path}.names`), ...validateNames(spec.names, `${path}.names`));
  errors.push(...hoistedErrors(spec, narrowed.options, path), ...conversionErrors(spec, narrowed.options, path));
  return errors;
}

/** schemaHasKubernetesExtensions. */
function hasKubernetesExtensions(schema: JsonRecord): boolean {
  return schemaHas(schema, (node) => node['x-kubernetes-embedded-resource'] === true || isSet(node['x-kubernetes-preserve-unknown-fields'])
    || node['x-kubernetes-int-or-string'] === true || Array.isArray(node['x-kubernetes-list-map-keys']) && node['x-kubernetes-list-map-keys'].length > 0
    || isSet(node['x-kubernetes-list-type']) || Array.isArray(node['x-kubernetes-validations']) && node['x-kubernetes-validations'].length > 0);
}
