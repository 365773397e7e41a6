/**
 * Lazy access to the built-in schemas of data/schemas.js. Each Go package's schemas (core/v1,
 * apps/v1, meta/v1, ...) are one JSON string in the bundle; a package is parsed the first time
 * one of its schemas is asked for and kept for the life of the isolate, so a Worker serving
 * ConfigMaps parses core/v1 and meta/v1 only.
 */
import { kinds, packages } from '../../data/schemas.js';
import type { SchemaNode, SchemaSet } from './types.js';

const parsedPackages = new Map<string, SchemaSet>();
/** Name -> node, so the hot path is one Map lookup. */
const nodesByName = new Map<string, SchemaNode | undefined>();

/** `io.k8s.api.core.v1.Pod` -> `io.k8s.api.core.v1`. */
function packageOf(name: string): string {
  return name.slice(0, name.lastIndexOf('.'));
}

function loadPackage(pkg: string): SchemaSet | undefined {
  const cached = parsedPackages.get(pkg);
  if (cached) return cached;
  const text = packages[pkg];
  if (text === undefined) return undefined;
  const parsed = JSON.parse(text) as SchemaSet;
  parsedPackages.set(pkg, parsed);
  return parsed;
}

/** The built-in schema named `name` (`io.k8s.api.core.v1.PodSpec`), parsing its package once. */
export function schemaNamed(name: string): SchemaNode | undefined {
  if (nodesByName.has(name)) return nodesByName.get(name);
  const node = loadPackage(packageOf(name))?.[name];
  nodesByName.set(name, node);
  return node;
}

/** The schema name of a served kind's root (`io.k8s.api.apps.v1.Deployment`), if it has one. */
export function schemaNameForKind(group: string, version: string, kind: string): string | undefined {
  return kinds[group]?.[version]?.[kind];
}

/** The root schema of a served kind, or undefined for kinds without one. */
export function schemaForKind(group: string, version: string, kind: string): SchemaNode | undefined {
  const name = schemaNameForKind(group, version, kind);
  return name === undefined ? undefined : schemaNamed(name);
}

/** Follows `$ref`s to the node that describes the value; the wrapper's own keys are the caller's. */
export function resolveNode(node: SchemaNode, resolve: (name: string) => SchemaNode | undefined = schemaNamed): SchemaNode {
  let current = node;
  for (let hops = 0; current.$ref !== undefined && hops < 16; hops++) {
    const target = resolve(current.$ref);
    if (!target) break;
    current = target;
  }
  return current;
}

/** Packages parsed so far (for tests and diagnostics). */
export function parsedSchemaPackages(): string[] {
  return [...parsedPackages.keys()];
}
