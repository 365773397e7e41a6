/**
 * The custom resources' part of /openapi/v2, as kube's apiextensions OpenAPI controller merges it
 * into the static spec (controller/openapi: BuildOpenAPIV2 with V2 for every served version of
 * every CRD, defaults pruned). A kind's definition is its version's schema made v2-safe for
 * kubectl (openapi/v2 ToStructuralOpenAPIV2: no allOf, oneOf, anyOf or not; a nullable schema
 * loses its type, items and properties and is no longer required; one that preserves unknown
 * fields loses its items and properties, and its type when object; an array without items loses
 * its type), without `default`s or anything but structural schema fields, with apiVersion, kind
 * and metadata added, and so for every x-kubernetes-embedded-resource object not under preserved
 * unknown fields; a version without a schema, or preserving unknown fields at its root, is just
 * `type: object`. Each definition carries its group-version-kind and selectable fields. The list
 * definition and the paths are the v3 document's (crds/openapi.ts) in v2 form.
 */
import type { Catalog, ResourceType } from '../../api/catalog.js';
import { builtinOpenApiDocuments, type BuiltinDocuments } from './openapi-data.js';
import type { ClusterContext } from '../../cluster/context.js';
import { servingCatalog } from '../../crds/serving-catalog.js';
import { swaggerPathItem } from './openapi-v2.js';
import { schemaV2 } from './openapi-v2/schema-v2.js';
import { customResourceDocument } from './custom-resources.js';

type Json = Record<string, any>;

export interface CustomSwagger {
  paths: Json;
  definitions: Json;
}

const objectMeta = { description: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata", $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' };
const typeMeta = {
  apiVersion: { description: 'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources', type: 'string' },
  kind: { description: 'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds', type: 'string' },
};
const embeddedTypeMeta = {
  apiVersion: { description: 'apiVersion defines the versioned schema of this representation of an object. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources', type: 'string' },
  kind: { description: 'kind is a string value representing the type of this object. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds', type: 'string' },
};

/** The fields of a structural schema (everything else is dropped, `default` included). */
const structuralFields = new Set([
  'description', 'type', 'title', 'nullable', 'format', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf', 'enum', 'maxProperties', 'minProperties', 'required', 'allOf', 'oneOf', 'anyOf', 'not',
  'properties', 'items', 'additionalProperties', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string',
  'x-kubernetes-list-map-keys', 'x-kubernetes-list-type', 'x-kubernetes-map-type', 'x-kubernetes-validations',
]);

/** Per serving catalog, so /openapi/v2 keeps its ETag until the custom resources change (resolved values only). */
const built = new WeakMap<Catalog, CustomSwagger | null>();

/** The custom resources' paths and definitions of `cluster` now; undefined when it serves none. */
export async function customResourceSwagger(cluster: ClusterContext): Promise<CustomSwagger | undefined> {
  const catalog = await servingCatalog(cluster, 'latest');
  let swagger = built.get(catalog);
  if (swagger === undefined) {
    const types = catalog.groupVersions().flatMap(({ resources }) => resources.filter((type: ResourceType) => type.custom));
    swagger = types.length ? customSwagger(types, await builtinOpenApiDocuments()) : null;
    built.set(catalog, swagger);
  }
  return swagger ?? undefined;
}

/** The paths and definitions of the served custom resource types (grouped by group-version). */
export function customSwagger(types: readonly ResourceType[], builtin: BuiltinDocuments): CustomSwagger {
  const paths: Json = {};
  const definitions: Json = {};
  const byGroupVersion = new Map<string, ResourceType[]>();
  for (const type of types) byGroupVersion.set(`${type.group}/${type.version}`, [...(byGroupVersion.get(`${type.group}/${type.version}`) ?? []), type]);
  for (const group of byGroupVersion.values()) {
    const document = JSON.parse(customResourceDocument(group, builtin).replace(/#\/components\/schemas\//g, '#/definitions/')) as Json;
    for (const [path, item] of Object.entries(document.paths ?? {})) paths[path] = swaggerPathItem(item as Json);
    for (const type of group) {
      const name = `${type.group.split('.').reverse().join('.')}.${type.version}.${type.kind}`;
      definitions[name] = kindDefinition(type);
      definitions[`${name}List`] = schemaV2(document.components.schemas[`${name}List`]);
    }
  }
  return { paths, definitions };
}

/** buildKubeNative with V2. */
function kindDefinition(type: ResourceType): Json {
  const schema = (type.custom?.schema ?? {}) as Json;
  const extensions = {
    'x-kubernetes-group-version-kind': [{ group: type.group, kind: type.kind, version: type.version }],
    'x-kubernetes-selectable-fields': (type.custom?.selectableFields ?? []).map((field) => ({ fieldPath: field.replace(/^\./, '') })),
  };
  if (Object.keys(schema).length === 0 || schema['x-kubernetes-preserve-unknown-fields'] === true) return { type: 'object', ...extensions };
  const v2 = withEmbeddedFields(structuralV2(schema));
  return { ...v2, properties: { ...v2.properties, ...typeMeta, metadata: objectMeta }, ...extensions };
}

/** ToStructuralOpenAPIV2 on the structural fields of a schema, parents before their children. */
function structuralV2(input: Json): Json {
  const schema: Json = Object.fromEntries(Object.entries(input).filter(([key]) => structuralFields.has(key)));
  for (const junctor of ['allOf', 'oneOf', 'anyOf', 'not']) delete schema[junctor];
  if (schema.nullable) {
    for (const field of ['type', 'items', 'properties']) delete schema[field];
  }
  delete schema.nullable;
  const preserves = schema['x-kubernetes-preserve-unknown-fields'] === true;
  if (preserves) {
    delete schema.items;
    delete schema.properties;
  }
  if (schema.items === undefined && schema.type === 'array') delete schema.type;
  if (preserves && schema.type === 'object') delete schema.type;
  const nullable = (child: unknown) => (child as Json | undefined)?.nullable === true;
  if (Array.isArray(schema.required)) {
    const required = (schema.required as string[]).filter((name) => !nullable(input.properties?.[name]) || !schema.properties);
    if (required.length === 0 || nullable(schema.additionalProperties)) delete schema.required;
    else schema.required = required;
  }
  if (schema.properties) schema.properties = Object.fromEntries(Object.entries(schema.properties as Json).map(([name, child]) => [name, structuralV2(child as Json)]));
  if (schema.items && !Array.isArray(schema.items)) schema.items = structuralV2(schema.items);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') schema.additionalProperties = structuralV2(schema.additionalProperties);
  return schema;
}

/** addEmbeddedProperties with V2: an embedded resource gets apiVersion, kind and metadata, unless it preserves unknown fields. */
function withEmbeddedFields(schema: Json): Json {
  const result: Json = { ...schema };
  if (schema.properties) result.properties = Object.fromEntries(Object.entries(schema.properties as Json).map(([name, child]) => [name, withEmbeddedFields(child as Json)]));
  if (schema.items && !Array.isArray(schema.items)) result.items = withEmbeddedFields(schema.items);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') result.additionalProperties = withEmbeddedFields(schema.additionalProperties);
  if (result['x-kubernetes-preserve-unknown-fields'] === true || result['x-kubernetes-embedded-resource'] !== true) return result;
  result.properties = { ...result.properties, ...embeddedTypeMeta, metadata: objectMeta };
  const required: string[] = [...(result.required ?? [])];
  for (const name of ['kind', 'apiVersion']) if (!required.includes(name)) required.push(name);
  result.required = required;
  return result;
}
