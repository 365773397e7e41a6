/**
 * node.k8s.io/v1 RuntimeClass: ValidateRuntimeClass / ValidateRuntimeClassUpdate
 * (pkg/apis/node/validation/validation.go), kube v1.32. Overhead quantities and scheduling
 * tolerations are left to the core kinds' resource and toleration validators.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { validateLabels } from '../../apimachinery/validation/metadata-fields.js';
import { isDNS1123Label } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asOptionalTextMap, asRecord, asText } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { validateImmutable } from '../shared/strategy.js';

/** ValidateRuntimeClass (ObjectMeta excluded): the handler is a DNS label (empty fails its pattern). */
export function validateRuntimeClass(object: KubeObject): FieldError[] {
  const handler = asText(object.handler);
  const errors = isDNS1123Label(handler).map((message) => fieldError.invalid('handler', handler, message));
  const scheduling = asRecord(object.scheduling);
  if (scheduling) errors.push(...validateLabels(asOptionalTextMap(scheduling.nodeSelector), 'scheduling.nodeSelector'));
  return errors;
}

export const runtimeClassSemantics: KindSemantics = {
  validate: validateRuntimeClass,
  // ValidateRuntimeClassUpdate checks metadata and the immutable handler only.
  validateUpdate: (object, old) => validateImmutable(object.handler, old.handler, 'handler'),
};
