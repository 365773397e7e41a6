/**
 * Patch metadata lookups (kube's LookupPatchMeta) over compact OpenAPI schema nodes.
 *
 * kube-apiserver applies strategic merge patches to built-in kinds with PatchMetaFromStruct: the
 * Go struct tags `patchStrategy` / `patchMergeKey`, which the OpenAPI documents carry as
 * x-kubernetes-patch-strategy / x-kubernetes-patch-merge-key. This adapter reads those extensions
 * like PatchMetaFromOpenAPIV3 does, and models the Go type behind each node (struct, map, slice,
 * scalar) so that lookups fail with the struct lookup's texts (forkedjson.LookupPatchMetadataForStruct):
 * - `unable to find api field in struct Deployment for the json field "foo"`;
 * - `merging an object in json but data type is not struct, instead is: map`.
 * A slice lookup on a field that is not an array answers the field's own type as the element type,
 * as PatchMetaFromOpenAPIV3 and kube's pointer-to-struct fields do.
 */
import type { SchemaNode, SchemaResolver } from '../../schema/types.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { mergeError } from './errors.js';

/** A field's patch strategies (`merge`, `retainKeys`, `replace`) and merge key. */
export interface PatchMeta {
  strategies: string[];
  mergeKey?: string;
}

/** A field's schema (for a slice: its element's) and patch metadata. */
export interface PatchMetaLookup {
  schema: SchemaLookup;
  patchMeta: PatchMeta;
}

/** kube's LookupPatchMeta: what the engine needs to know about the type being merged. */
export interface SchemaLookup {
  /** The schema and patch metadata of field `key` of this struct; throws for unknown fields. */
  lookupPatchMetadataForStruct(key: string): PatchMetaLookup;
  /** Like lookupPatchMetadataForStruct, with the schema of the list's elements. */
  lookupPatchMetadataForSlice(key: string): PatchMetaLookup;
  /** The Go kind (`struct`, `string`, ...) named in "cannot merge lists without merge key for %s". */
  readonly name: string;
}

/** A node with its `$ref`s followed, and the Go type name of the last schema named on the way. */
interface ResolvedType {
  node: SchemaNode | undefined;
  typeName: string;
  named: boolean;
}

/** Patch metadata lookups over `node`, resolving `$ref` names with `resolve`. */
export function schemaLookupFromNode(node: SchemaNode | undefined, resolve: SchemaResolver): SchemaLookup {
  return new SchemaNodeLookup(node, resolve);
}

/** The patch metadata a schema node (a property, before `$ref` resolution) declares. */
export function patchMetaOf(node: SchemaNode): PatchMeta {
  const strategy = node['x-kubernetes-patch-strategy'];
  const meta: PatchMeta = { strategies: strategy === undefined ? [] : strategy.split(',') };
  const mergeKey = node['x-kubernetes-patch-merge-key'];
  if (mergeKey !== undefined) meta.mergeKey = mergeKey;
  return meta;
}

class SchemaNodeLookup implements SchemaLookup {
  constructor(private readonly node: SchemaNode | undefined, private readonly resolve: SchemaResolver) {}

  get name(): string {
    return goKind(this.resolved());
  }

  lookupPatchMetadataForStruct(key: string): PatchMetaLookup {
    const type = this.resolved();
    const kind = goKind(type);
    if (kind !== 'struct') throw mergeError(`merging an object in json but data type is not struct, instead is: ${kind}`);
    const field = findField(type.node?.properties ?? {}, key);
    if (!field) throw mergeError(`unable to find api field in struct ${type.typeName} for the json field ${goQuote(key)}`);
    return { schema: new SchemaNodeLookup(field, this.resolve), patchMeta: patchMetaOf(field) };
  }

  lookupPatchMetadataForSlice(key: string): PatchMetaLookup {
    const { schema, patchMeta } = this.lookupPatchMetadataForStruct(key);
    return { schema: (schema as SchemaNodeLookup).elementLookup(), patchMeta };
  }

  private elementLookup(): SchemaLookup {
    const items = this.resolved().node?.items;
    return items ? new SchemaNodeLookup(items, this.resolve) : this;
  }

  private resolved(): ResolvedType {
    let node = this.node;
    let typeName = '';
    for (let hops = 0; node?.$ref !== undefined && hops < 16; hops++) {
      typeName = node.$ref.slice(node.$ref.lastIndexOf('.') + 1);
      node = this.resolve(node.$ref);
    }
    return { node, typeName, named: typeName !== '' };
  }
}

/** The JSON field Go's decoder would pick: the exact name, else the first case-insensitive match. */
function findField(properties: Record<string, SchemaNode>, key: string): SchemaNode | undefined {
  if (Object.hasOwn(properties, key)) return properties[key];
  const folded = key.toLowerCase();
  const match = Object.keys(properties).find((name) => name.toLowerCase() === folded);
  return match === undefined ? undefined : properties[match];
}

/** reflect.Kind of the Go type behind a node; named scalars (Quantity, Time, IntOrString) are structs. */
function goKind({ node, named }: ResolvedType): string {
  if (!node) return 'interface';
  if (node.properties) return 'struct';
  switch (node.type) {
    case 'object':
      return node.additionalProperties ? 'map' : 'struct';
    case 'array':
      return 'slice';
    case undefined:
      // {} nodes are structs with custom JSON (apiextensions JSON, JSONSchemaPropsOrArray, ...).
      return 'struct';
    default:
      return named || node['x-kubernetes-int-or-string'] ? 'struct' : scalarKind(node);
  }
}

function scalarKind(node: SchemaNode): string {
  if (node.type === 'integer') return node.format === 'int32' ? 'int32' : 'int64';
  if (node.type === 'number') return node.format === 'float' ? 'float32' : 'float64';
  return node.type === 'boolean' ? 'bool' : 'string';
}
