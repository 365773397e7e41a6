/**
 * The ManagedFieldsSchema of a kind: built-in kinds take their root from the compact schemas and
 * compare as Go structs; custom resources take the CRD's structural schema, with `metadata` typed
 * as ObjectMeta and `apiVersion`/`kind` as strings (as kube's CRD type converter builds them), and
 * compare as unstructured values.
 */
import { schemaNameForKind, schemaNamed } from '../schema/index.js';
import type { SchemaNode } from '../schema/types.js';
import type { ManagedFieldsSchema } from './schema-types.js';

const objectMetaName = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

const builtinRoots = new Map<string, SchemaNode>();

/** The schema of a served built-in kind (root undefined: every value deduced). */
export function builtinManagedFieldsSchema(group: string, version: string, kind: string): ManagedFieldsSchema {
  const name = schemaNameForKind(group, version, kind);
  if (name === undefined) return { root: undefined, resolve: schemaNamed, goTyped: true };
  // A `$ref` root, so the root struct is known by name (its Go zero fields: spec, status).
  let root = builtinRoots.get(name);
  if (!root) builtinRoots.set(name, (root = { $ref: name }));
  return { root, resolve: schemaNamed, goTyped: true };
}

const customRoots = new WeakMap<SchemaNode, SchemaNode>();
const untypedCustomRoot = customRoot(undefined);

/** The schema of a custom resource from its version's `openAPIV3Schema` (none: deduced but for metadata). */
export function customResourceManagedFieldsSchema(openAPIV3Schema: SchemaNode | undefined): ManagedFieldsSchema {
  let root = untypedCustomRoot;
  if (openAPIV3Schema) {
    root = customRoots.get(openAPIV3Schema) ?? customRoot(openAPIV3Schema);
    customRoots.set(openAPIV3Schema, root);
  }
  return { root, resolve: schemaNamed, goTyped: false };
}

function customRoot(schema: SchemaNode | undefined): SchemaNode {
  return withObjectFields(schema ? withEmbeddedObjectFields(schema) : { 'x-kubernetes-preserve-unknown-fields': true });
}

/** An object's node with `apiVersion`, `kind` and `metadata` (ObjectMeta) declared. */
function withObjectFields(node: SchemaNode): SchemaNode {
  return { ...node, type: 'object', properties: { ...node.properties, apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { $ref: objectMetaName } } };
}

/** The schema with every x-kubernetes-embedded-resource object typed as an object too (kube's CRD type converter). */
function withEmbeddedObjectFields(node: SchemaNode): SchemaNode {
  const copy: SchemaNode = { ...node };
  if (node.properties) copy.properties = Object.fromEntries(Object.entries(node.properties).map(([name, child]) => [name, withEmbeddedObjectFields(child)]));
  if (node.items && !Array.isArray(node.items)) copy.items = withEmbeddedObjectFields(node.items);
  if (typeof node.additionalProperties === 'object') copy.additionalProperties = withEmbeddedObjectFields(node.additionalProperties);
  return node['x-kubernetes-embedded-resource'] ? withObjectFields(copy) : copy;
}
