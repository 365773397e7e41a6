/**
 * networking.k8s.io/v1 IngressClass: SetDefaults_IngressClass (pkg/apis/networking/v1/defaults.go)
 * and ValidateIngressClass / ValidateIngressClassUpdate
 * (pkg/apis/networking/validation/validation.go), kube v1.32.
 */
import { fieldError, type FieldError } from '../../core/field-errors.js';
import { byteLength, isDNS1123Label, isDNS1123Subdomain, isValidPathSegmentName } from '../../core/validation/names.js';
import type { KubeObject } from '../../registry/object.js';
import type { KindSemantics } from '../types.js';
import { isUnset, optionalString, record, specOf, stringOf, validateImmutable, type JsonRecord } from './fields.js';
import { isDomainPrefixedPath } from './formats.js';

/** SetDefaults_IngressClass: parameters without a scope are cluster-scoped. */
export function defaultIngressClass(object: KubeObject): void {
  const parameters = record(record(object.spec)?.parameters);
  if (parameters && isUnset(parameters.scope)) parameters.scope = 'Cluster';
}

/** validateIngressClassSpec: a domain-prefixed controller of at most 250 bytes, valid parameters. */
export function validateIngressClassSpec(spec: JsonRecord, path: string): FieldError[] {
  const controller = stringOf(spec.controller);
  const errors: FieldError[] = [];
  if (controller.length === 0) errors.push(fieldError.required(`${path}.controller`));
  else {
    if (byteLength(controller) > 250) errors.push(fieldError.tooLong(`${path}.controller`, 250));
    errors.push(...isDomainPrefixedPath(`${path}.controller`, controller));
  }
  const parameters = record(spec.parameters);
  if (parameters) errors.push(...validateParameters(parameters, `${path}.parameters`));
  return errors;
}

/** validateIngressClassParametersReference: kind, name, and a scope that matches the namespace. */
function validateParameters(parameters: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const apiGroup = optionalString(parameters.apiGroup);
  if (apiGroup !== undefined) errors.push(...isDNS1123Subdomain(apiGroup).map((message) => fieldError.invalid(`${path}.apiGroup`, apiGroup, message)));
  for (const key of ['kind', 'name']) {
    const value = stringOf(parameters[key]);
    if (value.length === 0) errors.push(fieldError.required(`${path}.${key}`));
    else errors.push(...isValidPathSegmentName(value).map((message) => fieldError.invalid(`${path}.${key}`, value, message)));
  }
  const scope = optionalString(parameters.scope);
  if (scope === undefined) return [...errors, fieldError.required(`${path}.scope`)];
  const namespace = optionalString(parameters.namespace);
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
