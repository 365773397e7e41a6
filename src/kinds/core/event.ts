/**
 * Event validation (pkg/apis/core/validation/events.go, kube v1.32). Through core/v1 only
 * legacyValidateEvent applies (ObjectMeta is skipped for this version too, see kind-facts).
 * Old-style events (no eventTime) need a namespace that agrees with the involved object's;
 * new-style ones need the reporting controller, reportingInstance, action and reason, with length
 * limits. The reporting controller's path is the request version's name for it:
 * `reportingComponent` through core/v1, `reportingController` through events.k8s.io/v1.
 * Events are validated in their core/v1 form (event-conversion.ts), with the internal paths.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { byteLength, isDNS1123Subdomain, isQualifiedName } from '../../apimachinery/validation/names.js';
import { asRecord, asText, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { shapeCoreEvent } from './event-conversion.js';

const limits = { reportingInstance: 128, action: 128, reason: 128, message: 1024 };

/** The version a request reached Events through. */
export type EventRequestVersion = 'v1' | 'events.k8s.io/v1';

/** legacyValidateEvent on a core/v1-form event. */
export function legacyValidateEvent(event: JsonRecord, version: EventRequestVersion): FieldError[] {
  const namespace = asText(asRecord(event.metadata)?.namespace);
  const involvedNamespace = asText(asRecord(event.involvedObject)?.namespace);
  const mismatch = () => fieldError.invalid('involvedObject.namespace', involvedNamespace, 'does not match event.namespace');
  const errors: FieldError[] = [];
  if (!event.eventTime) {
    // Without eventTime, "default" stands in for an empty namespace (old clients).
    if (involvedNamespace ? namespace !== involvedNamespace : namespace !== '' && namespace !== 'default') errors.push(mismatch());
  } else {
    if (!involvedNamespace && namespace !== 'default' && namespace !== 'kube-system') errors.push(mismatch());
    errors.push(...validateReporting(event, version === 'v1' ? 'reportingComponent' : 'reportingController'));
  }
  // kube reports the namespace on the path `namespace`, without `metadata.`.
  errors.push(...isDNS1123Subdomain(namespace).map((message) => fieldError.invalid('namespace', namespace, message)));
  return errors;
}

/** New-style events: reporting fields required, with kube's length limits (bytes, values left out of the message). */
function validateReporting(event: JsonRecord, controllerPath: string): FieldError[] {
  const controller = asText(event.reportingComponent);
  const errors = controller ? [] : [fieldError.required(controllerPath)];
  errors.push(...isQualifiedName(controller).map((message) => fieldError.invalid(controllerPath, controller, message)));
  for (const field of ['reportingInstance', 'action', 'reason', 'message'] as const) {
    const value = asText(event[field]);
    if (!value && field !== 'message') errors.push(fieldError.required(field));
    if (byteLength(value) > limits[field]) errors.push(fieldError.invalid(field, '', `can have at most ${limits[field]} characters`));
  }
  return errors;
}

/** The core/v1 Event kind's semantics; decoded events take Go's shape (`source: {}`, null times, ...). */
export const event: KindSemantics = {
  default: shapeCoreEvent,
  validate: (object) => legacyValidateEvent(object as JsonRecord, 'v1'),
  validateUpdate: (object) => legacyValidateEvent(object as JsonRecord, 'v1'),
};
