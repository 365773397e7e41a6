/**
 * storage.k8s.io/v1 StorageClass: SetDefaults_StorageClass (pkg/apis/storage/v1/defaults.go) and
 * ValidateStorageClass / ValidateStorageClassUpdate (pkg/apis/storage/validation/validation.go),
 * kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { byteLength, isValidLabelValue } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { semanticEqual } from '../json-equality.js';
import { asList, asOptionalText, asOptionalTextMap, asRecords, asText, setDefault } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { validateQualifiedName } from '../shared/formats.js';
import { validateLabelName } from '../shared/label-selector.js';
import { validateImmutable } from '../shared/strategy.js';

const maxParameterCount = 512;
const maxParameterBytes = 256 * 1024;

/** SetDefaults_StorageClass: reclaimPolicy Delete, volumeBindingMode Immediate. */
export function defaultStorageClass(object: KubeObject): void {
  setDefault(object, 'reclaimPolicy', 'Delete');
  setDefault(object, 'volumeBindingMode', 'Immediate');
}

/** ValidateStorageClass (ObjectMeta excluded), in kube's order. */
export function validateStorageClass(object: KubeObject): FieldError[] {
  const provisioner = asText(object.provisioner);
  const errors: FieldError[] = [];
  if (provisioner.length === 0) errors.push(fieldError.required('provisioner'));
  // Quirk: the provisioner is checked, and reported, lower-cased.
  else errors.push(...validateQualifiedName(provisioner.toLowerCase(), 'provisioner'));
  errors.push(...validateParameters(asOptionalTextMap(object.parameters) ?? {}));
  const reclaimPolicy = asOptionalText(object.reclaimPolicy) ?? '';
  if (reclaimPolicy.length > 0 && reclaimPolicy !== 'Delete' && reclaimPolicy !== 'Retain') {
    errors.push(fieldError.notSupported('reclaimPolicy', reclaimPolicy, ['Delete', 'Retain']));
  }
  const mode = asOptionalText(object.volumeBindingMode);
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
  return asRecords(topologies).flatMap((term, termIndex) =>
    asRecords(term.matchLabelExpressions).flatMap((expression, index) => {
      const path = `allowedTopologies[${termIndex}].matchLabelExpressions[${index}]`;
      const errors = validateLabelName(asText(expression.key), `${path}.key`);
      const values = asList(expression.values).map(asText);
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
  if (asText(object.provisioner) !== asText(old.provisioner)) errors.push(fieldError.forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if (asText(object.reclaimPolicy) !== asText(old.reclaimPolicy)) errors.push(fieldError.forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  errors.push(...validateImmutable(object.volumeBindingMode, old.volumeBindingMode, 'volumeBindingMode'));
  return errors;
}

export const storageClassSemantics: KindSemantics = {
  default: defaultStorageClass,
  validate: validateStorageClass,
  validateUpdate: validateStorageClassUpdate,
};
