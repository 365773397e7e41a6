/**
 * Structural pruning as kube does it for custom resources
 * (apiextensions-apiserver/pkg/apiserver/schema/pruning/algorithm.go): fields the schema does not
 * specify are deleted in place and their paths returned SORTED (kube collects them from Go map
 * iteration and sorts them; that order reaches `unknown field` warnings of custom resources).
 * - The resource root, and any x-kubernetes-embedded-resource object, keep apiVersion, kind and
 *   metadata untouched (metadata has its own rules).
 * - x-kubernetes-preserve-unknown-fields keeps unknown fields, but known ones are still pruned.
 * - Without a schema (a map value under `additionalProperties: true`, say) every key goes.
 * For built-in kinds use decode-check.ts pruneUnknownFields, which reports in document order as
 * the Go decoder does; this module also resolves `$ref`s and leaves opaque types alone.
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import { isOpaqueSchema } from './custom-unmarshalers.js';
import { resolveNode, schemaNamed } from './registry.js';
import type { SchemaNode, SchemaResolver } from './types.js';

const metaFields = new Set(['apiVersion', 'kind', 'metadata']);

/** Options of pruneStructural. */
export interface PruneOptions {
  /** The value is a whole object (its apiVersion, kind and metadata are kept). Default true. */
  isResourceRoot?: boolean;
  resolve?: SchemaResolver;
}

/** Go's sort.Strings order: bytewise UTF-8, i.e. by code point. */
export function compareCodePoints(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const difference = a[index]!.codePointAt(0)! - b[index]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

class Pruner {
  readonly pruned: string[] = [];

  constructor(private readonly resolve: SchemaResolver) {}

  /** A schema node as the pruner sees it: resolved, or undefined for "no schema". */
  private structural(node: SchemaNode | undefined): SchemaNode | undefined {
    return node === undefined ? undefined : resolveNode(node, this.resolve);
  }

  prune(value: unknown, schema: SchemaNode | undefined, path: string, embedded = false): void {
    if (schema?.$ref !== undefined && isOpaqueSchema(schema.$ref)) return;
    const node = this.structural(schema);
    if (node?.['x-kubernetes-preserve-unknown-fields']) return this.skipPrune(value, node, path, embedded);
    if (isJsonObject(value)) this.pruneObject(value, node, path, embedded);
    else if (Array.isArray(value)) value.forEach((item, index) => this.prune(item, node?.items, `${path}[${index}]`));
  }

  private pruneObject(value: Record<string, unknown>, node: SchemaNode | undefined, path: string, embedded: boolean): void {
    if (!node) {
      for (const key of Object.keys(value)) {
        this.pruned.push(join(path, key));
        delete value[key];
      }
      return;
    }
    const isEmbedded = embedded || node['x-kubernetes-embedded-resource'] === true;
    for (const key of Object.keys(value)) {
      if (isEmbedded && metaFields.has(key)) continue;
      const property = node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
      if (property) {
        this.prune(value[key], property, join(path, key));
      } else if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
        this.prune(value[key], node.additionalProperties === true ? undefined : node.additionalProperties, join(path, key));
      } else {
        if (!metaFields.has(key) || path !== '') this.pruned.push(join(path, key));
        delete value[key];
      }
    }
  }

  /** x-kubernetes-preserve-unknown-fields: keep unknown keys, prune inside known ones. */
  private skipPrune(value: unknown, node: SchemaNode, path: string, embedded: boolean): void {
    if (isJsonObject(value)) {
      const isEmbedded = embedded || node['x-kubernetes-embedded-resource'] === true;
      for (const key of Object.keys(value)) {
        if (isEmbedded && metaFields.has(key)) continue;
        const property = node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
        if (property) this.prune(value[key], property, join(path, key));
        else if (typeof node.additionalProperties === 'object') this.prune(value[key], node.additionalProperties, join(path, key));
      }
    } else if (Array.isArray(value)) {
      const items = this.structural(node.items);
      value.forEach((item, index) => {
        if (items) this.skipPrune(item, items, `${path}[${index}]`, false);
      });
    }
  }
}

const join = (parent: string, key: string): string => (parent ? `${parent}.${key}` : key);

/** Prunes `value` against a structural schema in place; returns the pruned paths, sorted. */
export function pruneStructural(schema: SchemaNode | undefined, value: unknown, options: PruneOptions = {}): string[] {
  const pruner = new Pruner(options.resolve ?? schemaNamed);
  pruner.prune(value, schema, '', options.isResourceRoot ?? true);
  return pruner.pruned.sort(compareCodePoints);
}
