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

  /**
   * Runs the validators of `schema` on `value`; answers kube-openapi's MatchCount of the pass
   * (SchemaValidator.Validate: one for each validator that applies, plus what the type, schema
   * props, number and slice validators count themselves and what nested passes count), by
   * which anyOf and oneOf choose the failing alternative they report.
   */
  validate(schema: SchemaNode, value: unknown, name: string): number {
    const node = { ...resolveNode(schema, this.resolve), ...(schema.nullable !== undefined ? { nullable: schema.nullable } : {}) };
    const types = node['x-kubernetes-int-or-string'] ? ['integer', 'string'] : node.type ? [node.type] : [];
    if (value === null || value === undefined) {
      const typeError = types.length > 0 && !node.nullable;
      if (typeError) this.add({ code: 'type', name, value: 'null', message: invalidTypeMessage(name, types.join(','), 'null') });
      this.checkEnum(node, null, name);
      return typeError ? 0 : 1;
    }
    let count = 1;
    if (types.length || node.format) count += this.checkType(node, types, value, name) ? 2 : 1;
    count += this.checkComposition(node, value, name) + 2;
    if (typeof value === 'string') {
      this.checkString(node, value, name);
      count++;
      if (node.format && isKnownFormat(node.format)) {
        if (!matchesFormat(node.format, value)) this.add({ code: 'type', name, value, message: invalidTypeMessage(name, node.format, value) });
        count++;
      }
    }
    if (typeof value === 'number') {
      this.checkNumber(node, value, name);
      count += 2;
    }
    if (Array.isArray(value)) count += this.checkArray(node, value, name) + 2;
    this.checkEnum(node, value, name);
    count++;
    if (isDecodedObject(value)) count += this.checkObject(node, value, name) + 1;
    return count;
  }

  add(error: OpenApiError): void {
    this.errors.push(error);
  }

  /** typeValidator.Validate, quirks included (a format mismatch reports the data's Go format); true when it passed. */
  private checkType(node: SchemaNode, types: string[], value: unknown, name: string): boolean {
    const data = dataType(value);
    const isFloatInt = data.type === 'number' && isJsonInteger(value as number) && types.includes('integer');
    const isIntFloat = data.type === 'integer' && types.includes('number');
    const stringOrArray = data.type === 'string' || data.type === 'array';
    if (!stringOrArray && node.format && !(types.includes(data.type) || data.format === node.format || isFloatInt || isIntFloat)) {
      this.add({ code: 'type', name, value: data.format, message: invalidTypeMessage(name, node.format, data.format) });
      return false;
    }
    if (!(types.includes('number') || types.includes('integer')) && node.format && stringOrArray) return true;
    if (!(types.includes(data.type) || isFloatInt || isIntFloat)) {
      this.add({ code: 'type', name, value: data.type, message: invalidTypeMessage(name, types.join(','), data.type) });
      return false;
    }
    return true;
  }

  /**
   * schemaPropsValidator: allOf / anyOf / oneOf / not, each failing one with kube-openapi's
   * sentence and the errors of the alternative with the highest MatchCount (the first of equals);
   * answers the MatchCount of what it merged (the chosen alternative's, every allOf branch's).
   */
  private checkComposition(node: SchemaNode, value: unknown, name: string): number {
    const run = (alternative: SchemaNode): Pass => {
      const nested = new OpenApiValidator(this.resolve);
      const count = nested.validate(alternative, value, name);
      return { errors: nested.errors, count };
    };
    let count = 0;
    if (node.anyOf?.length) {
      const success = firstValid(node.anyOf, run);
      if (!success.valid) this.add({ code: 'composite', message: `${goQuote(name)} must validate at least one schema (anyOf)` });
      this.errors.push(...success.reported.errors);
      count += success.reported.count;
    }
    if (node.oneOf?.length) {
      const results = node.oneOf.map(run);
      const valid = results.filter((pass) => pass.errors.length === 0);
      if (valid.length !== 1) {
        const found = valid.length === 0 ? 'Found none valid' : `Found ${valid.length} valid alternatives`;
        this.add({ code: 'composite', message: `${goQuote(name)} must validate one and only one schema (oneOf). ${found}` });
      }
      const reported = valid.length === 0 ? mostMatched(results) : valid.length === 1 ? valid[0]! : undefined;
      this.errors.push(...(reported?.errors ?? []));
      count += reported?.count ?? 0;
    }
    if (node.allOf?.length) {
      const results = node.allOf.map(run);
      for (const pass of results) this.errors.push(...pass.errors);
      count += results.reduce((sum, pass) => sum + pass.count, 0);
      const valid = results.filter((pass) => pass.errors.length === 0).length;
      if (valid !== results.length) {
        this.add({ code: 'composite', message: `${goQuote(name)} must validate all the schemas (allOf)${valid === 0 ? '. None validated' : ''}` });
      }
    }
    if (node.not && run(node.not).errors.length === 0) this.add({ code: 'composite', message: `${goQuote(name)} must not validate the schema (not)` });
    return count;
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

  /** schemaSliceValidator: items first, then minItems, maxItems, uniqueItems; answers the items' MatchCount. */
  private checkArray(node: SchemaNode, value: unknown[], name: string): number {
    let count = 0;
    if (node.items) value.forEach((item, index) => (count += this.validate(node.items!, item, `${name}[${index}]`)));
    if (node.minItems !== undefined && value.length < node.minItems) {
      this.add({ code: 'invalid', name, value: value.length, message: `${name} in body should have at least ${node.minItems} items` });
    }
    if (node.maxItems !== undefined && value.length > node.maxItems) this.add({ code: 'tooMany', name, actual: value.length, max: node.maxItems });
    if (node.uniqueItems && value.some((item, index) => value.slice(0, index).some((earlier) => jsonEqual(earlier, item)))) {
      this.add({ code: 'invalid', name, value: '', message: `${name} in body shouldn't contain duplicates` });
    }
    return count;
  }

  private checkEnum(node: SchemaNode, value: unknown, name: string): void {
    if (!node.enum?.length) return;
    if (value !== null && node.enum.some((allowed) => jsonEqual(allowed, value))) return;
    this.add({ code: 'enum', name, value, values: node.enum });
  }

  /** objectValidator: property counts, additionalProperties, properties, required; answers the nested passes' MatchCount. */
  private checkObject(node: SchemaNode, value: Record<string, unknown>, name: string): number {
    const size = Object.keys(value).length;
    if (node.minProperties !== undefined && size < node.minProperties) {
      this.add({ code: 'invalid', name, value: size, message: `${name} in body should have at least ${node.minProperties} properties` });
    }
    if (node.maxProperties !== undefined && size > node.maxProperties) this.add({ code: 'tooMany', name, actual: size, max: node.maxProperties });
    let count = 0;
    const properties = node.properties ?? {};
    const extraKeys = Object.keys(value).filter((key) => !Object.hasOwn(properties, key)).sort();
    if (node.additionalProperties === false) {
      for (const key of extraKeys) this.add({ code: 'invalid', name, value: key, message: `${name}.${key} in body is a forbidden property` });
    } else if (typeof node.additionalProperties === 'object') {
      for (const key of extraKeys) count += this.validate(node.additionalProperties, value[key], `${name}.${key}`);
    }
    for (const key of Object.keys(properties).sort()) {
      if (Object.hasOwn(value, key)) count += this.validate(properties[key]!, value[key], childName(name, key));
    }
    for (const key of node.required ?? []) {
      if (!Object.hasOwn(value, key)) this.add({ code: 'required', name: `${name}.${key}` });
    }
    return count;
  }
}

/** One nested pass: its errors and MatchCount. */
interface Pass {
  errors: OpenApiError[];
  count: number;
}

/** The pass with the highest MatchCount, the first of equals (kube-openapi's bestFailures). */
function mostMatched(passes: Pass[]): Pass {
  return passes.reduce((best, pass) => (pass.count > best.count ? pass : best));
}

/** anyOf: alternatives run until one passes (the rest are not run); the one reported, and whether one passed. */
function firstValid(alternatives: SchemaNode[], run: (alternative: SchemaNode) => Pass): { valid: boolean; reported: Pass } {
  const failed: Pass[] = [];
  for (const alternative of alternatives) {
    const pass = run(alternative);
    if (pass.errors.length === 0) return { valid: true, reported: pass };
    failed.push(pass);
  }
  return { valid: false, reported: mostMatched(failed) };
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
