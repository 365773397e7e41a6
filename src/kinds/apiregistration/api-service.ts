/**
 * apiregistration.k8s.io/v1 APIService, kube v1.32's kube-aggregator: SetDefaults_ServiceReference
 * (port 443), the strategy's PrepareForCreate (status cleared; a Local APIService, one without a
 * service, is Available at once with reason Local) and ValidateAPIService /
 * ValidateAPIServiceStatus (pkg/apis/apiregistration/validation), with kube's texts.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1035Label, isDNS1123Subdomain, isValidPathSegmentName } from '../../apimachinery/validation/names.js';
import { isValidPortNum } from '../../apimachinery/validation/ports.js';
import { kubeTimestamp, type KubeObject } from '../../apimachinery/object.js';
import { asList, asNumber, asRecord, asText, orderKeys, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';

/** The condition every Local APIService carries (NewLocalAvailableAPIServiceCondition). */
export function localAvailableCondition(now: Date): JsonRecord {
  return { type: 'Available', status: 'True', lastTransitionTime: kubeTimestamp(now), reason: 'Local', message: 'Local APIServices are always available' };
}

/** SetDefaults_ServiceReference; keys in Go's field order. */
function defaultAPIService(object: KubeObject): void {
  const spec = asRecord(object.spec);
  const service = asRecord(spec?.service);
  if (service) {
    if (service.port === undefined || service.port === null) service.port = 443;
    orderKeys(service, ['namespace', 'name', 'port']);
  }
  if (spec) orderKeys(spec, ['service', 'group', 'version', 'insecureSkipTLSVerify', 'caBundle', 'groupPriorityMinimum', 'versionPriority']);
}

function prepareForCreate(object: KubeObject): void {
  object.status = {};
  const spec = asRecord(object.spec);
  if (!asRecord(spec?.service)) object.status = { conditions: [localAvailableCondition(new Date())] };
}

/** ValidateAPIService, ObjectMeta aside (the name must also be `version.group`). */
export function validateAPIService(object: KubeObject): FieldError[] {
  const spec = asRecord(object.spec) ?? {};
  const group = asText(spec.group);
  const version = asText(spec.version);
  const errors: FieldError[] = [];
  const name = object.metadata.name ?? '';
  const required = `${version}.${group}`;
  if (isValidPathSegmentName(name).length === 0 && name !== required) {
    errors.push(fieldError.invalid('metadata.name', name, `must be \`spec.version+"."+spec.group\`: "${required}"`));
  }
  if (group === '' && version !== 'v1') errors.push(fieldError.required('spec.group', 'only v1 may have an empty group and it better be legacy kube'));
  if (group !== '') errors.push(...isDNS1123Subdomain(group).map((message) => fieldError.invalid('spec.group', group, message)));
  errors.push(...isDNS1035Label(version).map((message) => fieldError.invalid('spec.version', version, message)));
  const groupPriority = asNumber(spec.groupPriorityMinimum) ?? 0;
  if (groupPriority <= 0 || groupPriority > 20000) errors.push(fieldError.invalid('spec.groupPriorityMinimum', groupPriority, 'must be positive and less than 20000'));
  const versionPriority = asNumber(spec.versionPriority) ?? 0;
  if (versionPriority <= 0 || versionPriority > 1000) errors.push(fieldError.invalid('spec.versionPriority', versionPriority, 'must be positive and less than 1000'));
  return [...errors, ...validateServiceReference(spec)];
}

/** Base64 text's decoded length, as the Go []byte the caBundle is. */
const decodedLength = (base64: string): number => Math.floor((base64.replace(/=+$/, '').length * 3) / 4);

function validateServiceReference(spec: JsonRecord): FieldError[] {
  const caBundle = asText(spec.caBundle);
  const insecure = spec.insecureSkipTLSVerify === true;
  const service = asRecord(spec.service);
  const errors: FieldError[] = [];
  if (!service) {
    if (caBundle !== '') errors.push(fieldError.invalid('spec.caBundle', `${decodedLength(caBundle)} bytes`, 'local APIServices may not have a caBundle'));
    if (insecure) errors.push(fieldError.invalid('spec.insecureSkipTLSVerify', true, 'local APIServices may not have insecureSkipTLSVerify'));
    return errors;
  }
  if (asText(service.namespace) === '') errors.push(fieldError.required('spec.service.namespace'));
  if (asText(service.name) === '') errors.push(fieldError.required('spec.service.name'));
  const port = asNumber(service.port) ?? 0;
  const portProblems = isValidPortNum(port);
  if (portProblems.length) errors.push(fieldError.invalid('spec.service.port', port, `port is not valid: ${portProblems.join(', ')}`));
  if (insecure && caBundle !== '') errors.push(fieldError.invalid('spec.insecureSkipTLSVerify', true, 'may not be true if caBundle is present'));
  return errors;
}

/** ValidateAPIServiceStatus: condition statuses are True, False or Unknown. */
function validateStatus(object: KubeObject): FieldError[] {
  return asList(asRecord(object.status)?.conditions).flatMap((condition, index) => {
    const status = asText(asRecord(condition)?.status);
    if (status === 'True' || status === 'False' || status === 'Unknown') return [];
    return [fieldError.notSupported(`status.conditions[${index}].status`, status, ['True', 'False', 'Unknown'])];
  });
}

export const apiServiceSemantics: KindSemantics = {
  default: defaultAPIService,
  prepareForCreate,
  validate: validateAPIService,
  validateUpdate: (object) => validateAPIService(object),
  validateStatusUpdate: (object) => validateStatus(object),
};
