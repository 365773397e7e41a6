/**
 * CertificateSigningRequest conditions (pkg/apis/certificates/validation, pkg/registry/certificates,
 * kube v1.32): validateConditions, the update rules per path (no removal of Approved, Denied or
 * Failed; Approved and Denied only through /approval), and the timestamps and preserved approval
 * conditions the /status and /approval strategies fill in. Rules an existing object already breaks
 * are tolerated, as kube's getValidationOptions does.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { kubeTimestamp } from '../../apimachinery/object.js';
import { asRecord, asRecords, asText, type JsonRecord } from '../json-values.js';
import { sameJson } from '../json-equality.js';

const trueOnly = new Set(['Approved', 'Denied', 'Failed']);
const conditionFields = ['type', 'status', 'reason', 'message', 'lastUpdateTime', 'lastTransitionTime'];

/** The conditions of a CSR's status. */
export const conditionsOf = (csr: JsonRecord): JsonRecord[] => asRecords(asRecord(csr.status)?.conditions);

/** Tolerances for data an existing object already carries (getValidationOptions). */
export interface ConditionTolerances {
  bothApprovedAndDenied: boolean;
  duplicateTypes: boolean;
  emptyType: boolean;
}

export function tolerancesOf(old: JsonRecord | null): ConditionTolerances {
  const conditions = old ? conditionsOf(old) : [];
  const types = conditions.map((condition) => asText(condition.type));
  return {
    bothApprovedAndDenied: types.includes('Approved') && types.includes('Denied'),
    duplicateTypes: new Set(types).size !== types.length,
    emptyType: types.includes(''),
  };
}

/** validateConditions: types present and unique, status True/False/Unknown (True only for Approved, Denied, Failed). */
export function validateConditions(csr: JsonRecord, tolerate: ConditionTolerances): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  conditionsOf(csr).forEach((condition, index) => {
    const path = `status.conditions[${index}]`;
    const type = asText(condition.type);
    const status = asText(condition.status);
    if (!tolerate.emptyType && !type) errors.push(fieldError.required(`${path}.type`));
    const allowed = trueOnly.has(type) ? ['True'] : ['False', 'True', 'Unknown'];
    if (!status) errors.push(fieldError.required(`${path}.status`));
    else if (!allowed.includes(status)) errors.push(fieldError.notSupported(`${path}.status`, status, allowed));
    if (!tolerate.bothApprovedAndDenied && (type === 'Approved' || type === 'Denied')) {
      if ((type === 'Approved' && denied) || (type === 'Denied' && approved)) {
        errors.push(fieldError.invalid(`${path}.type`, type, 'Approved and Denied conditions are mutually exclusive'));
      }
      if (type === 'Approved') approved = true;
      else denied = true;
    }
    if (!tolerate.duplicateTypes && seen.has(type)) errors.push(fieldError.duplicate(`${path}.type`, type));
    seen.add(type);
  });
  return errors;
}

/** Approved, Denied and Failed conditions cannot be removed; Approved and Denied change only through /approval. */
export function validateConditionUpdate(csr: JsonRecord, old: JsonRecord, approval: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const ofType = (object: JsonRecord, type: string) => conditionsOf(object).filter((condition) => condition.type === type);
  for (const type of ['Approved', 'Denied', 'Failed']) {
    if (ofType(csr, type).length < ofType(old, type).length) {
      errors.push(fieldError.forbidden('status.conditions', `updates may not remove a condition of type "${type}"`));
    }
  }
  if (approval) return errors;
  for (const type of ['Approved', 'Denied']) {
    const now = ofType(csr, type);
    const before = ofType(old, type);
    if (now.length > before.length) errors.push(fieldError.forbidden('status.conditions', `updates may not add a condition of type "${type}"`));
    else if (now.length === before.length && !sameJson(now, before)) {
      errors.push(fieldError.forbidden('status.conditions', `updates may not modify a condition of type "${type}"`));
    }
  }
  return errors;
}

/**
 * populateConditionTimestamps: lastUpdateTime defaults to now; lastTransitionTime to that of the
 * old condition with the same type and status, else now. Fields in kube's order.
 */
export function populateConditionTimestamps(csr: JsonRecord, old: JsonRecord, now: Date): void {
  const status = asRecord(csr.status);
  if (!status || !Array.isArray(status.conditions)) return;
  const oldConditions = conditionsOf(old);
  status.conditions = asRecords(status.conditions).map((condition) => {
    const filled: JsonRecord = { ...condition };
    filled.lastUpdateTime ??= kubeTimestamp(now);
    filled.lastTransitionTime ??= oldConditions.find((candidate) =>
      candidate.type === condition.type && candidate.status === condition.status && candidate.lastTransitionTime)?.lastTransitionTime ?? kubeTimestamp(now);
    return inConditionOrder(filled);
  });
}

/** The status strategy keeps the stored Approved and Denied conditions where the update has as many of them. */
export function preserveApprovalConditions(csr: JsonRecord, old: JsonRecord): void {
  const conditions = asRecord(csr.status)?.conditions;
  if (!Array.isArray(conditions)) return;
  for (const type of ['Approved', 'Denied']) {
    const oldOnes = conditionsOf(old).filter((condition) => condition.type === type);
    const indices = conditions.flatMap((condition, index) => (asRecord(condition)?.type === type ? [index] : []));
    if (indices.length !== oldOnes.length) continue;
    indices.forEach((index, position) => (conditions[index] = structuredClone(oldOnes[position])));
  }
}

function inConditionOrder(condition: JsonRecord): JsonRecord {
  const ordered: JsonRecord = {};
  for (const key of conditionFields) if (condition[key] !== undefined && condition[key] !== null) ordered[key] = condition[key];
  return Object.assign(ordered, condition);
}
