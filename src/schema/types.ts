/**
 * The schema node the engine reads: the OpenAPI v3 / JSON-schema subset kept by
 * scripts/build-schemas.mjs for built-in kinds, which is also the structural-schema subset
 * custom resource definitions use (apiextensions JSONSchemaProps), so one engine serves both.
 */

/** One CEL validation rule of a custom resource schema (apiextensions ValidationRule). */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  /** FieldValueInvalid (default), FieldValueForbidden, FieldValueRequired or FieldValueDuplicate. */
  reason?: string;
  /** A JSON path, relative to the node, where the error is reported (`.spec.x`, `.list[0]`). */
  fieldPath?: string;
  /** A transition rule also runs on create and on absent old values (oldSelf is an optional). */
  optionalOldSelf?: boolean;
}

/** One schema node. `$ref` holds a bare schema name (`io.k8s.api.core.v1.PodSpec`). */
export interface SchemaNode {
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  format?: string;
  properties?: Record<string, SchemaNode>;
  /** A schema for map values, `true` for any value, `false` for none. */
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  required?: string[];
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  not?: SchemaNode;
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  multipleOf?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  maxProperties?: number;
  minProperties?: number;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  'x-kubernetes-patch-strategy'?: string;
  'x-kubernetes-patch-merge-key'?: string;
  /** CEL rules (custom resources only). */
  'x-kubernetes-validations'?: ValidationRule[];
  description?: string;
}

/** A schema set keyed by schema name, as one package of data/schemas.js holds it. */
export type SchemaSet = Record<string, SchemaNode>;

/** Resolves a `$ref` name to its node; undefined when unknown. */
export type SchemaResolver = (name: string) => SchemaNode | undefined;
