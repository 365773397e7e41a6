/**
 * Type checking of a ValidatingAdmissionPolicy against the schemas of the resources it matches
 * (kube v1.32 admission/plugin/policy/validating/typechecking.go TypeChecker.Check), the source of
 * the policy's status.typeChecking.expressionWarnings.
 *
 * typesToCheck: every resourceRule of spec.matchConstraints whose apiGroups and apiVersions hold
 * no `*` (a rule with one is skipped whole) contributes the kinds of its resources (entries with
 * `*` or `/` skipped), walked in sorted group/version/resource order; a rule stops after 10 kinds
 * and the whole walk returns at that point. The kinds are sorted by group, version, kind; those
 * without a built-in schema are skipped. Each validations[i].expression and, when set,
 * messageExpression is compiled once per kind with `object` and `oldObject` typed by the kind's
 * schema (SchemaDeclType of the ref-inlined schema, a resource root), `params` typed by the
 * paramKind's schema, and spec.variables compiled in order into `variables`. No result type is
 * enforced. Compile issues become one warning per expression, `<fieldRef>` with kube's text:
 * per kind `<group>/<version>, Kind=<kind>: <issues>\n`, kinds joined with `\n`.
 *
 * Deviations: only built-in kinds (kube also resolves custom resources through discovery);
 * a paramKind without a built-in schema leaves `params` dyn (kube: undeclared unless resolvable);
 * object type names are `<Kind>.<path>` (kube appends the current nanoseconds to the kind);
 * `namespaceObject` is dyn and `authorizer` is undeclared (see expression.ts).
 */
import { findResource, resourcesOf } from '../api/catalog.js';
import { Checker } from '../cel/check/checker.js';
import { literalIssues } from '../cel/check/literals.js';
import { Scope } from '../cel/check/scope.js';
import { dyn, fromDecl, type CheckType } from '../cel/check/types.js';
import { schemaDeclType, type DeclType, type ObjectDecl } from '../cel/decl-types.js';
import { displayIssues } from '../cel/parse/issues.js';
import { parseExpression } from '../cel/parse/parse.js';
import { isJsonObject } from '../apimachinery/json-value.js';
import { schemaForKind, schemaNamed } from '../schema/index.js';
import type { SchemaNode } from '../schema/types.js';
import { declOfType, dynDecl, objectDecl, requestDecl } from './request-type.js';

/** One entry of status.typeChecking.expressionWarnings. */
export interface ExpressionWarning {
  fieldRef: string;
  warning: string;
}

interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** typechecking.go maxTypesToCheck. */
const maxTypesToCheck = 10;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(text) : []);
const items = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map((item) => (isJsonObject(item) ? item : {})) : []);
/** Go's sort.Strings / strings.Compare: byte order of UTF-8, which for these names is code unit order. */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const gvkKey = (gvk: GroupVersionKind): string => `${gvk.group}/${gvk.version}, Kind=${gvk.kind}`;

/** RESTMapper.KindsFor of one resource: the built-in kind serving it (plural or singular, case-insensitive). */
function kindsFor(group: string, version: string, resource: string): GroupVersionKind[] {
  const name = resource.toLowerCase();
  const found = findResource(group, version, name) ?? resourcesOf(group, version).find((r) => r.singularName === name);
  return found ? [{ group: found.group, version: found.version, kind: found.kind }] : [];
}

/** typesToCheck: the kinds named explicitly by spec.matchConstraints.resourceRules, sorted. */
function typesToCheck(spec: Record<string, unknown>): GroupVersionKind[] {
  const constraints = isJsonObject(spec.matchConstraints) ? spec.matchConstraints : {};
  const gvks = new Map<string, GroupVersionKind>();
  const sorted = (): GroupVersionKind[] =>
    [...gvks.values()].sort((a, b) => compare(a.group, b.group) || compare(a.version, b.version) || compare(a.kind, b.kind));
  for (const rule of items(constraints.resourceRules)) {
    const groups = strings(rule.apiGroups);
    if (groups.length === 0 || groups.some((group) => group.includes('*'))) continue;
    const versions = strings(rule.apiVersions);
    if (versions.length === 0 || versions.some((version) => version.includes('*'))) continue;
    const resources = strings(rule.resources).filter((resource) => !/[*/]/.test(resource));
    if (resources.length === 0) continue;
    groups.sort(compare);
    versions.sort(compare);
    resources.sort(compare);
    let count = 0;
    for (const group of groups) {
      for (const version of versions) {
        for (const resource of resources) {
          for (const gvk of kindsFor(group, version, resource)) {
            if (gvk.kind === '' && gvk.version === '' && gvk.group === '') continue;
            gvks.set(gvkKey(gvk), gvk);
            count++;
            if (count === maxTypesToCheck) return sorted();
          }
        }
      }
    }
  }
  return sorted();
}

/** The ref a node stands for: its $ref, or a $ref wrapped in allOf (refs.go refOf). */
function refOf(node: SchemaNode): string | undefined {
  if (node.$ref !== undefined) return node.$ref;
  for (const wrapped of node.allOf ?? []) {
    const ref = refOf(wrapped);
    if (ref !== undefined) return ref;
  }
  return undefined;
}

/**
 * refs.go populateRefs: a copy of `node` with every $ref (properties, additionalProperties, items)
 * replaced by the schema it names; a ref already being expanded on the path becomes an empty
 * `{type: object}` placeholder. Undefined when a ref cannot be resolved (ErrSchemaNotFound).
 */
function populateRefs(node: SchemaNode, visiting: Set<string>): SchemaNode | undefined {
  const ref = refOf(node);
  if (ref !== undefined) {
    if (visiting.has(ref)) return { type: 'object' };
    const resolved = schemaNamed(ref);
    if (!resolved) return undefined;
    visiting.add(ref);
    try {
      return populateRefs(resolved, visiting);
    } finally {
      visiting.delete(ref);
    }
  }
  const result: SchemaNode = { ...node };
  if (node.properties) {
    const properties: Record<string, SchemaNode> = {};
    for (const [name, property] of Object.entries(node.properties)) {
      const populated = populateRefs(property, visiting);
      if (!populated) return undefined;
      properties[name] = populated;
    }
    result.properties = properties;
  }
  if (typeof node.additionalProperties === 'object') {
    const populated = populateRefs(node.additionalProperties, visiting);
    if (!populated) return undefined;
    result.additionalProperties = populated;
  }
  if (node.items) {
    const populated = populateRefs(node.items, visiting);
    if (!populated) return undefined;
    result.items = populated;
  }
  return result;
}

/** Decl types per kind (undefined: no schema); built-in schemas never change. */
const declTypes = new Map<string, DeclType | null>();

/** TypeChecker.declType: the CEL type of a kind's resolved schema, or undefined without one. */
function declTypeOf(gvk: GroupVersionKind): DeclType | undefined {
  const key = gvkKey(gvk);
  const cached = declTypes.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const root = schemaForKind(gvk.group, gvk.version, gvk.kind);
  const resolved = root ? populateRefs(root, new Set()) : undefined;
  const declType = (resolved && schemaDeclType(resolved, true, gvk.kind)) || undefined;
  declTypes.set(key, declType ?? null);
  return declType;
}

/** paramsGVK: spec.paramKind as a kind, or undefined when absent or its apiVersion does not parse. */
function paramsGVK(spec: Record<string, unknown>): GroupVersionKind | undefined {
  if (!isJsonObject(spec.paramKind)) return undefined;
  const apiVersion = text(spec.paramKind.apiVersion);
  const kind = text(spec.paramKind.kind);
  const parts = apiVersion.split('/');
  if (parts.length > 2) return undefined;
  const gvk = parts.length === 2 ? { group: parts[0]!, version: parts[1]!, kind } : { group: '', version: apiVersion, kind };
  return gvk.group === '' && gvk.version === '' && gvk.kind === '' ? undefined : gvk;
}

interface TypeCheckingContext {
  gvks: { gvk: GroupVersionKind; declType: DeclType }[];
  /** Absent: no paramKind; dyn when the paramKind has no built-in schema. */
  params?: DeclType;
  variables: Record<string, unknown>[];
}

/** The issues of compiling `source` in `scope`, as cel-go's Issues.String(), or undefined. */
function compileIssues(source: string, scope: Scope): { issues?: string; type: CheckType } {
  const parsed = parseExpression(source);
  if (parsed.issues) return { issues: displayIssues(source, parsed.issues), type: dyn };
  const checker = new Checker({ root: dynDecl, optionalOldSelf: false, source });
  const type = checker.check(parsed.node, scope);
  const issues = checker.issues.length ? checker.issues : literalIssues(parsed.node);
  return issues.length ? { issues: displayIssues(source, issues), type: dyn } : { type };
}

/** The environment of one kind: typed object/oldObject/params, then the policy's variables compiled in order. */
function scopeFor(context: TypeCheckingContext, object: DeclType): Scope {
  let scope = new Scope()
    .with('namespaceObject', { type: dyn, sizeDecl: dynDecl })
    .with('request', { type: fromDecl(requestDecl), sizeDecl: requestDecl })
    .with('object', { type: fromDecl(object), sizeDecl: object })
    .with('oldObject', { type: fromDecl(object), sizeDecl: object });
  if (context.params) scope = scope.with('params', { type: fromDecl(context.params), sizeDecl: context.params });
  const variables: ObjectDecl = objectDecl('kubernetes.variables', {});
  scope = scope.with('variables', { type: fromDecl(variables), sizeDecl: variables });
  for (const variable of context.variables) {
    const name = text(variable.name);
    let type: DeclType = dynDecl;
    try {
      const compiled = compileIssues(text(variable.expression), scope);
      if (compiled.issues === undefined) type = declOfType(compiled.type);
    } catch {
      // an internal failure leaves the variable dyn
    }
    variables.fields.set(name, { property: name, type });
  }
  return scope;
}

/** CheckExpression: kube's text of `expression`'s issues against every kind, or undefined. */
function checkExpression(context: TypeCheckingContext, scopes: Scope[], expression: string): string | undefined {
  const messages: string[] = [];
  context.gvks.forEach(({ gvk }, index) => {
    let issues: string | undefined;
    try {
      issues = compileIssues(expression, scopes[index]!).issues;
    } catch (error) {
      // kube: a non-Invalid compile error is reported as a type checking error
      messages.push(`${gvkKey(gvk)}: type checking error: ${error instanceof Error ? error.message : String(error)}\n`);
      return;
    }
    if (issues !== undefined) messages.push(`${gvkKey(gvk)}: ${issues}\n`);
  });
  return messages.length ? messages.join('\n') : undefined;
}

/**
 * TypeChecker.Check: the expressionWarnings of a ValidatingAdmissionPolicy (an empty list when
 * every expression checks against every matched kind). Never throws.
 */
export function typeCheckPolicy(policy: object): ExpressionWarning[] {
  const root = policy as Record<string, unknown>;
  const spec = isJsonObject(root.spec) ? root.spec : {};
  const gvks = typesToCheck(spec).flatMap((gvk) => {
    const declType = declTypeOf(gvk);
    return declType ? [{ gvk, declType }] : [];
  });
  const warnings: ExpressionWarning[] = [];
  if (gvks.length === 0) return warnings;
  const paramGVK = paramsGVK(spec);
  const context: TypeCheckingContext = {
    gvks,
    ...(paramGVK ? { params: declTypeOf(paramGVK) ?? dynDecl } : {}),
    variables: items(spec.variables),
  };
  const scopes = gvks.map(({ declType }) => scopeFor(context, declType));
  items(spec.validations).forEach((validation, index) => {
    const expression = checkExpression(context, scopes, text(validation.expression));
    if (expression !== undefined) warnings.push({ fieldRef: `spec.validations[${index}].expression`, warning: expression });
    const messageExpression = text(validation.messageExpression);
    if (messageExpression === '') return;
    const message = checkExpression(context, scopes, messageExpression);
    if (message !== undefined) warnings.push({ fieldRef: `spec.validations[${index}].messageExpression`, warning: message });
  });
  return warnings;
}
