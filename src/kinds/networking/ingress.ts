/**
 * networking.k8s.io/v1 Ingress: ValidateIngressCreate / ValidateIngressUpdate and ValidateIngressSpec
 * (pkg/apis/networking/validation/validation.go) and pkg/registry/networking/ingress/strategy.go,
 * kube v1.32. networking/v1 has no Ingress defaults (pathType must be given).
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { parseIP } from '../../apimachinery/validation/ip-addresses.js';
import { isDNS1035Label, isDNS1123Subdomain, isValidPathSegmentName } from '../../apimachinery/validation/names.js';
import { isValidPortNum } from '../../apimachinery/validation/ports.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asList, asNumber, asOptionalText, asRecord, asRecords, asText, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { isValidWorkloadPortName, isWildcardDNS1123Subdomain } from '../shared/formats.js';
import { keepStatus, resetStatus, specOf } from '../shared/strategy.js';

const pathTypes = ['Exact', 'ImplementationSpecific', 'Prefix'];

/** Options kube derives from the old object so stored data stays updatable. */
interface IngressOptions {
  allowInvalidSecretName: boolean;
  allowInvalidWildcardHostRule: boolean;
}

/** ValidateIngressSpec: rules or a default backend, each backend, TLS, the class name. */
export function validateIngressSpec(spec: JsonRecord, path: string, options: IngressOptions): FieldError[] {
  const rules = asRecords(spec.rules);
  const errors: FieldError[] = [];
  if (rules.length === 0 && !asRecord(spec.defaultBackend)) {
    const badValue = new GoLiteral(Array.isArray(spec.rules) ? '[]networking.IngressRule{}' : '[]networking.IngressRule(nil)');
    errors.push(fieldError.invalid(path, badValue, 'either `defaultBackend` or `rules` must be specified'));
  }
  const defaultBackend = asRecord(spec.defaultBackend);
  if (defaultBackend) errors.push(...validateBackend(defaultBackend, `${path}.defaultBackend`));
  rules.forEach((rule, index) => errors.push(...validateRule(rule, `${path}.rules[${index}]`, options)));
  asRecords(spec.tls).forEach((tls, index) => errors.push(...validateTLS(tls, `${path}.tls[${index}]`, options)));
  const className = asOptionalText(spec.ingressClassName);
  if (className !== undefined) errors.push(...isDNS1123Subdomain(className).map((message) => fieldError.invalid(`${path}.ingressClassName`, className, message)));
  return errors;
}

function validateHost(host: string, path: string): FieldError[] {
  const errors = parseIP(host) ? [fieldError.invalid(path, host, 'must be a DNS name, not an IP address')] : [];
  const messages = host.includes('*') ? isWildcardDNS1123Subdomain(host) : isDNS1123Subdomain(host);
  return [...errors, ...messages.map((message) => fieldError.invalid(path, host, message))];
}

function validateRule(rule: JsonRecord, path: string, options: IngressOptions): FieldError[] {
  const host = asText(rule.host);
  const errors = host.length > 0 ? validateHost(host, `${path}.host`) : [];
  if (host.includes('*') && options.allowInvalidWildcardHostRule) return errors;
  return [...errors, ...validateRuleValue(rule, path)];
}

function validateRuleValue(rule: JsonRecord, path: string): FieldError[] {
  const http = asRecord(rule.http);
  if (!http) return [];
  const paths = asRecords(http.paths);
  const errors = paths.length === 0 ? [fieldError.required(`${path}.http.paths`)] : [];
  paths.forEach((item, index) => errors.push(...validatePath(item, `${path}.http.paths[${index}]`)));
  return errors;
}

/** validateHTTPIngressPath: a pathType, an absolute clean path for Exact and Prefix, a backend. */
function validatePath(item: JsonRecord, path: string): FieldError[] {
  const pathType = asOptionalText(item.pathType);
  if (pathType === undefined) return [fieldError.required(`${path}.pathType`, 'pathType must be specified')];
  const value = asText(item.path);
  const errors: FieldError[] = [];
  if (pathType === 'Exact' || pathType === 'Prefix') {
    if (!value.startsWith('/')) errors.push(fieldError.invalid(`${path}.path`, value, 'must be an absolute path'));
    for (const sequence of ['//', '/./', '/../', '%2f', '%2F']) {
      if (value.includes(sequence)) errors.push(fieldError.invalid(`${path}.path`, value, `must not contain '${sequence}'`));
    }
    for (const suffix of ['/..', '/.']) {
      if (value.endsWith(suffix)) errors.push(fieldError.invalid(`${path}.path`, value, `cannot end with '${suffix}'`));
    }
  } else if (pathType === 'ImplementationSpecific') {
    if (value.length > 0 && !value.startsWith('/')) errors.push(fieldError.invalid(`${path}.path`, value, 'must be an absolute path'));
  } else errors.push(fieldError.notSupported(`${path}.pathType`, pathType, pathTypes));
  return [...errors, ...validateBackend(asRecord(item.backend) ?? {}, `${path}.backend`)];
}

/** validateIngressBackend: exactly one of a resource or a service with a port name or number. */
function validateBackend(backend: JsonRecord, path: string): FieldError[] {
  const resource = asRecord(backend.resource);
  const service = asRecord(backend.service);
  if (resource && service) return [fieldError.invalid(path, '', 'cannot set both resource and service backends')];
  if (resource) return validateTypedReference(resource, `${path}.resource`);
  if (!service) return [fieldError.invalid(path, '', 'resource or service backend is required')];
  const name = asText(service.name);
  const errors = name.length === 0 ? [fieldError.required(`${path}.service.name`)]
    : isDNS1035Label(name).map((message) => fieldError.invalid(`${path}.service.name`, name, message));
  const port = asRecord(service.port) ?? {};
  const portName = asText(port.name);
  const portNumber = asNumber(port.number) ?? 0;
  if (portName.length > 0 && portNumber !== 0) errors.push(fieldError.invalid(path, '', 'cannot set both port name & port number'));
  else if (portName.length > 0) errors.push(...isValidWorkloadPortName(portName).map((message) => fieldError.invalid(`${path}.service.port.name`, portName, message)));
  else if (portNumber !== 0) errors.push(...isValidPortNum(portNumber).map((message) => fieldError.invalid(`${path}.service.port.number`, portNumber, message)));
  else errors.push(fieldError.required(path, 'port name or number is required'));
  return errors;
}

/** validateIngressTypedLocalObjectReference: an optional API group, a kind and a name (also IngressClass parameters). */
export function validateTypedReference(reference: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const apiGroup = asOptionalText(reference.apiGroup);
  if (apiGroup !== undefined) errors.push(...isDNS1123Subdomain(apiGroup).map((message) => fieldError.invalid(`${path}.apiGroup`, apiGroup, message)));
  for (const key of ['kind', 'name']) {
    const value = asText(reference[key]);
    if (value.length === 0) errors.push(fieldError.required(`${path}.${key}`));
    else errors.push(...isValidPathSegmentName(value).map((message) => fieldError.invalid(`${path}.${key}`, value, message)));
  }
  return errors;
}

function validateTLS(tls: JsonRecord, path: string, options: IngressOptions): FieldError[] {
  const errors = asList(tls.hosts).flatMap((host, index) => {
    const text = asText(host);
    const messages = text.includes('*') ? isWildcardDNS1123Subdomain(text) : isDNS1123Subdomain(text);
    return messages.map((message) => fieldError.invalid(`${path}.hosts[${index}]`, text, message));
  });
  const secretName = asText(tls.secretName);
  if (!options.allowInvalidSecretName && secretName.length > 0) {
    errors.push(...isDNS1123Subdomain(secretName).map((message) => fieldError.invalid(`${path}.secretName`, secretName, message)));
  }
  return errors;
}

/** ValidateIngressCreate: the spec, and the legacy class annotation agreeing with ingressClassName. */
function validateIngressCreate(object: KubeObject): FieldError[] {
  const spec = specOf(object);
  const errors = validateIngressSpec(spec, 'spec', { allowInvalidSecretName: false, allowInvalidWildcardHostRule: false });
  const annotation = object.metadata.annotations?.['kubernetes.io/ingress.class'];
  const className = asOptionalText(spec.ingressClassName);
  if (annotation !== undefined && className !== undefined && annotation !== className) {
    errors.push(fieldError.invalid('annotations.kubernetes.io/ingress.class', annotation, 'must match `ingressClassName` when both are specified'));
  }
  return errors;
}

/** ValidateIngressUpdate: invalid secret names and wildcard rules the old object had stay allowed. */
function validateIngressUpdate(object: KubeObject, old: KubeObject): FieldError[] {
  const oldSpec = specOf(old);
  const allowInvalidSecretName = asRecords(oldSpec.tls).some((tls) => asText(tls.secretName).length > 0 && isDNS1123Subdomain(asText(tls.secretName)).length > 0);
  const allowInvalidWildcardHostRule = asRecords(oldSpec.rules).some((rule) => asText(rule.host).includes('*') && validateRuleValue(rule, '').length > 0);
  return validateIngressSpec(specOf(object), 'spec', { allowInvalidSecretName, allowInvalidWildcardHostRule });
}

export const ingressSemantics: KindSemantics = {
  // IngressStatus.loadBalancer is a struct: omitempty does not hide it.
  prepareForCreate: (object) => resetStatus(object, { loadBalancer: {} }),
  prepareForUpdate: keepStatus,
  validate: validateIngressCreate,
  validateUpdate: validateIngressUpdate,
};
