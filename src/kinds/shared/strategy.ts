/**
 * What the workload kinds' REST strategies (pkg/registry/<group>/<kind>/strategy.go) share: the
 * spec as defaulting and validation see `obj.Spec`, the status resets and carries of
 * PrepareForCreate / PrepareForUpdate, and ValidateImmutableField.
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { fieldImmutableMessage } from '../../apimachinery/validation/metadata-fields.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { semanticEqual } from '../json-equality.js';
import { asRecord, ensureRecord, type JsonRecord } from '../json-values.js';

/** The object's spec for writing (created when absent), as defaulting functions see `obj.Spec`. */
export function specForWrite(object: KubeObject): JsonRecord {
  return ensureRecord(object, 'spec');
}

/** The object's spec for reading; an absent spec reads as an empty struct. */
export function specOf(object: KubeObject): JsonRecord {
  return asRecord(object.spec) ?? {};
}

/** apivalidation.ValidateImmutableField: the new value is the bad value, rendered as the caller gives it. */
export function validateImmutable(next: unknown, old: unknown, path: string, badValue: unknown = next): FieldError[] {
  return semanticEqual(next, old) ? [] : [fieldError.invalid(path, badValue, fieldImmutableMessage)];
}

/**
 * A strategy's `obj.Status = XStatus{}`: status starts as the Go zero value, written last as kube
 * orders it. `zero` lists the status fields without omitempty, which a zero status still shows.
 */
export function resetStatus(object: KubeObject, zero: JsonRecord = {}): void {
  delete object.status;
  object.status = { ...zero };
}

/** A strategy's `newObj.Status = oldObj.Status`. */
export function keepStatus(object: KubeObject, old: KubeObject): void {
  delete object.status;
  if (old.status !== undefined) object.status = old.status;
}

/**
 * field.Invalid with field.OmitValueType{}: kube prints `Invalid value: <detail>` without a value.
 * apimachinery/field-errors.ts has no omitted-value form yet, so the detail rides in the bad value, which
 * renders the same text.
 */
export function invalidOmittingValue(path: string, detail: string): FieldError {
  return fieldError.invalid(path, new GoLiteral(detail));
}
