/**
 * `%#v` of kube's internal apiextensions structs, the bad values of a few CRD errors
 * (`spec.versions: Invalid value: []apiextensions.CustomResourceDefinitionVersion{...}`). A nil
 * pointer prints as `(*T)(nil)`; a set one as its address, which differs on every run in kube and
 * is the fixed placeholder here. Maps print with sorted keys, as fmt does.
 */
import { GoLiteral } from '../../apimachinery/field-errors.js';
import { goQuote, goStringSlice } from '../../apimachinery/go-format.js';
import { isJsonObject } from '../../apimachinery/json-value.js';
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import { goSharpValue } from '../../schema/list-types.js';
import { goPointerPlaceholder } from '../shared/go-literals.js';
import { asList, asText, isUnset, type JsonRecord } from '../json-values.js';
import type { InternalVersion } from './internal-spec.js';
import { schemaEntries } from './schema-props.js';

const pkg = 'apiextensions';

/** `(*T)(nil)` or `(*T)(0xc000000000)`. */
function pointer(type: string, value: unknown): string {
  return `(*${type})(${isUnset(value) ? 'nil' : goPointerPlaceholder})`;
}

function strings(value: unknown, type = '[]string'): string {
  return Array.isArray(value) && value.length > 0 ? goStringSlice(value.map(asText), type) : `${type}(nil)`;
}

function columnText(column: JsonRecord): string {
  const fields = [
    `Name:${goQuote(asText(column.name))}`, `Type:${goQuote(asText(column.type))}`, `Format:${goQuote(asText(column.format))}`,
    `Description:${goQuote(asText(column.description))}`, `Priority:${typeof column.priority === 'number' ? column.priority : 0}`,
    `JSONPath:${goQuote(asText(column.jsonPath))}`,
  ];
  return `${pkg}.CustomResourceColumnDefinition{${fields.join(', ')}}`;
}

function structList<T>(type: string, items: T[], render: (item: T) => string): string {
  return items.length === 0 ? `[]${type}(nil)` : `[]${type}{${items.map(render).join(', ')}}`;
}

function versionText(version: InternalVersion): string {
  const fields = [
    `Name:${goQuote(version.name)}`, `Served:${version.served}`, `Storage:${version.storage}`, `Deprecated:${version.deprecated}`,
    `DeprecationWarning:${pointer('string', version.deprecationWarning)}`,
    `Schema:${pointer(`${pkg}.CustomResourceValidation`, version.schema)}`,
    `Subresources:${pointer(`${pkg}.CustomResourceSubresources`, version.subresources)}`,
    `AdditionalPrinterColumns:${structList(`${pkg}.CustomResourceColumnDefinition`, version.additionalPrinterColumns, columnText)}`,
    `SelectableFields:${structList(`${pkg}.SelectableField`, version.selectableFields, (field) => `${pkg}.SelectableField{JSONPath:${goQuote(asText(field.jsonPath))}}`)}`,
  ];
  return `${pkg}.CustomResourceDefinitionVersion{${fields.join(', ')}}`;
}

/** The internal spec.versions as a bad value. */
export function goVersions(versions: InternalVersion[]): GoLiteral {
  return new GoLiteral(structList(`${pkg}.CustomResourceDefinitionVersion`, versions, versionText));
}

function schemaList(items: unknown): string {
  const list = asList(items) as JsonRecord[];
  return list.length === 0 ? `[]${pkg}.JSONSchemaProps(nil)` : `[]${pkg}.JSONSchemaProps{${list.map(schemaText).join(', ')}}`;
}

function schemaMap(value: unknown, type = `map[string]${pkg}.JSONSchemaProps`): string {
  const entries = schemaEntries(value);
  return entries.length === 0 ? `${type}(nil)` : `${type}{${entries.map(([key, node]) => `${goQuote(key)}:${schemaText(node)}`).join(', ')}}`;
}

/** JSONSchemaDependencies: each value a schema (printed as its pointer) or a list of property names. */
function dependenciesText(value: unknown): string {
  if (!isJsonObject(value) || Object.keys(value).length === 0) return `${pkg}.JSONSchemaDependencies(nil)`;
  const entries = Object.keys(value).sort(compareGoStrings).map((key) => {
    const item = value[key];
    const schemaPointer = pointer(`${pkg}.JSONSchemaProps`, isJsonObject(item) ? item : undefined);
    return `${goQuote(key)}:${pkg}.JSONSchemaPropsOrStringArray{Schema:${schemaPointer}, Property:${strings(Array.isArray(item) ? item : undefined)}}`;
  });
  return `${pkg}.JSONSchemaDependencies{${entries.join(', ')}}`;
}

function rulesText(value: unknown): string {
  const rules = asList(value) as JsonRecord[];
  if (rules.length === 0) return `${pkg}.ValidationRules(nil)`;
  const rule = (item: JsonRecord): string => `${pkg}.ValidationRule{Rule:${goQuote(asText(item.rule))}, Message:${goQuote(asText(item.message))}, `
    + `MessageExpression:${goQuote(asText(item.messageExpression))}, Reason:${pointer(`${pkg}.FieldValueErrorReason`, item.reason)}, `
    + `FieldPath:${goQuote(asText(item.fieldPath))}, OptionalOldSelf:${pointer('bool', item.optionalOldSelf)}}`;
  return `${pkg}.ValidationRules{${rules.map(rule).join(', ')}}`;
}

/** `%#v` of an internal apiextensions.JSONSchemaProps. */
export function schemaText(schema: JsonRecord): string {
  const text = (key: string): string => goQuote(asText(schema[key]));
  const bool = (key: string): string => String(schema[key] === true);
  const enumValues = asList(schema.enum);
  const fields = [
    `ID:${text('id')}`, `Schema:${text('$schema')}`, `Ref:${pointer('string', schema.$ref)}`, `Description:${text('description')}`,
    `Type:${text('type')}`, `Nullable:${bool('nullable')}`, `Format:${text('format')}`, `Title:${text('title')}`,
    `Default:${pointer(`${pkg}.JSON`, schema.default)}`, `Maximum:${pointer('float64', schema.maximum)}`,
    `ExclusiveMaximum:${bool('exclusiveMaximum')}`, `Minimum:${pointer('float64', schema.minimum)}`,
    `ExclusiveMinimum:${bool('exclusiveMinimum')}`, `MaxLength:${pointer('int64', schema.maxLength)}`,
    `MinLength:${pointer('int64', schema.minLength)}`, `Pattern:${text('pattern')}`, `MaxItems:${pointer('int64', schema.maxItems)}`,
    `MinItems:${pointer('int64', schema.minItems)}`, `UniqueItems:${bool('uniqueItems')}`, `MultipleOf:${pointer('float64', schema.multipleOf)}`,
    `Enum:${enumValues.length === 0 ? `[]${pkg}.JSON(nil)` : `[]${pkg}.JSON{${enumValues.map(goSharpValue).join(', ')}}`}`,
    `MaxProperties:${pointer('int64', schema.maxProperties)}`, `MinProperties:${pointer('int64', schema.minProperties)}`,
    `Required:${strings(schema.required)}`, `Items:${pointer(`${pkg}.JSONSchemaPropsOrArray`, schema.items)}`,
    `AllOf:${schemaList(schema.allOf)}`, `OneOf:${schemaList(schema.oneOf)}`, `AnyOf:${schemaList(schema.anyOf)}`,
    `Not:${pointer(`${pkg}.JSONSchemaProps`, schema.not)}`, `Properties:${schemaMap(schema.properties)}`,
    `AdditionalProperties:${pointer(`${pkg}.JSONSchemaPropsOrBool`, schema.additionalProperties)}`,
    `PatternProperties:${schemaMap(schema.patternProperties)}`,
    `Dependencies:${dependenciesText(schema.dependencies)}`,
    `AdditionalItems:${pointer(`${pkg}.JSONSchemaPropsOrBool`, schema.additionalItems)}`,
    `Definitions:${schemaMap(schema.definitions, `${pkg}.JSONSchemaDefinitions`)}`,
    `ExternalDocs:${pointer(`${pkg}.ExternalDocumentation`, schema.externalDocs)}`, `Example:${pointer(`${pkg}.JSON`, schema.example)}`,
    `XPreserveUnknownFields:${pointer('bool', schema['x-kubernetes-preserve-unknown-fields'])}`,
    `XEmbeddedResource:${bool('x-kubernetes-embedded-resource')}`, `XIntOrString:${bool('x-kubernetes-int-or-string')}`,
    `XListMapKeys:${strings(schema['x-kubernetes-list-map-keys'])}`, `XListType:${pointer('string', schema['x-kubernetes-list-type'])}`,
    `XMapType:${pointer('string', schema['x-kubernetes-map-type'])}`, `XValidations:${rulesText(schema['x-kubernetes-validations'])}`,
  ];
  return `${pkg}.JSONSchemaProps{${fields.join(', ')}}`;
}

/** A JSONSchemaProps (dereferenced) as a bad value. */
export function goSchemaProps(schema: JsonRecord): GoLiteral {
  return new GoLiteral(schemaText(schema));
}

/** A JSONSchemaPropsOrArray holding a list of schemas, as a bad value. */
export function goSchemaPropsArray(items: unknown): GoLiteral {
  return new GoLiteral(`${pkg}.JSONSchemaPropsOrArray{Schema:(*${pkg}.JSONSchemaProps)(nil), JSONSchemas:${schemaList(items)}}`);
}
