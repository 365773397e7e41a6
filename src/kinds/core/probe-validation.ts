/**
 * Probes and lifecycle hooks, after pkg/apis/core/validation validateProbe, validateHandler and
 * validateLifecycle (kube v1.32, PodLifecycleSleepActionAllowZero off).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import { regexError } from '../../apimachinery/validation/names.js';
import { asNumber, asRecord, asText, asTexts, type JsonRecord } from '../json-values.js';
import { validatePortNumberOrName } from '../../apimachinery/validation/ports.js';

/** The liveness, readiness and startup probes of a container, each with its own extra rule. */
export function validateProbes(container: JsonRecord, path: string, gracePeriod: number | undefined): FieldError[] {
  const errors: FieldError[] = [];
  for (const kind of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
    const probe = asRecord(container[kind]);
    if (!probe) continue;
    const probePath = `${path}.${kind}`;
    errors.push(...validateProbe(probe, probePath, gracePeriod));
    if (kind !== 'readinessProbe' && probe.successThreshold !== 1) {
      errors.push(fieldError.invalid(`${probePath}.successThreshold`, probe.successThreshold ?? 0, 'must be 1'));
    }
    if (kind === 'readinessProbe' && probe.terminationGracePeriodSeconds !== undefined) {
      errors.push(fieldError.invalid(`${probePath}.terminationGracePeriodSeconds`, probe.terminationGracePeriodSeconds, 'must not be set for readinessProbes'));
    }
  }
  return errors;
}

const probeCounters = ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'];

function validateProbe(probe: JsonRecord, path: string, gracePeriod: number | undefined): FieldError[] {
  const errors = validateHandler(probe, path, gracePeriod, ['exec', 'httpGet', 'tcpSocket', 'grpc']);
  for (const key of probeCounters) errors.push(...validateNonNegativeField(asNumber(probe[key]), `${path}.${key}`));
  const grace = probe.terminationGracePeriodSeconds;
  if (typeof grace === 'number' && grace <= 0) {
    errors.push(fieldError.invalid(`${path}.terminationGracePeriodSeconds`, grace, 'must be greater than 0'));
  }
  return errors;
}

/** validateLifecycle: postStart and preStop handlers (which may sleep). */
export function validateLifecycle(lifecycle: unknown, path: string, gracePeriod: number | undefined): FieldError[] {
  const record = asRecord(lifecycle) ?? {};
  return ['postStart', 'preStop'].flatMap((hook) => {
    const handler = asRecord(record[hook]);
    return handler ? validateHandler(handler, `${path}.${hook}`, gracePeriod, ['exec', 'httpGet', 'tcpSocket', 'sleep']) : [];
  });
}

/** validateHandler: exactly one handler type, each checked. */
function validateHandler(handler: JsonRecord, path: string, gracePeriod: number | undefined, kinds: string[]): FieldError[] {
  const errors: FieldError[] = [];
  let count = 0;
  for (const kind of ['exec', 'httpGet', 'tcpSocket', 'grpc', 'sleep'].filter((name) => kinds.includes(name))) {
    const action = asRecord(handler[kind]);
    if (!action) continue;
    const actionPath = `${path}.${kind}`;
    if (count++ > 0) errors.push(fieldError.forbidden(actionPath, 'may not specify more than 1 handler type'));
    else errors.push(...validateAction(kind, action, actionPath, gracePeriod));
  }
  if (count === 0) errors.push(fieldError.required(path, 'must specify a handler type'));
  return errors;
}

function validateAction(kind: string, action: JsonRecord, path: string, gracePeriod: number | undefined): FieldError[] {
  switch (kind) {
    case 'exec':
      return asTexts(action.command).length ? [] : [fieldError.required(`${path}.command`)];
    case 'httpGet':
      return validateHttpGet(action, path);
    case 'tcpSocket':
      return validatePortNumberOrName(action.port, `${path}.port`);
    case 'grpc':
      return validatePortNumberOrName(typeof action.port === 'number' ? action.port : 0, `${path}.port`);
    default:
      return validateSleep(action, path, gracePeriod);
  }
}

const httpHeaderFormat = '[-A-Za-z0-9]+';

function validateHttpGet(action: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!asText(action.path)) errors.push(fieldError.required(`${path}.path`));
  errors.push(...validatePortNumberOrName(action.port, `${path}.port`));
  if (action.scheme !== 'HTTP' && action.scheme !== 'HTTPS') errors.push(fieldError.notSupported(`${path}.scheme`, action.scheme ?? '', ['HTTP', 'HTTPS']));
  for (const header of Array.isArray(action.httpHeaders) ? action.httpHeaders : []) {
    const name = asText(asRecord(header)?.name);
    if (!new RegExp(`^${httpHeaderFormat}$`).test(name)) {
      const message = regexError("a valid HTTP header must consist of alphanumeric characters or '-'", httpHeaderFormat, 'X-Header-Name');
      errors.push(fieldError.invalid(`${path}.httpHeaders`, name, message));
    }
  }
  return errors;
}

/** validateSleepAction: 1..terminationGracePeriodSeconds while zero sleeps are behind an off feature gate. */
function validateSleep(action: JsonRecord, path: string, gracePeriod: number | undefined): FieldError[] {
  const seconds = typeof action.seconds === 'number' ? action.seconds : 0;
  if (gracePeriod === undefined || (seconds > 0 && seconds <= gracePeriod)) return [];
  const detail = `must be greater than 0 and less than terminationGracePeriodSeconds (${gracePeriod}). Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep.`;
  return [fieldError.invalid(path, seconds, detail)];
}
