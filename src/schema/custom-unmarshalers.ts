/**
 * Go types of the API with their own UnmarshalJSON, and what each does with a JSON value.
 * Their errors abort decoding (they are returned, not saved), so one of them wins over an
 * earlier type error. When the error is itself an UnmarshalTypeError (IntOrString and the time
 * types decode with encoding/json inside), kube's decoder stamps the outer field onto it:
 * `json: cannot unmarshal bool into Go struct field RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge of type int32`.
 * Sources: apimachinery intstr.go, time.go, micro_time.go, quantity.go, runtime/types.go,
 * meta/v1 fields (FieldsV1), apiextensions v1 marshal.go.
 */
import { goJsonTypeName } from '../apimachinery/go-json-errors.js';
import { RFC3339, RFC3339Micro, goTimeParseError } from '../apimachinery/go-time-parse.js';
import { isJsonObject } from '../apimachinery/json-value.js';
import { quantityUnmarshalError } from '../apimachinery/quantity.js';
import { goIntegerAccepts, numberLiteral } from './go-scalars.js';

/** What a custom unmarshaler made of a value. */
export type CustomOutcome =
  | { kind: 'accepted' }
  /** Returned error whose text stands as is. */
  | { kind: 'error'; text: string }
  /** Returned UnmarshalTypeError; the caller adds the outer struct and field. */
  | { kind: 'typeError'; value: string; goType: string }
  /** Decoded again with a fresh non-strict decoder as `schemaName` (apiextensions JSONSchemaProps). */
  | { kind: 'nested'; schemaName: string; asList: boolean };

type Unmarshaler = (value: unknown, literal: string | undefined) => CustomOutcome;

const accepted: CustomOutcome = { kind: 'accepted' };
const jsonSchemaProps = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps';

/** The JSON text of a value as the unmarshaler receives it (numbers keep their literal). */
function rawJson(value: unknown, literal: string | undefined): string {
  if (typeof value === 'number') return numberLiteral(value, literal);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return JSON.stringify(value) ?? 'null';
}

/** The Value of an UnmarshalTypeError from encoding/json for a non-matching JSON value. */
function typeErrorValue(value: unknown, literal: string | undefined, goType: string): string {
  const name = goJsonTypeName(value);
  return name === 'number' && goType !== 'string' ? `number ${numberLiteral(value as number, literal)}` : name;
}

/** intstr.IntOrString: a JSON string, or an int32 decoded by encoding/json. */
function intOrString(value: unknown, literal: string | undefined): CustomOutcome {
  if (value === null || typeof value === 'string') return accepted;
  if (typeof value === 'number' && goIntegerAccepts(numberLiteral(value, literal), 'int32')) return accepted;
  return { kind: 'typeError', value: typeErrorValue(value, literal, 'int32'), goType: 'int32' };
}

/** metav1.Time / MicroTime: a JSON string parsed with time.Parse(layout). */
function timeOf(layout: typeof RFC3339): Unmarshaler {
  return (value, literal) => {
    if (value === null || value instanceof Date) return accepted;
    if (typeof value !== 'string') return { kind: 'typeError', value: typeErrorValue(value, literal, 'string'), goType: 'string' };
    const error = goTimeParseError(layout, value);
    return error === null ? accepted : { kind: 'error', text: error };
  };
}

/** resource.Quantity: the raw JSON text, quotes stripped, through ParseQuantity. */
function quantity(value: unknown, literal: string | undefined): CustomOutcome {
  const error = quantityUnmarshalError(rawJson(value, literal));
  return error === null ? accepted : { kind: 'error', text: error };
}

/** JSONSchemaPropsOrBool: a boolean or a schema object. */
function schemaOrBool(value: unknown): CustomOutcome {
  if (typeof value === 'boolean') return accepted;
  if (isJsonObject(value)) return { kind: 'nested', schemaName: jsonSchemaProps, asList: false };
  return { kind: 'error', text: 'boolean or JSON schema expected' };
}

/** JSONSchemaPropsOrArray / OrStringArray: an object or an array; anything else is ignored. */
function schemaOrList(listOfSchemas: boolean): Unmarshaler {
  return (value) => {
    if (Array.isArray(value)) return listOfSchemas ? { kind: 'nested', schemaName: jsonSchemaProps, asList: true } : stringList(value);
    if (value !== null && typeof value === 'object') return { kind: 'nested', schemaName: jsonSchemaProps, asList: false };
    return accepted;
  };
}

function stringList(values: unknown[]): CustomOutcome {
  const wrong = values.find((item) => item !== null && typeof item !== 'string');
  return wrong === undefined ? accepted : { kind: 'typeError', value: goJsonTypeName(wrong), goType: 'string' };
}

/** RawExtension, FieldsV1, apiextensions JSON: keep the raw bytes, accept anything. */
const raw: Unmarshaler = () => accepted;

/** Schema name -> its Go UnmarshalJSON. */
export const customUnmarshalers: ReadonlyMap<string, Unmarshaler> = new Map<string, Unmarshaler>([
  ['io.k8s.apimachinery.pkg.util.intstr.IntOrString', intOrString],
  ['io.k8s.apimachinery.pkg.apis.meta.v1.Time', timeOf(RFC3339)],
  ['io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime', timeOf(RFC3339Micro)],
  ['io.k8s.apimachinery.pkg.api.resource.Quantity', quantity],
  ['io.k8s.apimachinery.pkg.runtime.RawExtension', raw],
  ['io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1', raw],
  ['io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON', raw],
  ['io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrBool', schemaOrBool],
  ['io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrArray', schemaOrList(true)],
  ['io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrStringArray', schemaOrList(false)],
]);

/** Schemas whose content is kept verbatim (no unknown fields inside, nothing pruned). */
export function isOpaqueSchema(name: string): boolean {
  return customUnmarshalers.has(name);
}
