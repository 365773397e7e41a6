/**
 * storage.k8s.io/v1 StorageClass: SetDefaults_StorageClass (pkg/apis/storage/v1/defaults.go) and
 * ValidateStorageClass / ValidateStorageClassUpdate (pkg/apis/storage/validation/validation.go),
 * kube v1.32.
 */
import { fieldError, type FieldError } from '../../core/field-errors.js';
import { byteLength, isValidLabelValue } from '../../core/validation/names.js';
import type { KubeObject } from '../../registry/object.js';
import type { KindSemantics } from '../types.js';
import { listOf, optionalString, recordList, semanticEqual, setDefault, stringMap, stringOf, validateImmutable } from './fields.js';
import { validateQualifiedName } from './formats.js';
import { validateLabelName } from './label-selector.js';

const maxParameterCount = 512;
const maxParameterBytes = 256 * 1024;

/** SetDefaults_StorageClass: reclaimPolicy Delete, volumeBindingMode Immediate. */
export function defaultStorageClass(object: KubeObject): void {
  setDefault(object, 'reclaimPolicy', 'Delete');
  setDefault(object, 'volumeBindingMode', 'Immediate');
}

/** ValidateStorageClass (ObjectMeta excluded), in kube's order. */
export function validateStorageClass(object: KubeObject): FieldError[] {
  const provisioner = stringOf(object.provisioner);
  const errors: FieldError[] = [];
  if (provisioner.length === 0) errors.push(fieldError.required('provisioner'));
  // Quirk: the provisioner is checked, and reported, lower-cased.
  else errors.push(...validateQualifiedName(provisioner.toLowerCase(), 'provisioner'));
  errors.push(...validateParameters(stringMap(object.parameters) ?? {}));
  const reclaimPolicy = optionalString(object.reclaimPolicy) ?? '';
  if (reclaimPolicy.length > 0 && reclaimPolicy !== 'Delete' && reclaimPolicy !== 'Retain') {
    errors.push(fieldError.notSupported('reclaimPolicy', reclaimPolicy, ['Delete', 'Retain']));
  }
  const mode = optionalString(object.volumeBindingMode);
  if (mode === undefined) errors.push(fieldError.required('volumeBindingMode'));
  else if (mode !== 'Immediate' && mode !== 'WaitForFirstConsumer') {
    errors.push(fieldError.notSupported('volumeBindingMode', mode, ['Immediate', 'WaitForFirstConsumer']));
  }
  errors.push(...validateAllowedTopologies(object.allowedTopologies));
  return errors;
}

/** validateParameters: at most 512 keys (kube's TooLong text says "bytes"), no empty key, 256 KiB in all. */
function validateParameters(parameters: Record<string, string>): FieldError[] {
  const entries = Object.entries(parameters);
  if (entries.length > maxParameterCount) return [fieldError.tooLong('parameters', maxParameterCount)];
  const errors: FieldError[] = [];
  let total = 0;
  for (const [key, value] of entries) {
    if (key.length === 0) errors.push(fieldError.invalid('parameters', key, 'field can not be empty.'));
    total += byteLength(key) + byteLength(value);
  }
  if (total > maxParameterBytes) errors.push(fieldError.tooLong('parameters', maxParameterBytes));
  return errors;
}

/** ValidateTopologySelectorTerm per term: each expression has a key and at least one label value. */
function validateAllowedTopologies(topologies: unknown): FieldError[] {
  return recordList(topologies).flatMap((term, termIndex) =>
    recordList(term.matchLabelExpressions).flatMap((expression, index) => {
      const path = `allowedTopologies[${termIndex}].matchLabelExpressions[${index}]`;
      const errors = validateLabelName(stringOf(expression.key), `${path}.key`);
      const values = listOf(expression.values).map(stringOf);
      if (values.length === 0) errors.push(fieldError.required(`${path}.values`, 'must specify as least one value'));
      values.forEach((value, valueIndex) => {
        errors.push(...isValidLabelValue(value).map((message) => fieldError.invalid(`${path}.values[${valueIndex}]`, value, message)));
      });
      return errors;
    }));
}

/** ValidateStorageClassUpdate: parameters, provisioner, reclaimPolicy and volumeBindingMode are fixed. */
function validateStorageClassUpdate(object: KubeObject, old: KubeObject): FieldError[] {
  const errors: FieldError[] = [];
  if (!semanticEqual(object.parameters, old.parameters)) errors.push(fieldError.forbidden('parameters', 'updates to parameters are forbidden.'));
  if (stringOf(object.provisioner) !== stringOf(old.provisioner)) errors.push(fieldError.forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if (stringOf(object.reclaimPolicy) !== stringOf(old.reclaimPolicy)) errors.push(fieldError.forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  errors.push(...validateImmutable(object.volumeBindingMode, old.volumeBindingMode, 'volumeBindingMode'));
  return errors;
}

export const storageClassSemantics: KindSemantics = {
  default: defaultStorageClass,
  validate: validateStorageClass,
  validateUpdate: validateStorageClassUpdate,
};
