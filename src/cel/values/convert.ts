/**
 * UnstructuredToVal (apiserver/pkg/cel/common/values.go): a decoded JSON value as the CEL value
 * its schema type describes. Lists, maps and objects convert lazily. Data that does not match the
 * schema (which validation rejects before rules run) becomes an error value with kube's text,
 * raised only when a rule reads it.
 */
import { isJsonObject } from '../../apimachinery/json-value.js';
import type { DeclType, ListDecl, ScalarDecl } from '../decl-types.js';
import { escapeName } from '../escaping.js';
import { decodeBase64 } from './base64.js';
import { EvalError, KList, KMap, KObject, type ListSemantics, type Value } from './kinds.js';
import { durationValue, parseDateTime, parseStrfmtDuration, timestampValue } from './time.js';

/** Go's %T of a decoded JSON value. */
export function goTypeName(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return '[]interface {}';
  return isJsonObject(value) ? 'map[string]interface {}' : '<nil>';
}

/** The CEL value of `raw` under `decl`. */
export function toValue(raw: unknown, decl: DeclType): Value {
  if (raw === null || raw === undefined) {
    return decl.schema.nullable ? null : new EvalError('invalid data, got null for schema with nullable=false');
  }
  switch (decl.kind) {
    case 'intOrString':
      if (typeof raw === 'string') return raw;
      if (typeof raw === 'number' && Number.isInteger(raw)) return BigInt(raw);
      return new EvalError('invalid data, expected XIntOrString value to be either a string or integer');
    case 'object': return isJsonObject(raw) ? new KObject(decl, raw, toValue) : notAMap();
    case 'map': return isJsonObject(raw) ? mapValue(raw, decl.value) : notAMap();
    case 'list': return Array.isArray(raw) ? listValue(raw, decl) : new EvalError('invalid data, expected an array for the provided schema with type=array');
    case 'scalar': return scalarValue(raw, decl);
  }
}

const notAMap = (): EvalError => new EvalError('invalid data, expected a map for the provided schema with type=object');

function mapValue(raw: Record<string, unknown>, valueDecl: DeclType): KMap {
  return new KMap(Object.keys(raw), (key) => toValue(raw[key as string], valueDecl));
}

/** The list-type semantics of a list schema (map keys escaped, as kube's escapeKeyProps). */
export function listSemantics(decl: ListDecl): ListSemantics {
  return { listType: decl.listType, mapKeys: decl.mapKeys.map((key) => escapeName(key) ?? key) };
}

function listValue(raw: unknown[], decl: ListDecl): KList {
  return new KList(raw.length, (index) => toValue(raw[index], decl.elem), listSemantics(decl));
}

function scalarValue(raw: unknown, decl: ScalarDecl): Value {
  switch (decl.scalar) {
    case 'int':
      return typeof raw === 'number' && Number.isInteger(raw) ? BigInt(raw) : new EvalError(`invalid data, expected int, got ${goTypeName(raw)}`);
    case 'double':
      return typeof raw === 'number' ? raw : new EvalError(`invalid data, expected float, got ${goTypeName(raw)}`);
    case 'bool':
      return typeof raw === 'boolean' ? raw : new EvalError(`invalid data, expected bool, got ${goTypeName(raw)}`);
  }
  if (typeof raw !== 'string') return new EvalError(`invalid data, expected string, got ${goTypeName(raw)}`);
  return formattedString(raw, decl);
}

function formattedString(raw: string, decl: ScalarDecl): Value {
  switch (decl.scalar) {
    case 'bytes': return decodeBase64(raw) ?? new EvalError(`Invalid byte formatted string ${raw}`);
    case 'duration': {
      const nanos = parseStrfmtDuration(raw);
      return nanos === undefined ? new EvalError(`Invalid duration ${raw}: unable to parse ${raw} as duration`) : durationValue(nanos);
    }
    case 'timestamp': {
      const isDate = decl.schema.format === 'date';
      const parsed = parseDateTime(raw, isDate);
      const value = parsed && timestampValue(parsed.seconds, parsed.nanos);
      return value ?? new EvalError(`Invalid ${isDate ? 'date' : 'date-time'} formatted string ${raw}`);
    }
    default: return raw;
  }
}
