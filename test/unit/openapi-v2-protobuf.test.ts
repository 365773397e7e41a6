/**
 * /openapi/v2 in Protobuf: gnostic's openapi.v2.Document. The oracle is kube-apiserver v1.32.13
 * itself: its JSON document encoded here must give exactly the bytes it served as Protobuf
 * (reference/golden/kube-v1.32.13-openapi-v2). The server's own document, decoded by protobufjs
 * from gnostic's OpenAPIv2.proto and turned back into Swagger JSON by the independent reader
 * below, must be its JSON document.
 */
import { load as loadYaml } from 'js-yaml';
import protobuf from 'protobufjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtinOpenApiDocuments, type BuiltinDocuments } from '../../src/endpoints/openapi/openapi-data.js';
import { swaggerDocument } from '../../src/endpoints/openapi/openapi-v2.js';
import { encodeOpenApiV2 } from '../../src/endpoints/openapi/openapi-v2/gnostic.js';
import { schemaV2 } from '../../src/endpoints/openapi/openapi-v2/schema-v2.js';
import { yamlText } from '../../src/endpoints/openapi/openapi-v2/yaml-text.js';

const nodeModule = (name: string): Promise<any> => import(name);
const { readFileSync } = await nodeModule('node:fs');
const { gunzipSync } = await nodeModule('node:zlib');
const { fileURLToPath } = await nodeModule('node:url');
const root = new URL('../../', (import.meta as unknown as { url: string }).url);

// kube's documents are imported on first use (src/endpoints/openapi/openapi-data.ts): seconds to transform here.
let documents: BuiltinDocuments;
beforeAll(async () => {
  documents = await builtinOpenApiDocuments();
}, 60_000);

const golden = (name: string): Uint8Array => gunzipSync(readFileSync(new URL(`reference/golden/kube-v1.32.13-openapi-v2/${name}`, root)));

const gnostic = new protobuf.Root().loadSync(fileURLToPath(new URL('reference/gnostic/OpenAPIv2.proto', root)), { keepCase: true });
const Document = gnostic.lookupType('openapi.v2.Document');

type Json = any;
const camel = (name: string) => (name === '_ref' ? '$ref' : name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));
const wrappers = new Set(['additional_properties', 'path', 'response_code', 'vendor_extension']);
const oneofs = new Set(['parameter', 'json_reference', 'body_parameter', 'non_body_parameter', 'schema', 'file_schema', 'response',
  'header_parameter_sub_schema', 'form_data_parameter_sub_schema', 'query_parameter_sub_schema', 'path_parameter_sub_schema', 'api_key_security', 'basic_authentication_security']);

/** protobufjs's object of a gnostic message back to Swagger JSON. */
function toSwagger(message: Json, field = ''): Json {
  if (Array.isArray(message)) return message.map((item) => toSwagger(item, field));
  if (message === null || typeof message !== 'object') return message;
  if ('yaml' in message) return loadYaml(message.yaml);
  if (field === 'type' && Array.isArray(message.value)) return message.value.length === 1 ? message.value[0] : message.value;
  if (field === 'items' && Array.isArray(message.schema)) return toSwagger(message.schema[0]);
  if (field === 'value' && Array.isArray(message.value)) return message.value;
  const keys = Object.keys(message);
  if (keys.length === 1 && oneofs.has(keys[0]!) && field !== 'properties') return toSwagger(message[keys[0]!], keys[0]);
  if (keys.length === 1 && keys[0] === 'boolean') return message.boolean;
  const result: Json = {};
  for (const [key, value] of Object.entries(message)) {
    if (wrappers.has(key) && Array.isArray(value)) for (const pair of value as Json[]) result[pair.name] = toSwagger(pair.value, 'value');
    else result[camel(key)] = toSwagger(value, key);
  }
  return result;
}

describe('gnostic encoding', () => {
  it('turns kube v1.32.13 JSON document into the exact Protobuf bytes kube served', () => {
    const json = JSON.parse(new TextDecoder().decode(golden('openapi-v2.json.gz')));
    const expected = golden('openapi-v2.pb.gz');
    const actual = encodeOpenApiV2(json);
    expect(actual.length).toBe(expected.length);
    expect(Buffer.from(actual).equals(Buffer.from(expected))).toBe(true);
  });

  it("encodes the server's own document so that it decodes to its JSON", () => {
    const json = JSON.parse(JSON.stringify(swaggerDocument(documents)));
    const decoded = Document.toObject(Document.decode(encodeOpenApiV2(json)), { longs: Number, defaults: false });
    const swagger = toSwagger(decoded);
    expect(Object.keys(swagger.definitions)).toEqual(Object.keys(json.definitions));
    expect(swagger.definitions).toEqual(json.definitions);
    expect(swagger.paths).toEqual(json.paths);
    expect(swagger.securityDefinitions).toEqual(json.securityDefinitions);
  });
});

describe('YAML text of free-form values (go-yaml v3, as gnostic marshals them)', () => {
  it.each([
    ['plain string', 'retainKeys', 'retainKeys\n'],
    ['empty string', '', '""\n'],
    ['an indicator', '*', "'*'\n"],
    ['a word YAML reads as a boolean', 'true', '"true"\n'],
    ['digits', '8080', '"8080"\n'],
    ['a date', '2024-01-02', '"2024-01-02"\n'],
    ['a colon and space', 'a: b', "'a: b'\n"],
    ['a leading dash and space', '- a', "'- a'\n"],
    ['a tab', 'a\tb', '"a\\tb"\n'],
    ['spaces inside', 'cert sign', 'cert sign\n'],
    ['number', 3, '3\n'],
    ['boolean', false, 'false\n'],
    ['null', null, 'null\n'],
    ['empty map', {}, '{}\n'],
    ['list of strings', ['containerPort', 'protocol'], '- containerPort\n- protocol\n'],
    ['list of maps', [{ group: '', kind: 'APIGroupList', version: 'v1' }], '- group: ""\n  kind: APIGroupList\n  version: v1\n'],
    ['map in a list item', [{ discriminator: 'type', 'fields-to-discriminateBy': { queuing: 'Queuing' } }],
      '- discriminator: type\n  fields-to-discriminateBy:\n    queuing: Queuing\n'],
    ['map in a map', { a: { b: 1 } }, 'a:\n    b: 1\n'],
    ['list in a map', { a: [1, 2] }, 'a:\n    - 1\n    - 2\n'],
    ['lines', 'a\nb', '|-\n    a\n    b\n'],
  ])('%s', (_name, value, text) => {
    expect(yamlText(value)).toBe(text);
  });
});

describe("schemas in kube's v2 form", () => {
  it('makes a described reference a $ref, drops defaults and types a oneOf of plain types as a string', () => {
    expect(schemaV2({ allOf: [{ $ref: '#/definitions/X' }], default: {}, description: 'd' })).toEqual({ $ref: '#/definitions/X', description: 'd' });
    expect(schemaV2({ oneOf: [{ type: 'integer' }, { type: 'string' }], format: 'int-or-string' })).toEqual({ type: 'string', format: 'int-or-string' });
    expect(schemaV2({ properties: { default: { type: 'string', default: '' } } })).toEqual({ properties: { default: { type: 'string' } } });
  });
});
