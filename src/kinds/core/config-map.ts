/**
 * ConfigMap (core/v1): ValidateConfigMap and ValidateConfigMapUpdate (pkg/apis/core/validation,
 * kube v1.32): keys are config keys, a key may not be in both data and binaryData, the values
 * total at most 1 MiB, and an immutable ConfigMap keeps its data.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { byteLength, isConfigMapKey } from '../../apimachinery/validation/names.js';
import { sameJson } from '../json-equality.js';
import { asRecord, asText, orderKeys, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';

/** core.MaxSecretSize, shared by ConfigMaps: 1 MiB. */
export const maxDataSize = 1024 * 1024;

/** The byte length of a base64 value ([]byte in Go), or its text length when it does not decode. */
export function decodedLength(value: unknown): number {
  const text = asText(value);
  const bytes = decodeBase64(text);
  return bytes ? bytes.length : byteLength(text);
}

/** Standard base64 with padding, as Go decodes []byte from JSON; null when invalid. */
export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Standard base64 of a string's UTF-8 bytes, as Go encodes []byte. */
export function encodeBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The errors of one map's keys: config keys, on `field[key]` paths. */
export function validateDataKeys(data: JsonRecord, field: string): FieldError[] {
  return Object.keys(data).flatMap((key) => isConfigMapKey(key).map((message) => fieldError.invalid(`${field}[${key}]`, key, message)));
}

function validateConfigMap(object: JsonRecord): FieldError[] {
  const data = asRecord(object.data) ?? {};
  const binaryData = asRecord(object.binaryData) ?? {};
  const errors: FieldError[] = [];
  let total = 0;
  for (const [key, value] of Object.entries(data)) {
    errors.push(...validateDataKeys({ [key]: value }, 'data'));
    if (key in binaryData) errors.push(fieldError.invalid(`data[${key}]`, key, 'duplicate of key present in binaryData'));
    total += byteLength(asText(value));
  }
  errors.push(...validateDataKeys(binaryData, 'binaryData'));
  for (const value of Object.values(binaryData)) total += decodedLength(value);
  // kube reports the size on the empty path: the whole object.
  if (total > maxDataSize) errors.push(fieldError.tooLong('', maxDataSize));
  return errors;
}

/** Once `immutable` is true it stays true and the named fields keep their values. */
export function validateImmutableData(object: JsonRecord, old: JsonRecord, fields: string[]): FieldError[] {
  if (old.immutable !== true) return [];
  const message = 'field is immutable when `immutable` is set';
  const errors = object.immutable === true ? [] : [fieldError.forbidden('immutable', message)];
  for (const field of fields) {
    if (!sameJson(emptyAsAbsent(object[field]), emptyAsAbsent(old[field]))) errors.push(fieldError.forbidden(field, message));
  }
  return errors;
}

/** Go's reflect.DeepEqual sees a nil map and an empty decoded map as different, but SetDefaults_ConfigMap makes data non-nil on both sides. */
function emptyAsAbsent(value: unknown): unknown {
  const record = asRecord(value);
  return record && Object.keys(record).length === 0 ? undefined : value;
}

/** The ConfigMap kind's semantics. */
export const configMap: KindSemantics = {
  default(object) {
    orderKeys(object as JsonRecord, ['kind', 'apiVersion', 'metadata', 'immutable', 'data', 'binaryData']);
  },
  validate: (object) => validateConfigMap(object as JsonRecord),
  validateUpdate: (object, old) => [
    ...validateImmutableData(object as JsonRecord, old as JsonRecord, ['data', 'binaryData']),
    ...validateConfigMap(object as JsonRecord),
  ],
};
