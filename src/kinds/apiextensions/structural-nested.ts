/**
 * The value-validation half of ValidateStructural (apiextensions-apiserver
 * pkg/apiserver/schema/validation.go and completeness.go, kube v1.32, all options off as for
 * CRDs): allOf/anyOf/oneOf/not may only restrict what the structural part of the schema already
 * specifies. Quirk kept: completeness is checked for the value validations of the root node only.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asList, asRecord, asText, type JsonRecord } from '../json-values.js';
import { goRegexpError } from './go-regexp.js';
import { isSet, itemsSchema, propertyOf, schemaEntries, schemaList, type SchemaProps } from './schema-props.js';

/** A value-validation node: forbidden generics and extensions, with kube's wording for each. */
const forbiddenInNested: [string, (value: unknown) => boolean, string][] = [
  ['type', (value) => asText(value) !== '', 'must be empty to be structural'],
  ['additionalProperties', isSet, 'must be undefined to be structural'],
  ['default', isSet, 'must be undefined to be structural'],
  ['title', (value) => asText(value) !== '', 'must be empty to be structural'],
  ['description', (value) => asText(value) !== '', 'must be empty to be structural'],
  ['nullable', (value) => value === true, 'must be false to be structural'],
  ['x-kubernetes-preserve-unknown-fields', (value) => value === true, 'must be false to be structural'],
  ['x-kubernetes-embedded-resource', (value) => value === true, 'must be false to be structural'],
  ['x-kubernetes-int-or-string', (value) => value === true, 'must be false to be structural'],
  ['x-kubernetes-list-map-keys', (value) => asList(value).length > 0, 'must be empty to be structural'],
  ['x-kubernetes-list-type', isSet, 'must be undefined to be structural'],
  ['x-kubernetes-map-type', isSet, 'must be undefined to be structural'],
  ['x-kubernetes-validations', (value) => asList(value).length > 0, 'must be empty to be structural'],
];

/** True for an anyOf that is exactly [{type: integer}, {type: string}] (the IntOrString pattern). */
export function isIntOrStringAnyOf(anyOf: unknown): boolean {
  const clauses = asList(anyOf);
  const only = (clause: unknown, type: string): boolean => {
    const record = asRecord(clause);
    return !!record && Object.keys(record).every((key) => key === 'type' || !isSet(record[key])) && record.type === type;
  };
  return clauses.length === 2 && only(clauses[0], 'integer') && only(clauses[1], 'string');
}

/** validateValueValidation: the junctors of `schema` and its pattern. */
export function validateValueValidation(schema: SchemaProps, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!skipAnyOf) schemaList(schema.anyOf).forEach((clause, index) => errors.push(...validateNested(clause, false, `${path}.anyOf[${index}]`)));
  schemaList(schema.allOf).forEach((clause, index) => {
    errors.push(...validateNested(clause, skipFirstAllOfAnyOf && index === 0, `${path}.allOf[${index}]`));
  });
  schemaList(schema.oneOf).forEach((clause, index) => errors.push(...validateNested(clause, false, `${path}.oneOf[${index}]`)));
  const not = asRecord(schema.not);
  if (not) errors.push(...validateNested(not, false, `${path}.not`));
  const pattern = asText(schema.pattern);
  const problem = pattern === '' ? undefined : goRegexpError(pattern);
  if (problem) errors.push(fieldError.invalid(`${path}.pattern`, pattern, `must be a valid regular expression, but isn't: ${problem}`));
  return errors;
}

/** validateNestedValueValidation. */
function validateNested(clause: SchemaProps, skipAnyOf: boolean, path: string): FieldError[] {
  const errors = validateValueValidation(clause, skipAnyOf, false, path);
  const items = itemsSchema(clause);
  if (items) errors.push(...validateNested(items, false, `${path}.items`));
  for (const [key, property] of schemaEntries(clause.properties)) errors.push(...validateNested(property, false, `${path}.properties[${key}]`));
  for (const [field, isForbidden, message] of forbiddenInNested) {
    if (isForbidden(clause[field])) errors.push(fieldError.forbidden(`${path}.${field}`, message));
  }
  if (propertyOf(clause, 'metadata')) errors.push(fieldError.forbidden(`${path}.properties[metadata]`, 'must not be specified in a nested context'));
  return errors;
}

/** validateStructuralCompleteness: the root's value validations against the root's structure. */
export function validateCompleteness(root: SchemaProps, path: string): FieldError[] {
  return completenessOfJunctors(root, root, path, path);
}

function completenessOfJunctors(validation: JsonRecord, structure: SchemaProps, structurePath: string, validationPath: string): FieldError[] {
  const clauses: [SchemaProps, string][] = [];
  const not = asRecord(validation.not);
  if (not) clauses.push([not, `${validationPath}.not`]);
  for (const junctor of ['allOf', 'anyOf', 'oneOf']) {
    schemaList(validation[junctor]).forEach((clause, index) => clauses.push([clause, `${validationPath}.${junctor}[${index}]`]));
  }
  return clauses.flatMap(([clause, clausePath]) => completenessOfClause(clause, structure, structurePath, clausePath));
}

function completenessOfClause(clause: SchemaProps, structure: SchemaProps, structurePath: string, validationPath: string): FieldError[] {
  const errors = completenessOfJunctors(clause, structure, structurePath, validationPath);
  const items = itemsSchema(clause);
  if (items) {
    const structureItems = itemsSchema(structure);
    if (!structureItems) errors.push(missing(`${structurePath}.items`, `${validationPath}.items`));
    else errors.push(...completenessOfClause(items, structureItems, `${structurePath}.items`, `${validationPath}.items`));
  }
  for (const [key, property] of schemaEntries(clause.properties)) {
    const structureProperty = propertyOf(structure, key);
    const propertyPath = `${structurePath}.properties[${key}]`;
    if (!structureProperty) errors.push(missing(propertyPath, `${validationPath}.properties[${key}]`));
    else errors.push(...completenessOfClause(property, structureProperty, propertyPath, `${validationPath}.properties[${key}]`));
  }
  return errors;
}

function missing(structurePath: string, validationPath: string): FieldError {
  return fieldError.required(structurePath, `because it is defined in ${validationPath}`);
}
