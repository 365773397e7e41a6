/**
 * The patched document kube names when a JSON patch or merge patch result does not decode into
 * the Go type (patch.go: 422 Invalid on the field `patch`, the document as its bad value).
 * evanphx/json-patch v4 re-encodes the objects a patch reached as Go maps, keys sorted, and keeps
 * the rest as the bytes it was given: the current object as kube encodes it, structs in field
 * order and Go maps (labels, data, ...) sorted.
 */
import { isJsonObject } from '../../apimachinery/json-value.js';
import { fieldError } from '../../apimachinery/field-errors.js';
import { invalid, type StatusError } from '../../apimachinery/status.js';
import { resolveNode, schemaForKind } from '../../schema/registry.js';
import type { SchemaNode } from '../../schema/types.js';
import type { ResourceType } from '../../api/catalog.js';

type Reached = (path: readonly string[]) => boolean;

/** The 422 for a patched document of `type` whose decoding failed with `reason`. */
export function patchedDocumentInvalid(patched: unknown, type: ResourceType, reached: Reached, reason: string): StatusError {
  const text = documentText(patched, schemaForKind(type.group, type.version, type.kind), reached, []);
  return invalid({ group: '', kind: '' }, '', [fieldError.invalid('patch', text, reason)]);
}

function documentText(value: unknown, schema: SchemaNode | undefined, reached: Reached, path: string[]): string {
  const node = schema && resolveNode(schema);
  if (Array.isArray(value)) return `[${value.map((item, index) => documentText(item, node?.items, reached, [...path, String(index)])).join(',')}]`;
  if (!isJsonObject(value)) return goJson(value);
  const keys = Object.keys(value).filter((key) => value[key] !== undefined);
  const isMap = !!node && !node.properties && typeof node.additionalProperties === 'object';
  if (isMap || reached(path)) keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const child = (key: string) => (isMap ? (node!.additionalProperties as SchemaNode) : node?.properties?.[key]);
  return `{${keys.map((key) => `${goJson(key)}:${documentText(value[key], child(key), reached, [...path, key])}`).join(',')}}`;
}

function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** A merge patch reaches the root and every object it holds an object for. */
export function mergePatchReach(patch: unknown): Reached {
  return (path) => {
    let node: unknown = patch;
    for (const key of path) {
      if (!isJsonObject(node)) return false;
      node = node[key];
    }
    return isJsonObject(node);
  };
}

/** A JSON patch reaches the root and every container on an operation's path (and `from`). */
export function jsonPatchReach(operations: readonly { path?: unknown; from?: unknown }[]): Reached {
  const pointers = operations.flatMap((operation) => [operation.path, operation.from]).filter((pointer): pointer is string => typeof pointer === 'string');
  const paths = pointers.map((pointer) => pointer.split('/').slice(1).map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~')));
  return (path) => path.length === 0 || paths.some((target) => target.length > path.length && path.every((key, index) => target[index] === key));
}
