/**
 * ValidatePriorityLevelConfiguration (pkg/apis/flowcontrol/validation, kube v1.32), ObjectMeta
 * aside: the v1beta3 zero-shares annotation is forbidden, `Exempt` iff the name is `exempt`, the
 * limited level's shares, percents and limit response (queue shape and shuffle-sharding entropy),
 * the mandatory levels' fixed spec (the exempt level's `spec.exempt` may change), the conditions.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asNumber, asRecord, asText, type JsonRecord } from '../json-values.js';
import { validateConditions } from './conditions.js';
import { mandatorySpecError } from './mandatory.js';

const preserveZeroSharesAnnotation = 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares';
/** priorityLevelConfigurationQueuingMaxQueues: 10^7. */
const maxQueues = 10_000_000;
/** shufflesharding.MaxHashBits. */
const maxHashBits = 60;

export function validatePriorityLevelConfiguration(object: KubeObject): FieldError[] {
  const name = object.metadata.name ?? '';
  const spec = asRecord(object.spec) ?? {};
  const errors: FieldError[] = [];
  if (object.metadata.annotations?.[preserveZeroSharesAnnotation] !== undefined) {
    errors.push(fieldError.forbidden('metadata.annotations', `annotation '${preserveZeroSharesAnnotation}' is forbidden`));
  }
  return [...errors, ...validateSpec(name, spec), ...mandatorySpecError('PriorityLevelConfiguration', name, spec), ...validateConditions(object)];
}

function validateSpec(name: string, spec: JsonRecord): FieldError[] {
  const type = asText(spec.type);
  const errors: FieldError[] = [];
  if ((name === 'exempt') !== (type === 'Exempt')) errors.push(fieldError.invalid('spec.type', type, "type must be 'Exempt' if and only if name is 'exempt'"));
  const limited = asRecord(spec.limited);
  const exempt = asRecord(spec.exempt);
  if (type === 'Exempt') {
    if (limited) errors.push(fieldError.forbidden('spec.limited', 'must be nil if the type is not Limited'));
    if (exempt) errors.push(...percentAndShares(exempt, 'spec.exempt', 'must be a non-negative integer'));
  } else if (type === 'Limited') {
    if (exempt) errors.push(fieldError.forbidden('spec.exempt', 'must be nil if the type is Limited'));
    if (!limited) errors.push(fieldError.required('spec.limited', 'must not be empty when type is Limited'));
    else errors.push(...validateLimited(limited));
  } else {
    errors.push(fieldError.notSupported('spec.type', type, ['Exempt', 'Limited']));
  }
  return errors;
}

/** The shares (non-negative) and lendablePercent (0 to 100) an exempt level may set. */
function percentAndShares(level: JsonRecord, path: string, sharesText: string): FieldError[] {
  const errors: FieldError[] = [];
  const shares = asNumber(level.nominalConcurrencyShares);
  if (shares !== undefined && shares < 0) errors.push(fieldError.invalid(`${path}.nominalConcurrencyShares`, shares, sharesText));
  const lendable = asNumber(level.lendablePercent);
  if (lendable !== undefined && !(lendable >= 0 && lendable <= 100)) errors.push(fieldError.invalid(`${path}.lendablePercent`, lendable, 'must be between 0 and 100, inclusive'));
  return errors;
}

function validateLimited(limited: JsonRecord): FieldError[] {
  const errors: FieldError[] = [];
  const shares = asNumber(limited.nominalConcurrencyShares) ?? 0;
  if (shares < 0) errors.push(fieldError.invalid('spec.limited.nominalConcurrencyShares', shares, 'must be a non-negative integer'));
  errors.push(...validateLimitResponse(asRecord(limited.limitResponse) ?? {}));
  const lendable = asNumber(limited.lendablePercent);
  if (lendable !== undefined && !(lendable >= 0 && lendable <= 100)) errors.push(fieldError.invalid('spec.limited.lendablePercent', lendable, 'must be between 0 and 100, inclusive'));
  const borrowing = asNumber(limited.borrowingLimitPercent);
  if (borrowing !== undefined && borrowing < 0) errors.push(fieldError.invalid('spec.limited.borrowingLimitPercent', borrowing, 'if specified, must be a non-negative integer'));
  return errors;
}

function validateLimitResponse(response: JsonRecord): FieldError[] {
  const path = 'spec.limited.limitResponse';
  const type = asText(response.type);
  const queuing = asRecord(response.queuing);
  if (type === 'Reject') return queuing ? [fieldError.forbidden(`${path}.queuing`, 'must be nil if limited.limitResponse.type is not Limited')] : [];
  if (type !== 'Queue') return [fieldError.notSupported(`${path}.type`, type, ['Queue', 'Reject'])];
  if (!queuing) return [fieldError.required(`${path}.queuing`, 'must not be empty if limited.limitResponse.type is Limited')];
  return validateQueuing(queuing, `${path}.queuing`);
}

function validateQueuing(queuing: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const lengthLimit = asNumber(queuing.queueLengthLimit) ?? 0;
  const queues = asNumber(queuing.queues) ?? 0;
  const handSize = asNumber(queuing.handSize) ?? 0;
  if (lengthLimit <= 0) errors.push(fieldError.invalid(`${path}.queueLengthLimit`, lengthLimit, 'must be positive'));
  if (queues <= 0) errors.push(fieldError.invalid(`${path}.queues`, queues, 'must be positive'));
  else if (queues > maxQueues) errors.push(fieldError.invalid(`${path}.queues`, queues, `must not be greater than ${maxQueues}`));
  if (handSize <= 0) errors.push(fieldError.invalid(`${path}.handSize`, handSize, 'must be positive'));
  else if (handSize > queues) errors.push(fieldError.invalid(`${path}.handSize`, handSize, `should not be greater than queues (${queues})`));
  else if (Math.ceil(Math.log2(queues) * handSize) > maxHashBits) {
    errors.push(fieldError.invalid(`${path}.handSize`, handSize, `required entropy bits of deckSize ${queues} and handSize ${handSize} should not be greater than ${maxHashBits}`));
  }
  return errors;
}
