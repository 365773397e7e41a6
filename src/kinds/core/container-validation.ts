/**
 * Container validation, after pkg/apis/core/validation validateContainers, validateInitContainers
 * and validateContainerCommon (kube v1.32, RelaxedEnvironmentVariableValidation on): names,
 * image, ports, env, mounts, pull policy, resources, probes, in kube's order.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1123Label } from '../../apimachinery/validation/names.js';
import { asRecords, asText, type JsonRecord } from '../json-values.js';
import { validateContainerEnv, validateContainerEnvFrom } from './env-validation.js';
import { isValidPortName, isValidPortNum } from '../../apimachinery/validation/ports.js';
import { validateLifecycle, validateProbes } from './probe-validation.js';
import { validateContainerResources } from './resource-validation.js';
import { validateContainerSecurityContext } from './security-context-validation.js';
import { validateVolumeMounts } from './volume-validation.js';

/** What container checks need from the pod spec around them. */
export interface ContainerContext {
  volumes: ReadonlySet<string>;
  gracePeriod: number | undefined;
}

const protocols = ['SCTP', 'TCP', 'UDP'];
const pullPolicies = ['Always', 'IfNotPresent', 'Never'];

/** validateContainers: required, each valid, names unique, no restartPolicy, host ports unique. */
export function validateContainers(containers: unknown, path: string, context: ContainerContext): FieldError[] {
  const list = asRecords(containers);
  if (list.length === 0) return [fieldError.required(path)];
  const errors: FieldError[] = [];
  const names = new Set<string>();
  list.forEach((container, index) => {
    const itemPath = `${path}[${index}]`;
    errors.push(...validateContainerCommon(container, itemPath, context));
    const name = asText(container.name);
    if (names.has(name)) errors.push(fieldError.duplicate(`${itemPath}.name`, name));
    else names.add(name);
    if (container.lifecycle) errors.push(...validateLifecycle(container.lifecycle, `${itemPath}.lifecycle`, context.gracePeriod));
    errors.push(...validateProbes(container, itemPath, context.gracePeriod));
    if (container.restartPolicy !== undefined) {
      errors.push(fieldError.forbidden(`${itemPath}.restartPolicy`, 'may not be set for non-init containers'));
    }
  });
  return [...errors, ...hostPortConflicts(list, path)];
}

/** validateInitContainers: names unique across init and regular containers; probes only for restartable ones. */
export function validateInitContainers(initContainers: unknown, regular: unknown, path: string, context: ContainerContext): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set(asRecords(regular).map((container) => asText(container.name)));
  asRecords(initContainers).forEach((container, index) => {
    const itemPath = `${path}[${index}]`;
    errors.push(...validateContainerCommon(container, itemPath, context));
    const restartable = container.restartPolicy === 'Always';
    if (container.restartPolicy !== undefined && !restartable) {
      errors.push(fieldError.notSupported(`${itemPath}.restartPolicy`, container.restartPolicy, ['Always']));
    }
    const name = asText(container.name);
    if (names.has(name)) errors.push(fieldError.duplicate(`${itemPath}.name`, name));
    else if (name) names.add(name);
    // kube checks each init container alone, so the path always says [0] (a kube quirk kept here).
    errors.push(...hostPortConflicts([container], path));
    errors.push(...initContainerHooks(container, itemPath, restartable, context));
  });
  return errors;
}

function initContainerHooks(container: JsonRecord, path: string, restartable: boolean, context: ContainerContext): FieldError[] {
  if (restartable) {
    const lifecycle = container.lifecycle ? validateLifecycle(container.lifecycle, `${path}.lifecycle`, context.gracePeriod) : [];
    return [...lifecycle, ...validateProbes(container, path, context.gracePeriod)];
  }
  return ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe']
    .filter((key) => container[key] !== undefined && container[key] !== null)
    .map((key) => fieldError.forbidden(`${path}.${key}`, 'may not be set for init containers without restartPolicy=Always'));
}

/** validateContainerCommon: what every container kind must satisfy. */
export function validateContainerCommon(container: JsonRecord, path: string, context: ContainerContext): FieldError[] {
  const errors: FieldError[] = [];
  const name = asText(container.name);
  if (!name) errors.push(fieldError.required(`${path}.name`));
  else errors.push(...isDNS1123Label(name).map((message) => fieldError.invalid(`${path}.name`, name, message)));
  if (!asText(container.image)) errors.push(fieldError.required(`${path}.image`));
  errors.push(...validateTerminationMessagePolicy(container.terminationMessagePolicy, `${path}.terminationMessagePolicy`));
  errors.push(...validateContainerPorts(container.ports, `${path}.ports`));
  errors.push(...validateContainerEnv(container.env, `${path}.env`));
  errors.push(...validateContainerEnvFrom(container.envFrom, `${path}.envFrom`));
  errors.push(...validateVolumeMounts(container.volumeMounts, `${path}.volumeMounts`, context.volumes));
  errors.push(...validatePullPolicy(container.imagePullPolicy, `${path}.imagePullPolicy`));
  errors.push(...validateContainerResources(container.resources, `${path}.resources`));
  errors.push(...validateContainerSecurityContext(container.securityContext, `${path}.securityContext`));
  return errors;
}

function validateTerminationMessagePolicy(policy: unknown, path: string): FieldError[] {
  if (policy === 'File' || policy === 'FallbackToLogsOnError') return [];
  if (!policy) return [fieldError.required(path)];
  return [fieldError.notSupported(path, policy, ['File', 'FallbackToLogsOnError'])];
}

function validatePullPolicy(policy: unknown, path: string): FieldError[] {
  if (typeof policy === 'string' && pullPolicies.includes(policy)) return [];
  if (!policy) return [fieldError.required(path)];
  return [fieldError.notSupported(path, policy, pullPolicies)];
}

/** validateContainerPorts: names unique IANA names, containerPort required, hostPort in range, protocol known. */
export function validateContainerPorts(ports: unknown, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  asRecords(ports).forEach((port, index) => {
    const itemPath = `${path}[${index}]`;
    const name = asText(port.name);
    if (name) {
      const messages = isValidPortName(name);
      if (messages.length) errors.push(...messages.map((message) => fieldError.invalid(`${itemPath}.name`, name, message)));
      else if (names.has(name)) errors.push(fieldError.duplicate(`${itemPath}.name`, name));
      else names.add(name);
    }
    const containerPort = typeof port.containerPort === 'number' ? port.containerPort : 0;
    if (containerPort === 0) errors.push(fieldError.required(`${itemPath}.containerPort`));
    else errors.push(...isValidPortNum(containerPort).map((message) => fieldError.invalid(`${itemPath}.containerPort`, containerPort, message)));
    const hostPort = typeof port.hostPort === 'number' ? port.hostPort : 0;
    if (hostPort !== 0) errors.push(...isValidPortNum(hostPort).map((message) => fieldError.invalid(`${itemPath}.hostPort`, hostPort, message)));
    errors.push(...validateProtocol(port.protocol, `${itemPath}.protocol`));
  });
  return errors;
}

/** A port protocol: required, one of SCTP, TCP, UDP (kube lists them sorted). */
export function validateProtocol(protocol: unknown, path: string): FieldError[] {
  if (!protocol) return [fieldError.required(path)];
  return typeof protocol === 'string' && protocols.includes(protocol) ? [] : [fieldError.notSupported(path, protocol, protocols)];
}

/** AccumulateUniqueHostPorts: the same protocol/hostIP/hostPort twice is a duplicate. */
function hostPortConflicts(containers: JsonRecord[], path: string): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  containers.forEach((container, containerIndex) => {
    asRecords(container.ports).forEach((port, portIndex) => {
      if (typeof port.hostPort !== 'number' || port.hostPort === 0) return;
      const key = `${asText(port.protocol)}/${asText(port.hostIP)}/${port.hostPort}`;
      if (seen.has(key)) errors.push(fieldError.duplicate(`${path}[${containerIndex}].ports[${portIndex}].hostPort`, key));
      else seen.add(key);
    });
  });
  return errors;
}

/** validateContainersOnlyForPod: a pod's images may not have surrounding whitespace (templates may). */
export function validateImageWhitespace(containers: unknown, path: string): FieldError[] {
  return asRecords(containers).flatMap((container, index) => {
    const image = asText(container.image);
    return image.trim() === image ? [] : [fieldError.invalid(`${path}[${index}].image`, image, 'must not have leading or trailing whitespace')];
  });
}
