/**
 * ValidatePodSpec and ValidatePodTemplateSpec (pkg/apis/core/validation, kube v1.32), in kube's
 * order, with every path under a caller's prefix (`spec` for a Pod, `spec.template.spec` for
 * workloads) so that the workload kinds reuse them.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { validateAnnotations, validateLabels } from '../../apimachinery/validation/metadata-fields.js';
import { inclusiveRangeError, isDNS1123Label } from '../../apimachinery/validation/names.js';
import { validateName } from '../../apimachinery/validation/object-meta.js';
import { asRecord, asRecords, asText, asTextMap, type JsonRecord } from '../json-values.js';
import { validateContainerCommon, validateContainers, validateInitContainers } from './container-validation.js';
import { validateContainerResources } from './resource-validation.js';
import {
  validateDNSConfig, validateHostAliases, validateReadinessGates, validateSchedulingGates, validateTolerations,
  validateTopologySpreadConstraints,
} from './scheduling-validation.js';
import { validateHostNetworkPorts, validatePodSecurityContext } from './security-context-validation.js';
import { validateVolumes } from './volume-validation.js';

/** PodValidationOptions that change results. */
export interface PodSpecOptions {
  /** The spec belongs to a Pod, not a template: hostNetwork host ports must be set. */
  resourceIsPod?: boolean;
}

const restartPolicies = ['Always', 'OnFailure', 'Never'];
const dnsPolicies = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const maxInt32 = 2147483647;

/** ValidatePodSpec: a defaulted pod spec's errors, every path under `path`. */
export function validatePodSpec(spec: JsonRecord, path: string, options: PodSpecOptions = {}): FieldError[] {
  const errors: FieldError[] = [];
  const grace = spec.terminationGracePeriodSeconds;
  if (grace === undefined || grace === null) errors.push(fieldError.required(`${path}.terminationGracePeriodSeconds`));
  const gracePeriod = typeof grace === 'number' ? grace : undefined;
  const volumes = validateVolumes(spec.volumes, `${path}.volumes`);
  errors.push(...volumes.errors);
  const context = { volumes: volumes.names, gracePeriod };
  errors.push(...validateContainers(spec.containers, `${path}.containers`, context));
  errors.push(...validateInitContainers(spec.initContainers, spec.containers, `${path}.initContainers`, context));
  errors.push(...validateEphemeralContainers(spec, `${path}.ephemeralContainers`, context));
  errors.push(...validateHostNetworkPorts(spec, path, options.resourceIsPod ?? false));
  errors.push(...validateEnum(spec.restartPolicy, `${path}.restartPolicy`, restartPolicies));
  errors.push(...validateEnum(spec.dnsPolicy, `${path}.dnsPolicy`, dnsPolicies));
  errors.push(...validateLabels(asTextMap(spec.nodeSelector), `${path}.nodeSelector`));
  errors.push(...validatePodSecurityContext(spec.securityContext, `${path}.securityContext`));
  errors.push(...validateDNSConfig(spec, `${path}.dnsConfig`));
  errors.push(...validateReadinessGates(spec.readinessGates, `${path}.readinessGates`));
  errors.push(...validateSchedulingGates(spec.schedulingGates, `${path}.schedulingGates`));
  errors.push(...validateTopologySpreadConstraints(spec.topologySpreadConstraints, `${path}.topologySpreadConstraints`));
  errors.push(...validateNames(spec, path));
  errors.push(...validateTolerations(spec.tolerations, `${path}.tolerations`));
  errors.push(...validateHostAliases(spec.hostAliases, `${path}.hostAliases`));
  errors.push(...validateScheduling(spec, path));
  return errors;
}

/** A required enum: Required when empty, NotSupported (kube's listed order) when unknown. */
function validateEnum(value: unknown, path: string, supported: string[]): FieldError[] {
  if (value === undefined || value === null || value === '') return [fieldError.required(path)];
  return typeof value === 'string' && supported.includes(value) ? [] : [fieldError.notSupported(path, value, supported)];
}

function validateEphemeralContainers(spec: JsonRecord, path: string, context: { volumes: ReadonlySet<string>; gracePeriod: number | undefined }): FieldError[] {
  const names = new Set([...asRecords(spec.containers), ...asRecords(spec.initContainers)].map((container) => asText(container.name)));
  const targets = new Set(names);
  return asRecords(spec.ephemeralContainers).flatMap((container, index) => {
    const itemPath = `${path}[${index}]`;
    const errors = validateContainerCommon(container, itemPath, context);
    const name = asText(container.name);
    if (names.has(name)) errors.push(fieldError.duplicate(`${itemPath}.name`, name));
    else names.add(name);
    const target = asText(container.targetContainerName);
    if (target && !targets.has(target)) errors.push(fieldError.notFound(`${itemPath}.targetContainerName`, target));
    for (const key of ['ports', 'resources', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle']) {
      if (isSet(container[key])) errors.push(fieldError.forbidden(`${itemPath}.${key}`, 'cannot be set for an Ephemeral Container'));
    }
    return errors;
  });
}

/** Not Go's zero value: ephemeral containers may not set these (resources defaults to {}, which is zero). */
function isSet(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  const record = asRecord(value);
  return record ? Object.values(record).some((item) => item !== undefined && item !== null) : true;
}

/** serviceAccountName, nodeName, activeDeadlineSeconds, hostname and subdomain. */
function validateNames(spec: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const named: Array<[string, 'subdomain']> = [['serviceAccountName', 'subdomain'], ['nodeName', 'subdomain']];
  for (const [key, kind] of named) {
    const value = asText(spec[key]);
    if (value) errors.push(...validateName(kind, value, false).map((message) => fieldError.invalid(`${path}.${key}`, value, message)));
  }
  const deadline = spec.activeDeadlineSeconds;
  if (typeof deadline === 'number' && (deadline < 1 || deadline > maxInt32)) {
    errors.push(fieldError.invalid(`${path}.activeDeadlineSeconds`, deadline, inclusiveRangeError(1, maxInt32)));
  }
  for (const key of ['hostname', 'subdomain']) {
    const value = asText(spec[key]);
    if (value) errors.push(...isDNS1123Label(value).map((message) => fieldError.invalid(`${path}.${key}`, value, message)));
  }
  return errors;
}

/** priorityClassName, runtimeClassName, preemptionPolicy, overhead and os. */
function validateScheduling(spec: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of ['priorityClassName', 'runtimeClassName']) {
    const value = asText(spec[key]);
    if (value || (key === 'runtimeClassName' && typeof spec[key] === 'string')) {
      errors.push(...validateName('subdomain', value, false).map((message) => fieldError.invalid(`${path}.${key}`, value, message)));
    }
  }
  if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== null) {
    errors.push(...validateEnum(spec.preemptionPolicy, `${path}.preemptionPolicy`, ['PreemptLowerPriority', 'Never']));
  }
  // validateOverhead reuses the container rules on {limits: overhead}.
  if (asRecord(spec.overhead)) errors.push(...validateContainerResources({ limits: spec.overhead }, `${path}.overhead`));
  const os = asRecord(spec.os);
  if (os) {
    const name = asText(os.name);
    if (!name) errors.push(fieldError.required(`${path}.os.name`, 'cannot be empty'));
    else if (name !== 'linux' && name !== 'windows') errors.push(fieldError.notSupported(`${path}.os`, name, ['linux', 'windows']));
  }
  return errors;
}

/** ValidatePodTemplateSpec: template labels and annotations, the spec, no ephemeral containers. */
export function validatePodTemplateSpec(template: JsonRecord, path: string): FieldError[] {
  const metadata = asRecord(template.metadata) ?? {};
  const spec = asRecord(template.spec) ?? {};
  const errors = [
    ...validateLabels(asTextMap(metadata.labels), `${path}.labels`),
    ...validateAnnotations(asTextMap(metadata.annotations), `${path}.annotations`),
    ...validatePodSpec(spec, `${path}.spec`),
  ];
  if (asRecords(spec.ephemeralContainers).length) {
    errors.push(fieldError.forbidden(`${path}.spec.ephemeralContainers`, 'ephemeral containers not allowed in pod template'));
  }
  return errors;
}
