/**
 * ValidateCustomResourceDefinitionUpdate's options (apiextensions validation.go, kube v1.32):
 * rules the stored CRD already broke are not enforced on its update, so a CRD accepted by an
 * older kube stays updatable ("don't tighten validation on existing persisted data"). Also the
 * expressions and unchanged schemas CEL needs.
 */
import { asRecord, asRecords, asText, type JsonRecord } from '../json-values.js';
import { sameJson } from '../json-equality.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { hasValidReviewVersionOrEmpty } from './conversion-validation.js';
import { hasUnprunedDefaults } from './default-values.js';
import { type InternalSpec, schemasOf } from './internal-spec.js';
import { mapListKeysMapSetErrors } from './list-type-rules.js';
import { type CrdValidationHooks, createOptions, type ValidationOptions } from './options.js';
import { isSet, itemsSchema, schemaHas, typeOf, type SchemaProps } from './schema-props.js';
import { newStructuralError } from './structural-init.js';
import { validateStructural } from './structural.js';

const openapiV3Types = new Set(['array', 'boolean', 'integer', 'number', 'object', 'string']);

const anySchemaHas = (spec: InternalSpec, predicate: (node: SchemaProps) => boolean): boolean =>
  schemasOf(spec).some((schema) => schemaHas(schema, predicate));

/** allVersionsSpecifyOpenAPISchema. */
function allVersionsHaveSchemas(spec: InternalSpec): boolean {
  if (isSet(spec.validation?.openAPIV3Schema)) return true;
  return spec.versions.every((version) => isSet(version.schema?.openAPIV3Schema));
}

function isNonStructural(schema: SchemaProps): boolean {
  return newStructuralError(schema) !== undefined || validateStructural(schema, '').length > 0;
}

/** schemaHasUnprunedDefaults: only structural schemas count. */
function hasUnpruned(schema: SchemaProps): boolean {
  return !isNonStructural(schema) && hasUnprunedDefaults(schema);
}

/** hasNonAtomicSetType's test on one node. */
function isNonAtomicSet(node: SchemaProps): boolean {
  const items = itemsSchema(node);
  if (node['x-kubernetes-list-type'] !== 'set' || !items) return false;
  if (typeOf(items) === 'array') return isSet(items['x-kubernetes-list-type']) && items['x-kubernetes-list-type'] !== 'atomic';
  return typeOf(items) === 'object' && items['x-kubernetes-map-type'] !== 'atomic';
}

function expressionsOf(spec: InternalSpec): { rules: Set<string>; messageExpressions: Set<string> } {
  const rules = new Set<string>();
  const messageExpressions = new Set<string>();
  anySchemaHas(spec, (node) => {
    for (const rule of asRecords(node['x-kubernetes-validations'])) {
      rules.add(asText(rule.rule));
      if (asText(rule.messageExpression) !== '') messageExpressions.add(asText(rule.messageExpression));
    }
    return false;
  });
  return { rules, messageExpressions };
}

/** GetSchemaForVersion on the internal spec: the hoisted schema (maybe nil), the version's, or not found. */
function schemaForVersion(spec: InternalSpec, name: string): { schema: JsonRecord | undefined } | undefined {
  if (!spec.versions.some((version) => version.schema)) return { schema: spec.validation };
  const version = spec.versions.find((item) => item.name === name);
  return version && { schema: version.schema };
}

/** IsCRDConditionTrue(crd, Established). */
export function isEstablished(object: KubeObject): boolean {
  return asRecords(asRecord(object.status)?.conditions).some((condition) => condition.type === 'Established' && condition.status === 'True');
}

/** The options of an update of `old` to `next`. */
export function updateOptions(next: InternalSpec, old: InternalSpec, oldObject: KubeObject, hooks: CrdValidationHooks): ValidationOptions {
  const expressions = expressionsOf(old);
  const unchanged = next.versions.map((version) => version.name).filter((name) => {
    const [after, before] = [schemaForVersion(next, name), schemaForVersion(old, name)];
    return after !== undefined && before !== undefined && sameJson(after.schema, before.schema);
  });
  return {
    ...createOptions(hooks),
    requireRecognizedConversionReviewVersion: !old.conversion || hasValidReviewVersionOrEmpty(old.conversion.conversionReviewVersions),
    requireImmutableNames: isEstablished(oldObject),
    requireOpenAPISchema: allVersionsHaveSchemas(old),
    requireValidPropertyType: !anySchemaHas(old, (node) => typeOf(node) !== '' && !openapiV3Types.has(typeOf(node))),
    requireStructuralSchema: !schemasOf(old).some(isNonStructural),
    requirePrunedDefaults: !schemasOf(old).some(hasUnpruned),
    requireAtomicSetType: !anySchemaHas(old, isNonAtomicSet),
    requireMapListKeysMapSetValidation: !anySchemaHas(old, (node) => mapListKeysMapSetErrors(node, '').length > 0),
    versionsWithUnchangedSchemas: new Set(unchanged),
    preexistingRules: expressions.rules,
    preexistingMessageExpressions: expressions.messageExpressions,
  };
}
