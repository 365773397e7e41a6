/**
 * Secret (core/v1): stringData merged into data and dropped (Convert_v1_Secret_To_core_Secret,
 * golden 060), type Opaque by default (SetDefaults_Secret); ValidateSecret and
 * ValidateSecretUpdate (kube v1.32): config keys, 1 MiB of data, the keys each built-in type
 * needs, an immutable type and immutable data once `immutable` is set.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { goJsonSyntaxError } from '../../apimachinery/go-json-errors.js';
import { asRecord, asText, asTextMap, orderKeys, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { decodeBase64, decodedLength, encodeBase64, maxDataSize, validateDataKeys, validateImmutableData } from './config-map.js';
import { utf8Text } from '../../apimachinery/utf8.js';

/** Converts stringData into data (a stringData key wins) and removes it, as kube's conversion does. */
function mergeStringData(secret: JsonRecord): void {
  const stringData = asRecord(secret.stringData);
  if (stringData) {
    const data = asRecord(secret.data) ?? {};
    for (const [key, value] of Object.entries(stringData)) data[key] = encodeBase64(asText(value));
    secret.data = data;
  }
  delete secret.stringData;
}

function validateSecret(secret: JsonRecord): FieldError[] {
  const data = asRecord(secret.data) ?? {};
  const errors = validateDataKeys(data, 'data');
  const total = Object.values(data).reduce<number>((sum, value) => sum + decodedLength(value), 0);
  if (total > maxDataSize) errors.push(fieldError.tooLong('data', maxDataSize));
  return [...errors, ...validateTypeKeys(secret, data)];
}

/** The keys each built-in secret type needs. */
function validateTypeKeys(secret: JsonRecord, data: JsonRecord): FieldError[] {
  const annotations = asTextMap(asRecord(secret.metadata)?.annotations);
  switch (secret.type) {
    case 'kubernetes.io/service-account-token':
      // Only the service account name is required; a controller adds the uid and token later.
      return annotations['kubernetes.io/service-account.name'] ? [] : [fieldError.required('metadata.annotations[kubernetes.io/service-account.name]')];
    case 'kubernetes.io/dockercfg':
      return validateJsonKey(data, '.dockercfg');
    case 'kubernetes.io/dockerconfigjson':
      return validateJsonKey(data, '.dockerconfigjson');
    case 'kubernetes.io/basic-auth':
      // Either key may be empty, but one must be present.
      return 'username' in data || 'password' in data ? [] : [fieldError.required('data[username]'), fieldError.required('data[password]')];
    case 'kubernetes.io/ssh-auth':
      return decodedLength(data['ssh-privatekey'] ?? '') > 0 ? [] : [fieldError.required('data[ssh-privatekey]')];
    case 'kubernetes.io/tls':
      return ['tls.crt', 'tls.key'].filter((key) => !(key in data)).map((key) => fieldError.required(`data[${key}]`));
    default:
      return [];
  }
}

/** A key that must be present and hold a JSON object; kube redacts the value in its message. */
function validateJsonKey(data: JsonRecord, key: string): FieldError[] {
  if (!(key in data)) return [fieldError.required(`data[${key}]`)];
  const bytes = decodeBase64(asText(data[key])) ?? new Uint8Array();
  const text = utf8Text(bytes);
  const syntaxError = goJsonSyntaxError(text);
  const problem = syntaxError ?? notAnObject(text);
  return problem ? [fieldError.invalid(`data[${key}]`, '<secret contents redacted>', problem)] : [];
}

function notAnObject(text: string): string | null {
  const value: unknown = JSON.parse(text);
  if (value === null || asRecord(value)) return null;
  const kind = Array.isArray(value) ? 'array' : typeof value === 'boolean' ? 'bool' : typeof value;
  return `json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`;
}

/** The Secret kind's semantics. */
export const secret: KindSemantics = {
  default(object) {
    const record = object as JsonRecord;
    mergeStringData(record);
    if (!record.type) record.type = 'Opaque';
    orderKeys(record, ['kind', 'apiVersion', 'metadata', 'immutable', 'data', 'stringData', 'type']);
  },
  validate: (object) => validateSecret(object as JsonRecord),
  validateUpdate(object, old) {
    const errors: FieldError[] = [];
    if ((object.type ?? '') !== (old.type ?? '')) errors.push(fieldError.invalid('type', object.type ?? '', 'field is immutable'));
    errors.push(...validateImmutableData(object as JsonRecord, old as JsonRecord, ['data']));
    return [...errors, ...validateSecret(object as JsonRecord)];
  },
};
