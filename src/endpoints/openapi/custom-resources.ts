/**
 * The OpenAPI v3 document of a custom resource group-version (`/openapi/v3/apis/G/V`), as
 * kube-apiserver builds it for CRDs (golden 089): the recorded document's operations instantiated
 * for each kind of the group-version (data/crd-openapi-template.json), cluster-scoped kinds
 * without the namespace segment, the status and scale operations only where the version has
 * those subresources; the kind's schema is the CRD's with apiVersion, kind and metadata added.
 * kubectl reads it for `explain` and for its field validation.
 */
import template from '../../../data/crd-openapi-template.json';
import type { ResourceType } from '../../api/catalog.js';
import type { BuiltinDocuments } from './openapi-data.js';

type Json = Record<string, unknown>;

/** `golden.example.com` -> `com.example.golden`: the reversed group kube prefixes definitions with. */
const reversedGroup = (group: string): string => group.split('.').reverse().join('.');
/** ToRESTFriendlyName-like: `golden.example.com` -> `GoldenExampleCom`. */
const friendly = (text: string): string => text.split(/[.-]/).filter(Boolean).map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');
const lowerFirst = (text: string): string => text[0]!.toLowerCase() + text.slice(1);

/** The document of one group-version, from its served custom resource types (and kube's documents, for Scale); its JSON text. */
export function customResourceDocument(types: readonly ResourceType[], builtin: BuiltinDocuments): string {
  const paths: Json = {};
  const schemas: Json = {};
  for (const type of types) {
    Object.assign(paths, pathsOf(type));
    Object.assign(schemas, schemasOf(type));
  }
  if (types.some((type) => type.custom?.scale)) Object.assign(schemas, scaleSchemas(builtin));
  Object.assign(schemas, template.metaSchemas);
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify({ openapi: template.openapi, info: template.info, paths, components: { schemas: sorted } });
}

function substitute(value: unknown, type: ResourceType): Json {
  const groupCap = friendly(type.group);
  const text = JSON.stringify(value)
    .split('__DEF__').join(`${reversedGroup(type.group)}.${type.version}`)
    .split('__GROUPID__').join(lowerFirst(groupCap))
    .split('__GROUPCAP__').join(groupCap)
    .split('__GROUP__').join(type.group)
    .split('__VERSIONCAP__').join(type.version[0]!.toUpperCase() + type.version.slice(1))
    .split('__VERSION__').join(type.version)
    .split('__PLURAL__').join(type.resource)
    .split('__KIND__').join(type.kind);
  return JSON.parse(text) as Json;
}

function pathsOf(type: ResourceType): Json {
  const recorded = template.paths as Record<string, Json>;
  const base = '/apis/__GROUP__/__VERSION__';
  const collection = `${base}/namespaces/{namespace}/__PLURAL__`;
  const paths: Record<string, Json> = { [collection]: recorded[collection]!, [`${collection}/{name}`]: recorded[`${collection}/{name}`]! };
  if (type.custom?.status) paths[`${collection}/{name}/status`] = recorded[`${collection}/{name}/status`]!;
  if (type.custom?.scale) paths[`${collection}/{name}/scale`] = scaleOperations(recorded[`${collection}/{name}/status`]!);
  if (type.namespaced) paths[`${base}/__PLURAL__`] = recorded[`${base}/__PLURAL__`]!;
  const instantiated = substitute(type.namespaced ? paths : clusterScoped(paths), type);
  return instantiated;
}

/** The namespaced operations without the namespace: path segment, parameter and operationId word. */
function clusterScoped(paths: Record<string, Json>): Record<string, Json> {
  const text = JSON.stringify(paths).split('/namespaces/{namespace}').join('').split('Namespaced__KIND__').join('__KIND__');
  const result = JSON.parse(text) as Record<string, Json>;
  for (const operations of Object.values(result)) {
    const parameters = operations.parameters as { name?: string }[] | undefined;
    if (parameters) operations.parameters = parameters.filter((parameter) => parameter.name !== 'namespace');
  }
  return result;
}

/**
 * The scale operations, shaped like the status ones but on an autoscaling/v1 Scale; their
 * x-kubernetes-group-version-kind still names the custom kind, as kube v1.32 writes it.
 */
function scaleOperations(status: Json): Json {
  const text = JSON.stringify(status)
    .split('#/components/schemas/__DEF__.__KIND__"').join('#/components/schemas/io.k8s.api.autoscaling.v1.Scale"')
    .split('__KIND__Status').join('__KIND__Scale')
    .split('status of the specified').join('scale of the specified');
  return JSON.parse(text) as Json;
}

function schemasOf(type: ResourceType): Json {
  const definition = `${reversedGroup(type.group)}.${type.version}`;
  const schema = (type.custom?.schema ?? {}) as Json;
  const { properties, type: _type, ...rest } = schema;
  const standard = substitute(template.standardProperties, type);
  // A version's selectableFields as field paths without the leading dot.
  const selectableFields = (type.custom?.selectableFields ?? []).map((field: string) => ({ fieldPath: field.replace(/^\./, '') }));
  const kind: Json = {
    ...('description' in rest ? { description: rest.description } : {}),
    type: 'object',
    ...rest,
    properties: { ...standard, ...((properties as Json | undefined) ?? {}) },
    'x-kubernetes-group-version-kind': [{ group: type.group, kind: type.kind, version: type.version }],
    'x-kubernetes-selectable-fields': selectableFields,
  };
  // v1.32 repeats the kind's selectable fields on its list schema.
  const list = { ...substitute(template.list, type), 'x-kubernetes-selectable-fields': selectableFields };
  return { [`${definition}.${type.kind}`]: kind, [`${definition}.${type.kind}List`]: list };
}

let scale: Json | undefined;

/** io.k8s.api.autoscaling.v1.Scale and its parts, from kube's apps/v1 document (the /scale of its workloads). */
function scaleSchemas(builtin: BuiltinDocuments): Json {
  if (!scale) {
    const document = JSON.parse(builtin['apis/apps/v1']!.text) as { components: { schemas: Json } };
    scale = Object.fromEntries(Object.entries(document.components.schemas).filter(([name]) => name.startsWith('io.k8s.api.autoscaling.v1.Scale')));
  }
  return scale;
}
