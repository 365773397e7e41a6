/**
 * The validator tree (apiextensions schema/cel/validation.go validator()): for each schema node
 * holding rules, directly or below, its compiled rules and the child validators of its
 * properties, items, additionalProperties and allOf entries, each with the CEL type its rules see.
 * Properties without a CEL type are left out (kube: "omitted from CEL validation entirely").
 */
import { compileRule, type CompiledRule } from './compile.js';
import { schemaDeclType, type DeclType } from './decl-types.js';
import { escapeName } from './escaping.js';
import type { SchemaNode, ValidationRule } from '../schema/types.js';

export interface RuleNode {
  /** The node's structural schema (its type names the bad value of errors). */
  schema: SchemaNode;
  decl: DeclType;
  isResourceRoot: boolean;
  rules: CompiledRule[];
  properties: Map<string, RuleNode>;
  items?: RuleNode;
  additionalProperties?: RuleNode;
  allOf: RuleNode[];
}

const compiled = new WeakMap<ValidationRule, Map<DeclType, CompiledRule>>();

/** compileRule, once per rule and CEL type. */
export function compileCached(rule: ValidationRule, decl: DeclType, schema: SchemaNode): CompiledRule {
  let byDecl = compiled.get(rule);
  if (!byDecl) compiled.set(rule, (byDecl = new Map()));
  let result = byDecl.get(decl);
  if (!result) byDecl.set(decl, (result = compileRule(rule, decl, schema)));
  return result;
}

const embedded = (schema: SchemaNode): boolean => schema['x-kubernetes-embedded-resource'] === true;

/** The CEL type of property `name` of an object type (unescapable names get their own type). */
export function propertyDecl(decl: DeclType | undefined, name: string, schema: SchemaNode): DeclType | undefined {
  const escaped = escapeName(name);
  if (escaped === undefined) return schemaDeclType(schema, embedded(schema));
  return decl?.kind === 'object' ? decl.fields.get(escaped)?.type : undefined;
}

/** Builds the validator of a node; `validation` holds the rules (an allOf entry or the node itself). */
export function buildRuleTree(validation: SchemaNode, node: SchemaNode, isResourceRoot: boolean, decl: DeclType | undefined): RuleNode | undefined {
  if (!decl) return undefined;
  const rules = (validation['x-kubernetes-validations'] ?? []).map((rule) => compileCached(rule, decl, node));
  const properties = new Map<string, RuleNode>();
  for (const [name, property] of Object.entries(validation.properties ?? {})) {
    const nodeProperty = node.properties && Object.hasOwn(node.properties, name) ? node.properties[name] : undefined;
    if (!nodeProperty) continue;
    const child = buildRuleTree(property, nodeProperty, embedded(nodeProperty), propertyDecl(decl, name, nodeProperty));
    if (child) properties.set(name, child);
  }
  const elem = decl.kind === 'list' ? decl.elem : decl.kind === 'map' ? decl.value : undefined;
  const items = validation.items && node.items ? buildRuleTree(validation.items, node.items, embedded(node.items), elem) : undefined;
  const values = typeof validation.additionalProperties === 'object' && typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
  const additionalProperties = values ? buildRuleTree(validation.additionalProperties as SchemaNode, values, embedded(values), elem) : undefined;
  const allOf = (validation.allOf ?? []).map((entry) => buildRuleTree(entry, node, isResourceRoot, decl)).filter((child) => child !== undefined);
  if (!rules.length && !properties.size && !items && !additionalProperties && !allOf.length) return undefined;
  return {
    schema: node, decl, isResourceRoot, rules, properties, allOf,
    ...(items ? { items } : {}), ...(additionalProperties ? { additionalProperties } : {}),
  };
}
