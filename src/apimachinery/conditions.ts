/**
 * Status conditions as kube's controllers set them (SetCRDCondition, the namespace deleter's
 * updateConditions): a condition of a new type is appended with lastTransitionTime now; an
 * existing one takes the new status, reason and message, and a new lastTransitionTime only when
 * its status flips. Fields in kube's order: type, status, lastTransitionTime, reason, message.
 */
import { kubeTimestamp } from './object.js';

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason: string;
  message: string;
}

export type WantedCondition = Omit<Condition, 'lastTransitionTime'>;

/** Sets `wanted` in `conditions` (in place); true if anything changed. */
export function setCondition(conditions: Condition[], wanted: WantedCondition, now: Date): boolean {
  const index = conditions.findIndex((condition) => condition.type === wanted.type);
  const current = conditions[index];
  if (!current) {
    conditions.push({ type: wanted.type, status: wanted.status, lastTransitionTime: kubeTimestamp(now), reason: wanted.reason, message: wanted.message });
    return true;
  }
  if (current.status === wanted.status && current.reason === wanted.reason && current.message === wanted.message) return false;
  const lastTransitionTime = current.status !== wanted.status ? kubeTimestamp(now) : current.lastTransitionTime;
  conditions[index] = ordered({ ...wanted, lastTransitionTime });
  return true;
}

/** A copy of decoded conditions, in kube's field order. */
export function copyConditions(list: unknown): Condition[] {
  return Array.isArray(list) ? list.map((item) => ordered(item as Condition)) : [];
}

function ordered(condition: Condition): Condition {
  const { type, status, lastTransitionTime, reason, message } = condition;
  return lastTransitionTime === undefined ? { type, status, reason, message } : { type, status, lastTransitionTime, reason, message };
}
