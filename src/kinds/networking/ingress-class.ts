/**
 * networking.k8s.io/v1 IngressClass: SetDefaults_IngressClass (pkg/apis/networking/v1/defaults.go)
 * and ValidateIngressClass / ValidateIngressClassUpdate
 * (pkg/apis/networking/validation/validation.go), kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { byteLength, isDNS1123Label } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asOptionalText, asRecord, asText, isUnset, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { isDomainPrefixedPath } from '../shared/formats.js';
import { validateTypedReference } from './ingress.js';
import { specOf, validateImmutable } from '../shared/strategy.js';

/** SetDefaults_IngressClass: parameters without a scope are cluster-scoped. */
export function defaultIngressClass(object: KubeObject): void {
  const parameters = asRecord(asRecord(object.spec)?.parameters);
  if (parameters && isUnset(parameters.scope)) parameters.scope = 'Cluster';
}

/** validateIngressClassSpec: a domain-prefixed controller of at most 250 bytes, valid parameters. */
export function validateIngressClassSpec(spec: JsonRecord, path: string): FieldError[] {
  const controller = asText(spec.controller);
  const errors: FieldError[] = [];
  if (controller.length === 0) errors.push(fieldError.required(`${path}.controller`));
  else {
    if (byteLength(controller) > 250) errors.push(fieldError.tooLong(`${path}.controller`, 250));
    errors.push(...isDomainPrefixedPath(`${path}.controller`, controller));
  }
  const parameters = asRecord(spec.parameters);
  if (parameters) errors.push(...validateParameters(parameters, `${path}.parameters`));
  return errors;
}

/** validateIngressClassParametersReference: the typed reference's rules, then a scope that matches the namespace. */
function validateParameters(parameters: JsonRecord, path: string): FieldError[] {
  const errors = validateTypedReference(parameters, path);
  const scope = asOptionalText(parameters.scope);
  if (scope === undefined) return [...errors, fieldError.required(`${path}.scope`)];
  const namespace = asOptionalText(parameters.namespace);
  if (scope !== 'Cluster' && scope !== 'Namespace') errors.push(fieldError.notSupported(`${path}.scope`, scope, ['Cluster', 'Namespace']));
  else if (scope === 'Namespace') {
    if (namespace === undefined) errors.push(fieldError.required(`${path}.namespace`, "`parameters.scope` is set to 'Namespace'"));
    else errors.push(...isDNS1123Label(namespace).map((message) => fieldError.invalid(`${path}.namespace`, namespace, message)));
  } else if (namespace !== undefined) errors.push(fieldError.forbidden(`${path}.namespace`, "`parameters.scope` is set to 'Cluster'"));
  return errors;
}

export const ingressClassSemantics: KindSemantics = {
  default: defaultIngressClass,
  validate: (object) => validateIngressClassSpec(specOf(object), 'spec'),
  // ValidateIngressClassUpdate: the immutable controller first, then ValidateIngressClass.
  validateUpdate: (object, old) => [
    ...validateImmutable(specOf(object).controller, specOf(old).controller, 'spec.controller'),
    ...validateIngressClassSpec(specOf(object), 'spec'),
  ],
};
