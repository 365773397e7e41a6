/**
 * ValidateCustomResourceDefinition and ValidateCustomResourceDefinitionUpdate (apiextensions
 * validation.go, kube v1.32), ObjectMeta excepted (the generic strategy validates it; the CRD's
 * own name rule is added here, after it): the spec, status.acceptedNames, status.storedVersions,
 * the API-approval annotation of protected groups and spec.preserveUnknownFields. Errors carry
 * the internal version's paths (internal-spec.ts).
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { validateImmutable } from '../shared/strategy.js';
import { asRecord, asText } from '../json-values.js';
import { validateAPIApproval, validatePreserveUnknownFields } from './approval.js';
import { type InternalSpec, internalSpec } from './internal-spec.js';
import { validateNames, validateObjectName, validateStoredVersions } from './names-validation.js';
import { type CrdValidationHooks, createOptions, type ValidationOptions } from './options.js';
import { validateSpec } from './spec-validation.js';
import { updateOptions } from './update-options.js';

/** Status rules, then the protected-group and preserveUnknownFields rules. */
function crdLevelErrors(object: KubeObject, spec: InternalSpec, old?: KubeObject): FieldError[] {
  const status = asRecord(object.status) ?? {};
  return [
    ...validateNames(asRecord(status.acceptedNames) ?? {}, 'status.acceptedNames'),
    ...validateStoredVersions(status.storedVersions, spec.versions, 'status.storedVersions'),
    ...validateAPIApproval(object, spec.group, old),
    ...validatePreserveUnknownFields(object, old),
  ];
}

/** ValidateCustomResourceDefinition (a create). */
export function validateCustomResourceDefinition(object: KubeObject, hooks: CrdValidationHooks = {}): FieldError[] {
  const spec = internalSpec(object.spec);
  return [
    ...validateObjectName(object, asText(spec.names.plural), spec.group),
    ...validateSpec(spec, createOptions(hooks)),
    ...crdLevelErrors(object, spec),
  ];
}

/**
 * ValidateUpdateCustomResourceDefinitionStatus beyond ObjectMeta (a /status update):
 * status.acceptedNames only.
 */
export function validateCustomResourceDefinitionStatusUpdate(object: KubeObject): FieldError[] {
  return validateNames(asRecord(asRecord(object.status)?.acceptedNames) ?? {}, 'status.acceptedNames');
}

/** validateCustomResourceDefinitionSpecUpdate's immutability rules. */
function immutableErrors(spec: InternalSpec, old: InternalSpec, options: ValidationOptions): FieldError[] {
  const errors: FieldError[] = [];
  if (options.requireImmutableNames) {
    errors.push(...validateImmutable(spec.scope, old.scope, 'spec.scope'));
    errors.push(...validateImmutable(asText(spec.names.kind), asText(old.names.kind), 'spec.names.kind'));
  }
  errors.push(...validateImmutable(spec.group, old.group, 'spec.group'));
  errors.push(...validateImmutable(asText(spec.names.plural), asText(old.names.plural), 'spec.names.plural'));
  return errors;
}

/** ValidateCustomResourceDefinitionUpdate (an update of the main resource). */
export function validateCustomResourceDefinitionUpdate(object: KubeObject, old: KubeObject, hooks: CrdValidationHooks = {}): FieldError[] {
  const spec = internalSpec(object.spec);
  const oldSpec = internalSpec(old.spec);
  const options = updateOptions(spec, oldSpec, old, hooks);
  return [...validateSpec(spec, options), ...immutableErrors(spec, oldSpec, options), ...crdLevelErrors(object, spec, old)];
}
