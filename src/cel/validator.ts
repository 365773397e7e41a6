/**
 * Validating an object with the validator tree (apiextensions schema/cel/validation.go validate):
 * a node's rules, then its allOf validators, then its children: properties and map values by
 * key (sorted, where Go's map order is random), list items by index; old values follow the
 * correlation of correlation.ts (list-type=map items by key, other items not at all).
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import { Correlation, mapListLookup, ratchetIndex, ratchetKey, type Ratcheting } from './correlation.js';
import { childPath, indexPath } from './errors.js';
import { validateRules, type ValidationState } from './node-rules.js';
import type { RuleNode } from './rule-tree.js';

/** Validates `value` at `path`; returns false once validation must stop. */
export function validateNode(node: RuleNode, path: string, value: unknown, old: unknown, ratcheting: Ratcheting, state: ValidationState): boolean {
  if (value === null || value === undefined) return true;
  if (!validateRules(node, path, value, old, ratcheting, state)) return false;
  for (const allOf of node.allOf) {
    if (!validateNode(allOf, path, value, old, ratcheting.nearestParent ? { nearestParent: ratcheting.nearestParent } : {}, state)) return false;
  }
  if (Array.isArray(value)) return validateList(node, path, value, old, ratcheting, state);
  if (isJsonObject(value)) return validateObject(node, path, value, old, ratcheting, state);
  return true;
}

function validateList(node: RuleNode, path: string, value: unknown[], old: unknown, ratcheting: Ratcheting, state: ValidationState): boolean {
  if (!node.items) return true;
  const oldItem = mapListLookup(node.schema, old);
  for (const [index, item] of value.entries()) {
    if (!validateNode(node.items, indexPath(path, index), item, oldItem(item), ratchetIndex(ratcheting, index), state)) return false;
  }
  return true;
}

function validateObject(node: RuleNode, path: string, value: Record<string, unknown>, old: unknown, ratcheting: Ratcheting, state: ValidationState): boolean {
  const oldObject = isJsonObject(old) ? old : {};
  const keys = Object.keys(value).sort();
  if (node.additionalProperties) {
    for (const key of keys) {
      if (!validateNode(node.additionalProperties, indexPath(path, key), value[key], oldObject[key], ratchetKey(ratcheting, key), state)) return false;
    }
  }
  for (const key of keys) {
    const property = node.properties.get(key);
    if (property && !validateNode(property, childPath(path, key), value[key], oldObject[key], ratchetKey(ratcheting, key), state)) return false;
  }
  return true;
}

/** Validates a whole custom resource (`old` on updates, which enables correlation and ratcheting). */
export function validateObjectTree(root: RuleNode, object: unknown, old: unknown, budget: number): ValidationState {
  const state: ValidationState = { errors: [], warnings: [], remaining: budget };
  const ratcheting: Ratcheting = old === undefined ? {} : { current: new Correlation(object, old, root.schema) };
  validateNode(root, '', object, old, ratcheting, state);
  return state;
}
