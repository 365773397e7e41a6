/**
 * Event (core/v1): legacyValidateEvent, the only validation kube applies to core/v1 Events
 * (pkg/apis/core/validation/events.go, kube v1.32; ObjectMeta is skipped for this version too,
 * see kind-facts). Old-style events (no eventTime) need a namespace that agrees with the involved
 * object's; new-style ones need reportingController, reportingInstance, action and reason, with
 * length limits.
 */
import { fieldError, type FieldError } from '../../core/field-errors.js';
import { byteLength, isDNS1123Subdomain, isQualifiedName } from '../../core/validation/names.js';
import { asRecord, asText, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';

const limits = { reportingInstance: 128, action: 128, reason: 128, message: 1024 };

function validateEvent(event: JsonRecord): FieldError[] {
  const namespace = asText(asRecord(event.metadata)?.namespace);
  const involvedNamespace = asText(asRecord(event.involvedObject)?.namespace);
  const mismatch = () => fieldError.invalid('involvedObject.namespace', involvedNamespace, 'does not match event.namespace');
  const errors: FieldError[] = [];
  if (!event.eventTime) {
    // Without eventTime, "default" stands in for an empty namespace (old clients).
    if (involvedNamespace ? namespace !== involvedNamespace : namespace !== '' && namespace !== 'default') errors.push(mismatch());
  } else {
    if (!involvedNamespace && namespace !== 'default' && namespace !== 'kube-system') errors.push(mismatch());
    errors.push(...validateReporting(event));
  }
  // kube reports the namespace on the path `namespace`, without `metadata.`.
  errors.push(...isDNS1123Subdomain(namespace).map((message) => fieldError.invalid('namespace', namespace, message)));
  return errors;
}

/** New-style events: reporting fields required, with kube's length limits (bytes, values left out of the message). */
function validateReporting(event: JsonRecord): FieldError[] {
  // The internal field ReportingController is `reportingComponent` in core/v1 JSON; kube's path uses the internal name.
  const controller = asText(event.reportingComponent);
  const errors = controller ? [] : [fieldError.required('reportingController')];
  errors.push(...isQualifiedName(controller).map((message) => fieldError.invalid('reportingController', controller, message)));
  for (const field of ['reportingInstance', 'action', 'reason', 'message'] as const) {
    const value = asText(event[field]);
    if (!value && field !== 'message') errors.push(fieldError.required(field));
    if (byteLength(value) > limits[field]) errors.push(fieldError.invalid(field, '', `can have at most ${limits[field]} characters`));
  }
  return errors;
}

/** The core/v1 Event kind's semantics. */
export const event: KindSemantics = {
  validate: (object) => validateEvent(object as JsonRecord),
  validateUpdate: (object) => validateEvent(object as JsonRecord),
};
