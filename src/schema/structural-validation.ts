/**
 * CRD-style structural validation: kube-openapi's SchemaValidator (validate/schema.go) as
 * apiextensions runs it on custom resources, then the list-type set/map uniqueness checks.
 * Per node, in kube-openapi's order: type (with `nullable`), allOf/anyOf/oneOf/not, string
 * limits, format, number limits, array items and limits, enum, object limits, properties and
 * required. Quirks kept: a type error does not stop the other checks; number limits compare an
 * integer value against the limit truncated to an integer; maxLength counts runes; messages
 * carry kube-openapi's path (`.x` for a map key at the root). Go iterates properties in map
 * order; here they go in sorted order so the output is deterministic.
 */
import type { FieldError } from '../apimachinery/field-errors.js';
import { goQuote } from '../apimachinery/go-format.js';
import { isDecodedObject } from '../apimachinery/json-value.js';
import { isKnownFormat, matchesFormat } from './formats.js';
import { listTypeErrors } from './list-types.js';
import { type OpenApiError, goFormatNumber, invalidTypeMessage, toFieldError } from './openapi-errors.js';
import { resolveNode, schemaNamed } from './registry.js';
import type { SchemaNode, SchemaResolver } from './types.js';

/** swag.IsFloat64AJSONInteger: integral and within ±2^53. */
const isJsonInteger = (value: number): boolean => Number.isInteger(value) && Math.abs(value) <= 2 ** 53;

/** The JSON type and Go-derived format kube-openapi infers for decoded data. */
function dataType(value: unknown): { type: string; format: string } {
  if (typeof value === 'string' || value instanceof Date) return { type: 'string', format: '' };
  if (typeof value === 'boolean') return { type: 'boolean', format: '' };
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 63 ? { type: 'integer', format: 'int64' } : { type: 'number', format: 'float64' };
  return Array.isArray(value) ? { type: 'array', format: '' } : { type: 'object', format: '' };
}

/** JSON deep equality, as reflect.DeepEqual over decoded JSON (numbers by value). */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item, index) => jsonEqual(item, right[index]));
  if (isDecodedObject(left) && isDecodedObject(right)) {
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
  }
  return false;
}

const patterns = new Map<string, RegExp | null>();

function compiledPattern(pattern: string): RegExp | null {
  if (!patterns.has(pattern)) {
    try {
      patterns.set(pattern, new RegExp(pattern, 'u'));
    } catch {
      patterns.set(pattern, null);
    }
  }
  return patterns.get(pattern)!;
}

const childName = (name: string, key: string): string => (name ? `${name}.${key}` : key);

/** One kube-openapi SchemaValidator pass over `value` at kube-openapi path `name`. */
class OpenApiValidator {
  readonly errors: OpenApiError[] = [];

  constructor(private readonly resolve: SchemaResolver) {}

  /** Runs the validators of `schema` on `value`. */
  validate(schema: SchemaNode, value: unknown, name: string): void {
    const node = { ...resolveNode(schema, this.resolve), ...(schema.nullable !== undefined ? { nullable: schema.nullable } : {}) };
    const types = node['x-kubernetes-int-or-string'] ? ['integer', 'string'] : node.type ? [node.type] : [];
    if (value === null || value === undefined) {
      if (types.length && !node.nullable) this.add({ code: 'type', name, value: 'null', message: invalidTypeMessage(name, types.join(','), 'null') });
      this.checkEnum(node, null, name);
      return;
    }
    if (types.length || node.format) this.checkType(node, types, value, name);
    this.checkComposition(node, value, name);
    if (typeof value === 'string') {
      this.checkString(node, value, name);
      if (node.format && isKnownFormat(node.format) && !matchesFormat(node.format, value)) {
        this.add({ code: 'type', name, value, message: invalidTypeMessage(name, node.format, value) });
      }
    }
    if (typeof value === 'number') this.checkNumber(node, value, name);
    if (Array.isArray(value)) this.checkArray(node, value, name);
    this.checkEnum(node, value, name);
    if (isDecodedObject(value)) this.checkObject(node, value, name);
  }

  add(error: OpenApiError): void {
    this.errors.push(error);
  }

  /** typeValidator.Validate, quirks included (a format mismatch reports the data's Go format). */
  private checkType(node: SchemaNode, types: string[], value: unknown, name: string): void {
    const data = dataType(value);
    const isFloatInt = data.type === 'number' && isJsonInteger(value as number) && types.includes('integer');
    const isIntFloat = data.type === 'integer' && types.includes('number');
    const stringOrArray = data.type === 'string' || data.type === 'array';
    if (!stringOrArray && node.format && !(types.includes(data.type) || data.format === node.format || isFloatInt || isIntFloat)) {
      this.add({ code: 'type', name, value: data.format, message: invalidTypeMessage(name, node.format, data.format) });
      return;
    }
    if (!(types.includes('number') || types.includes('integer')) && node.format && stringOrArray) return;
    if (!(types.includes(data.type) || isFloatInt || isIntFloat)) {
      this.add({ code: 'type', name, value: data.type, message: invalidTypeMessage(name, types.join(','), data.type) });
    }
  }

  /** allOf / anyOf / oneOf / not: errors of the best failing alternative plus kube-openapi's sentence. */
  private checkComposition(node: SchemaNode, value: unknown, name: string): void {
    const run = (alternative: SchemaNode): OpenApiError[] => {
      const nested = new OpenApiValidator(this.resolve);
      nested.validate(alternative, value, name);
      return nested.errors;
    };
    if (node.anyOf?.length) {
      const results = node.anyOf.map(run);
      if (!results.some((errors) => errors.length === 0)) {
        this.add({ code: 'composite', message: `${goQuote(name)} must validate at least one schema (anyOf)` });
        this.errors.push(...fewestErrors(results));
      }
    }
    if (node.oneOf?.length) {
      const results = node.oneOf.map(run);
      const valid = results.filter((errors) => errors.length === 0).length;
      if (valid !== 1) {
        const found = valid === 0 ? 'Found none valid' : `Found ${valid} valid alternatives`;
        this.add({ code: 'composite', message: `${goQuote(name)} must validate one and only one schema (oneOf). ${found}` });
        if (valid === 0) this.errors.push(...fewestErrors(results));
      }
    }
    if (node.allOf?.length) {
      const results = node.allOf.map(run);
      for (const errors of results) this.errors.push(...errors);
      const valid = results.filter((errors) => errors.length === 0).length;
      if (valid !== results.length) {
        this.add({ code: 'composite', message: `${goQuote(name)} must validate all the schemas (allOf)${valid === 0 ? '. None validated' : ''}` });
      }
    }
    if (node.not && run(node.not).length === 0) this.add({ code: 'composite', message: `${goQuote(name)} must not validate the schema (not)` });
  }

  /** stringValidator: stops at the first failing limit. */
  private checkString(node: SchemaNode, value: string, name: string): void {
    const length = [...value].length;
    if (node.maxLength !== undefined && length > node.maxLength) return this.add({ code: 'tooLong', name, max: node.maxLength });
    if (node.minLength !== undefined && length < node.minLength) {
      return this.add({ code: 'invalid', name, value, message: `${name} in body should be at least ${node.minLength} chars long` });
    }
    if (node.pattern !== undefined) {
      const pattern = compiledPattern(node.pattern);
      if (!pattern || !pattern.test(value)) this.add({ code: 'invalid', name, value, message: `${name} in body should match '${node.pattern}'` });
    }
  }

  /** numberValidator: multipleOf, then minimum, then maximum; integer data meets integer-truncated limits. */
  private checkNumber(node: SchemaNode, value: number, name: string): void {
    const integral = dataType(value).type === 'integer';
    const limit = (bound: number): number => (integral ? Math.trunc(bound) : bound);
    if (node.multipleOf !== undefined) {
      const factor = limit(node.multipleOf);
      if (factor < 0) {
        this.add({ code: 'invalid', name, value: factor, message: `factor MultipleOf declared for ${name} must be positive: ${goFormatNumber(factor)}` });
      } else {
        const ratio = integral ? Math.trunc(value / factor) * factor === value : isJsonInteger(factor < 1 ? (1 / factor) * value : value / factor);
        if (!ratio) this.add({ code: 'invalid', name, value, message: `${name} in body should be a multiple of ${goFormatNumber(factor)}` });
      }
    }
    if (node.minimum !== undefined) {
      const minimum = limit(node.minimum);
      if (node.exclusiveMinimum ? value <= minimum : value < minimum) {
        const relation = node.exclusiveMinimum ? 'greater than' : 'greater than or equal to';
        this.add({ code: 'invalid', name, value, message: `${name} in body should be ${relation} ${goFormatNumber(minimum)}` });
      }
    }
    if (node.maximum !== undefined) {
      const maximum = limit(node.maximum);
      if (node.exclusiveMaximum ? value >= maximum : value > maximum) {
        const relation = node.exclusiveMaximum ? 'less than' : 'less than or equal to';
        this.add({ code: 'invalid', name, value, message: `${name} in body should be ${relation} ${goFormatNumber(maximum)}` });
      }
    }
  }

  /** schemaSliceValidator: items first, then minItems, maxItems, uniqueItems. */
  private checkArray(node: SchemaNode, value: unknown[], name: string): void {
    if (node.items) value.forEach((item, index) => this.validate(node.items!, item, `${name}[${index}]`));
    if (node.minItems !== undefined && value.length < node.minItems) {
      this.add({ code: 'invalid', name, value: value.length, message: `${name} in body should have at least ${node.minItems} items` });
    }
    if (node.maxItems !== undefined && value.length > node.maxItems) this.add({ code: 'tooMany', name, actual: value.length, max: node.maxItems });
    if (node.uniqueItems && value.some((item, index) => value.slice(0, index).some((earlier) => jsonEqual(earlier, item)))) {
      this.add({ code: 'invalid', name, value: '', message: `${name} in body shouldn't contain duplicates` });
    }
  }

  private checkEnum(node: SchemaNode, value: unknown, name: string): void {
    if (!node.enum?.length) return;
    if (value !== null && node.enum.some((allowed) => jsonEqual(allowed, value))) return;
    this.add({ code: 'enum', name, value, values: node.enum });
  }

  /** objectValidator: property counts (which end the check), additionalProperties, properties, required. */
  private checkObject(node: SchemaNode, value: Record<string, unknown>, name: string): void {
    const count = Object.keys(value).length;
    if (node.minProperties !== undefined && count < node.minProperties) {
      return this.add({ code: 'invalid', name, value: count, message: `${name} in body should have at least ${node.minProperties} properties` });
    }
    if (node.maxProperties !== undefined && count > node.maxProperties) return this.add({ code: 'tooMany', name, actual: count, max: node.maxProperties });
    const properties = node.properties ?? {};
    const extraKeys = Object.keys(value).filter((key) => !Object.hasOwn(properties, key)).sort();
    if (node.additionalProperties === false) {
      for (const key of extraKeys) this.add({ code: 'invalid', name, value: key, message: `${name}.${key} in body is a forbidden property` });
    } else if (typeof node.additionalProperties === 'object') {
      for (const key of extraKeys) this.validate(node.additionalProperties, value[key], `${name}.${key}`);
    }
    for (const key of Object.keys(properties).sort()) {
      if (Object.hasOwn(value, key)) this.validate(properties[key]!, value[key], childName(name, key));
    }
    for (const key of node.required ?? []) {
      if (!Object.hasOwn(value, key)) this.add({ code: 'required', name: `${name}.${key}` });
    }
  }
}

/** The errors of the alternative kube-openapi would report (here: the one with the fewest errors). */
function fewestErrors(results: OpenApiError[][]): OpenApiError[] {
  return results.reduce((best, errors) => (errors.length < best.length ? errors : best));
}

/** Options of validateStructure. */
export interface StructureOptions {
  resolve?: SchemaResolver;
  /** Skip the x-kubernetes-list-type set/map uniqueness checks. */
  skipListTypes?: boolean;
}

/**
 * Validates `value` against `schema` as kube validates a custom resource; `path` prefixes every
 * field ('' as kube passes for custom resources, where root-level errors read `<nil>`).
 */
export function validateStructure(schema: SchemaNode, value: unknown, path = '', options: StructureOptions = {}): FieldError[] {
  const resolve = options.resolve ?? schemaNamed;
  const validator = new OpenApiValidator(resolve);
  validator.validate(schema, value, '');
  const errors = validator.errors.map((error) => toFieldError(error, path));
  if (!options.skipListTypes) errors.push(...listTypeErrors(schema, value, path, resolve));
  return errors;
}
