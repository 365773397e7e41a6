/**
 * ValidateDefaults (apiextensions-apiserver pkg/apiserver/schema/defaulting/validation.go, kube
 * v1.32): every `default` must survive pruning by its own schema node ("must not have unknown
 * fields") and validate against it, as a custom resource's value would (src/schema). The schema
 * root counts as an embedded resource, so defaults inside apiVersion, kind and metadata take
 * the metadata route, which is not modelled (kube forbids them at the root anyway). CEL rules on
 * defaults go through the validateDefaultRules hook. Defaults under additionalProperties are not
 * visited (kube forbids them there).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { pruneStructural } from '../../schema/pruning.js';
import { jsonEqual, validateStructure } from '../../schema/structural-validation.js';
import type { SchemaNode } from '../../schema/types.js';
import { cloneJson } from '../json-values.js';
import { goJsonBadValue } from './go-values.js';
import type { CrdValidationHooks } from './options.js';
import { isSet, itemsSchema, schemaEntries, schemaHas, type SchemaProps } from './schema-props.js';

const metaFields = new Set(['metadata', 'kind', 'apiVersion']);

interface DefaultsWalk {
  root: SchemaProps;
  requirePrunedDefaults: boolean;
  hooks: CrdValidationHooks;
}

/** True when pruning `value` by `node` would drop something. */
function isUnpruned(node: SchemaProps, value: unknown, isResourceRoot: boolean): boolean {
  const pruned = cloneJson(value);
  pruneStructural(node as SchemaNode, pruned, { isResourceRoot });
  return !jsonEqual(pruned, value);
}

/** ValidateDefaults of the openAPIV3Schema `root` at `path`. */
export function validateDefaults(root: SchemaProps, path: string, requirePrunedDefaults: boolean, hooks: CrdValidationHooks): FieldError[] {
  return validateNode(root, path, false, { root, requirePrunedDefaults, hooks });
}

function validateNode(node: SchemaProps, path: string, insideMeta: boolean, walk: DefaultsWalk): FieldError[] {
  const embedded = node === walk.root || node['x-kubernetes-embedded-resource'] === true;
  const inMeta = embedded ? false : insideMeta;
  const errors = inMeta || !isSet(node.default) ? [] : validateDefault(node, `${path}.default`, embedded, walk);
  const items = itemsSchema(node);
  if (items) errors.push(...validateNode(items, `${path}.items`, inMeta, walk));
  for (const [key, property] of schemaEntries(node.properties)) {
    errors.push(...validateNode(property, `${path}.properties[${key}]`, inMeta || (embedded && metaFields.has(key)), walk));
  }
  return errors;
}

function validateDefault(node: SchemaProps, path: string, embedded: boolean, walk: DefaultsWalk): FieldError[] {
  const value = node.default;
  const errors: FieldError[] = [];
  if (walk.requirePrunedDefaults && isUnpruned(node, value, embedded)) {
    errors.push(fieldError.invalid(path, goJsonBadValue(value), 'must not have unknown fields'));
  }
  const invalid = validateStructure(node as SchemaNode, value, path, { skipListTypes: true });
  if (invalid.length > 0) return [...errors, ...invalid];
  return [...errors, ...(walk.hooks.validateDefaultRules?.(node, value, path, node === walk.root) ?? [])];
}

/** schemaHasUnprunedDefaults' test on a structural schema: some default loses fields when pruned by its node. */
export function hasUnprunedDefaults(schema: SchemaProps): boolean {
  return schemaHas(schema, (node) => isSet(node.default) && isUnpruned(node, node.default, node['x-kubernetes-embedded-resource'] === true));
}
