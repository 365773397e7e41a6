/**
 * Security contexts, after pkg/apis/core/validation ValidateSecurityContext and
 * validatePodSpecSecurityContext (kube v1.32): user and group ids, proc mount, seccomp profile,
 * privilege escalation, sysctl names, fsGroupChangePolicy. Windows options are not checked.
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { asList, asRecord, asRecords, asText, type JsonRecord } from '../json-values.js';
import { inclusiveRangeError } from '../../apimachinery/validation/names.js';

const maxId = 2147483647;

function validateId(value: unknown, path: string): FieldError[] {
  if (typeof value !== 'number') return [];
  return value >= 0 && value <= maxId ? [] : [fieldError.invalid(path, value, inclusiveRangeError(0, maxId))];
}

/** validateSeccompProfileField. */
function validateSeccompProfile(profile: unknown, path: string): FieldError[] {
  const record = asRecord(profile);
  if (!record) return [];
  const type = asText(record.type);
  const types = ['Localhost', 'RuntimeDefault', 'Unconfined'];
  const errors: FieldError[] = [];
  if (!type) errors.push(fieldError.required(`${path}.type`, 'type is required when seccompProfile is set'));
  else if (!types.includes(type)) errors.push(fieldError.notSupported(`${path}.type`, type, types));
  if (type === 'Localhost' && record.localhostProfile === undefined) {
    errors.push(fieldError.required(`${path}.localhostProfile`, 'must be set when seccomp type is Localhost'));
  } else if (type !== 'Localhost' && record.localhostProfile !== undefined) {
    errors.push(fieldError.invalid(`${path}.localhostProfile`, record, 'can only be set when seccomp type is Localhost'));
  }
  return errors;
}

/** ValidateSecurityContext for a container's securityContext. */
export function validateContainerSecurityContext(context: unknown, path: string): FieldError[] {
  const record = asRecord(context);
  if (!record) return [];
  const errors = [...validateId(record.runAsUser, `${path}.runAsUser`), ...validateId(record.runAsGroup, `${path}.runAsGroup`)];
  if (record.procMount !== undefined && record.procMount !== 'Default' && record.procMount !== 'Unmasked') {
    errors.push(fieldError.notSupported(`${path}.procMount`, record.procMount, ['Default', 'Unmasked']));
  }
  errors.push(...validateSeccompProfile(record.seccompProfile, `${path}.seccompProfile`));
  if (record.allowPrivilegeEscalation === false && record.privileged === true) {
    errors.push(fieldError.invalid(path, securityContextLiteral(), 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true'));
  }
  const added = asList(asRecord(record.capabilities)?.add);
  if (record.allowPrivilegeEscalation === false && added.includes('CAP_SYS_ADMIN')) {
    errors.push(fieldError.invalid(path, securityContextLiteral(), 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN'));
  }
  return errors;
}

/** kube prints the whole *core.SecurityContext with %#v here; its pointer fields render as addresses, so only the type is kept. */
function securityContextLiteral(): GoLiteral {
  return new GoLiteral('&core.SecurityContext{...}');
}

const sysctlSegment = '[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const sysctlPattern = new RegExp(`^(${sysctlSegment}[\\./])*${sysctlSegment}$`);

/** validatePodSpecSecurityContext for `spec.securityContext`. */
export function validatePodSecurityContext(context: unknown, path: string): FieldError[] {
  const record = asRecord(context);
  if (!record) return [];
  const errors = [
    ...validateId(record.fsGroup, `${path}.fsGroup`),
    ...validateId(record.runAsUser, `${path}.runAsUser`),
    ...validateId(record.runAsGroup, `${path}.runAsGroup`),
  ];
  asList(record.supplementalGroups).forEach((group, index) => errors.push(...validateId(group, `${path}.supplementalGroups[${index}]`)));
  errors.push(...validateSysctls(record, `${path}.sysctls`));
  const policy = record.fsGroupChangePolicy;
  if (policy !== undefined && policy !== 'Always' && policy !== 'OnRootMismatch') {
    errors.push(fieldError.notSupported(`${path}.fsGroupChangePolicy`, policy, ['Always', 'OnRootMismatch']));
  }
  errors.push(...validateSeccompProfile(record.seccompProfile, `${path}.seccompProfile`));
  return errors;
}

function validateSysctls(context: JsonRecord, path: string): FieldError[] {
  const seen = new Set<string>();
  return asRecords(context.sysctls).flatMap((sysctl, index) => {
    const name = asText(sysctl.name);
    const namePath = `${path}[${index}].name`;
    const errors: FieldError[] = [];
    if (!name) errors.push(fieldError.required(namePath));
    else if (name.length > 253 || !sysctlPattern.test(name)) {
      errors.push(fieldError.invalid(namePath, name, `must have at most 253 characters and match regex ${sysctlPattern.source}`));
    } else if (seen.has(name)) errors.push(fieldError.duplicate(namePath, name));
    seen.add(name);
    return errors;
  });
}

/** validatePodHostNetworkDeps: with hostNetwork, a pod's hostPort must equal containerPort (templates may leave it 0). */
export function validateHostNetworkPorts(spec: JsonRecord, path: string, resourceIsPod: boolean): FieldError[] {
  if (spec.hostNetwork !== true) return [];
  return asRecords(spec.containers).flatMap((container, containerIndex) =>
    asRecords(container.ports).flatMap((port, portIndex) => {
      const hostPort = typeof port.hostPort === 'number' ? port.hostPort : 0;
      const containerPort = typeof port.containerPort === 'number' ? port.containerPort : 0;
      if ((!resourceIsPod && hostPort === 0) || hostPort === containerPort) return [];
      const portPath = `${path}.containers[${containerIndex}].ports[${portIndex}].hostPort`;
      return [fieldError.invalid(portPath, hostPort, 'must match `containerPort` when `hostNetwork` is true')];
    }),
  );
}
