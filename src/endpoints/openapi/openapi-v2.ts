/**
 * /openapi/v2 (Swagger 2.0), generated from the OpenAPI v3 documents of the served
 * group-versions: paths merged, `requestBody` as a `body` parameter, responses with their JSON
 * schema, `components.schemas` as `definitions`, and schemas in kube's v2 form (./openapi-v2/
 * schema-v2.ts). Built once per isolate on first request, since clients fetch it rarely and
 * cache it by ETag.
 */
import type { BuiltinDocuments } from './openapi-data.js';
import { schemaV2 } from './openapi-v2/schema-v2.js';

type Json = Record<string, any>;

const componentRef = /#\/components\/schemas\//g;

/** A v3 parameter as a v2 one: the schema's type and format move up. */
function parameter(v3: Json): Json {
  const { schema = {}, ...rest } = v3;
  return { ...rest, ...schema };
}

function operation(v3: Json): Json {
  const { requestBody, responses = {}, parameters = [], ...rest } = v3;
  const v2: Json = { ...rest, consumes: ['*/*'], produces: ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'] };
  const converted = parameters.map(parameter);
  if (requestBody) {
    const schema = Object.values(requestBody.content ?? {})[0] as Json | undefined;
    converted.push({ name: 'body', in: 'body', required: true, schema: schemaV2(schema?.schema ?? {}) });
    v2.consumes = Object.keys(requestBody.content ?? { '*/*': {} });
  }
  if (converted.length) v2.parameters = converted;
  v2.responses = Object.fromEntries(Object.entries(responses).map(([code, response]) => [code, responseOf(response as Json)]));
  v2.schemes = ['https'];
  return v2;
}

function responseOf(v3: Json): Json {
  const content = v3.content as Json | undefined;
  const json = content?.['application/json'] ?? (content ? Object.values(content)[0] : undefined);
  return json?.schema ? { description: v3.description ?? '', schema: schemaV2(json.schema) } : { description: v3.description ?? '' };
}

function pathItem(v3: Json): Json {
  const item: Json = {};
  for (const [key, value] of Object.entries(v3)) {
    item[key] = key === 'parameters' ? (value as Json[]).map(parameter) : operation(value as Json);
  }
  return item;
}

let cached: Json | null = null;

/** The Swagger 2.0 document of kube's documents (built once; callers must not change it). */
export function swaggerDocument(documents: BuiltinDocuments): Json {
  if (cached) return cached;
  const paths: Json = {};
  const definitions: Json = {};
  for (const { text } of Object.values(documents)) {
    const document = JSON.parse(text.replace(componentRef, '#/definitions/')) as Json;
    for (const [path, item] of Object.entries(document.paths ?? {})) paths[path] = pathItem(item as Json);
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) definitions[name] = schemaV2(schema);
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : 1)));
  const sortedDefinitions = Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => (a < b ? -1 : 1)));
  cached = {
    swagger: '2.0',
    // kube-apiserver publishes its emulation version, major.minor.
    info: { title: 'Kubernetes', version: '1.32' },
    paths: sortedPaths,
    definitions: sortedDefinitions,
    securityDefinitions: { BearerToken: { description: 'Bearer Token authentication', type: 'apiKey', name: 'authorization', in: 'header' } },
    security: [{ BearerToken: [] }],
  };
  return cached;
}
