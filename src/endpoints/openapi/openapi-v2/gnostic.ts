/**
 * The Swagger 2.0 document as gnostic's `openapi.v2.Document` message, which kube-apiserver
 * serves at /openapi/v2 for application/com.github.proto-openapi.spec.v2.v1.0+protobuf
 * (kube-openapi's ToProtoBinary: openapi_v2.ParseDocument of the JSON, then proto.Marshal).
 * Fields come from data/gnostic-openapi-v2.json (scripts/build-gnostic.mjs) and are written in
 * field-number order, proto3 zero values left out, as Go's proto.Marshal does. What gnostic
 * decides while parsing is here: the member of each oneof (a parameter by its `in`, a `$ref`
 * as a JsonReference, a `file` response schema), the maps written as repeated Named* pairs, the
 * `x-` keys as vendor extensions and every free-form value (enum, default, example, extension)
 * as YAML text (./yaml-text.ts).
 */
import descriptors from '../../../../data/gnostic-openapi-v2.json';
import { WireWriter } from '../../../codecs/protobuf/wire-writer.js';
import { WireType } from '../../../codecs/protobuf/wire-types.js';
import { yamlText } from './yaml-text.js';

type Json = any;
/** [number, Swagger key, type, repeated?] */
type Field = [number, string, string, number?];

const messages = descriptors.messages as unknown as Record<string, Field[]>;

/** The Protobuf bytes of a Swagger 2.0 document (as parsed JSON). */
export function encodeOpenApiV2(document: Json): Uint8Array {
  const writer = new WireWriter(1 << 20);
  writeFields(writer, 'Document', document);
  return writer.finish();
}

const isObject = (value: unknown): value is Record<string, Json> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isExtension = (key: string): boolean => key.startsWith('x-');
const isResponseCode = (key: string): boolean => /^([0-9]{3}|default)$/.test(key);

/** Writes one field-numbered submessage around `write`. */
function nested(writer: WireWriter, number: number, write: () => void): void {
  writer.tag(number, WireType.LengthDelimited);
  const mark = writer.beginLengthDelimited();
  write();
  writer.endLengthDelimited(mark);
}

/** A message value: the oneof and map-like messages by gnostic's rules, the rest field by field. */
function writeMessage(writer: WireWriter, type: string, value: Json): void {
  const special = specialMessages[type];
  if (special) return special(writer, value);
  const fields = messages[type]!;
  if (fields.length === 1 && fields[0]![1] === 'additional_properties') return writeMap(writer, fields[0]!, value);
  writeFields(writer, type, value);
}

function writeFields(writer: WireWriter, type: string, value: Json): void {
  if (!isObject(value)) return;
  for (const field of messages[type]!) {
    if (field[1] === 'vendor_extension') writeNamed(writer, field[0], 'Any', Object.entries(value).filter(([key]) => isExtension(key)));
    else if (field[1] in value) writeField(writer, field, value[field[1]]);
  }
}

function writeField(writer: WireWriter, [number, , type, repeated]: Field, value: Json): void {
  if (repeated) {
    if (Array.isArray(value)) for (const item of value) writeSingle(writer, number, type, item, true);
    return;
  }
  writeSingle(writer, number, type, value, false);
}

/** One value; a proto3 scalar at its zero value is not written unless it is a repeated element. */
function writeSingle(writer: WireWriter, number: number, type: string, value: Json, element: boolean): void {
  switch (type) {
    case 'string':
      if (typeof value === 'string' && (value !== '' || element)) writer.tag(number, WireType.LengthDelimited).string(value);
      return;
    case 'bool':
      if (value === true) writer.tag(number, WireType.Varint).uint32(1);
      return;
    case 'double':
      if (typeof value === 'number' && value !== 0) writer.tag(number, WireType.Fixed64).double(value);
      return;
    case 'int64':
      if (typeof value === 'number' && value !== 0) writer.tag(number, WireType.Varint).int(Math.trunc(value));
      return;
    default:
      // A message is written when present, even empty; gnostic fails on a null one but for Any.
      if (value !== null || type === 'Any') nested(writer, number, () => writeMessage(writer, type, value));
  }
}

/** Pairs as repeated Named<Type> messages: name = 1, value = 2. */
function writeNamed(writer: WireWriter, number: number, valueType: string, entries: [string, Json][]): void {
  for (const [name, value] of entries) {
    nested(writer, number, () => {
      writer.tag(1, WireType.LengthDelimited).string(name);
      if (valueType === 'string') writeSingle(writer, 2, 'string', value, false);
      else nested(writer, 2, () => writeMessage(writer, valueType, value));
    });
  }
}

/** A map-like message (Definitions, Properties, ...): every key a Named* pair of field 1. */
function writeMap(writer: WireWriter, [number, , namedType]: Field, value: Json): void {
  if (!isObject(value)) return;
  writeNamed(writer, number, valueTypeOf(namedType), Object.entries(value));
}

const valueTypeOf = (namedType: string): string => messages[namedType]!.find((field) => field[1] === 'value')![2];

/** The member of a oneof that gnostic's parser settles on. */
function oneof(writer: WireWriter, number: number, type: string, value: Json): void {
  nested(writer, number, () => writeMessage(writer, type, value));
}

const nonBodyMembers: Record<string, [number, string]> = {
  header: [1, 'HeaderParameterSubSchema'],
  formData: [2, 'FormDataParameterSubSchema'],
  query: [3, 'QueryParameterSubSchema'],
  path: [4, 'PathParameterSubSchema'],
};

const securityMembers: Record<string, [number, string]> = {
  basic: [1, 'BasicAuthenticationSecurity'],
  apiKey: [2, 'ApiKeySecurity'],
  implicit: [3, 'Oauth2ImplicitSecurity'],
  password: [4, 'Oauth2PasswordSecurity'],
  application: [5, 'Oauth2ApplicationSecurity'],
  accessCode: [6, 'Oauth2AccessCodeSecurity'],
};

const specialMessages: Record<string, (writer: WireWriter, value: Json) => void> = {
  Any: (writer, value) => writer.tag(2, WireType.LengthDelimited).string(yamlText(value)),
  TypeItem: (writer, value) => {
    for (const item of Array.isArray(value) ? value : [value]) writeSingle(writer, 1, 'string', String(item), true);
  },
  ItemsItem: (writer, value) => {
    for (const item of Array.isArray(value) ? value : [value]) oneof(writer, 1, 'Schema', item);
  },
  StringArray: (writer, value) => writeField(writer, [1, 'value', 'string', 1], value),
  AdditionalPropertiesItem: (writer, value) => {
    if (typeof value === 'boolean') writer.tag(2, WireType.Varint).uint32(value ? 1 : 0);
    else oneof(writer, 1, 'Schema', value);
  },
  Parameter: (writer, value) => (value?.in === 'body' ? oneof(writer, 1, 'BodyParameter', value) : oneof(writer, 2, 'NonBodyParameter', value)),
  NonBodyParameter: (writer, value) => {
    const member = nonBodyMembers[value?.in];
    if (member) oneof(writer, member[0], member[1], value);
  },
  ParametersItem: (writer, value) => (isObject(value) && '$ref' in value ? oneof(writer, 2, 'JsonReference', value) : oneof(writer, 1, 'Parameter', value)),
  ResponseValue: (writer, value) => (isObject(value) && '$ref' in value ? oneof(writer, 2, 'JsonReference', value) : oneof(writer, 1, 'Response', value)),
  SchemaItem: (writer, value) => (value?.type === 'file' ? oneof(writer, 2, 'FileSchema', value) : oneof(writer, 1, 'Schema', value)),
  SecurityDefinitionsItem: (writer, value) => {
    const member = securityMembers[value?.type === 'oauth2' ? value.flow : value?.type];
    if (member) oneof(writer, member[0], member[1], value);
  },
  Paths: (writer, value) => {
    if (!isObject(value)) return;
    writeNamed(writer, 1, 'Any', Object.entries(value).filter(([key]) => isExtension(key)));
    writeNamed(writer, 2, 'PathItem', Object.entries(value).filter(([key]) => !isExtension(key)));
  },
  Responses: (writer, value) => {
    if (!isObject(value)) return;
    writeNamed(writer, 1, 'ResponseValue', Object.entries(value).filter(([key]) => isResponseCode(key)));
    writeNamed(writer, 2, 'Any', Object.entries(value).filter(([key]) => isExtension(key)));
  },
};
