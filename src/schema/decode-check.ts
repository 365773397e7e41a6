/**
 * kube's decoding of a built-in object into its Go struct, emulated over the kind's schema:
 * sigs.k8s.io/json (a fork of encoding/json) in strict, case-sensitive mode.
 *
 * Contract of checkObject:
 * - typeError: the error kube's decoder returns, worded as kube words it. A value of the wrong
 *   JSON type is saved and decoding goes on (the FIRST one is reported); a custom unmarshaler's
 *   error (Quantity, Time, IntOrString, ...) stops decoding and wins over a saved one. `null` is
 *   never an error. Field paths in type errors are JSON names joined by dots without indices
 *   (`ContainerPort.spec.containers.ports.containerPort`), as Go's errorContext.
 * - unknownFields: paths (`spec.containers[0].imagee`) of object keys the Go struct lacks, in
 *   document order; maps (additionalProperties) accept any key; nothing inside an unknown field,
 *   a mistyped value or an opaque type (RawExtension, FieldsV1, apiextensions JSON) is examined.
 * - duplicateFields / strictErrors: the parser's repeated keys that kube reports (those inside
 *   decoded structs and maps), merged with the unknown fields into kube's strict error list
 *   (`unknown field "x"`, `duplicate field "y"`), deduplicated and cut at 100 as sigs.k8s.io/json.
 * - with `prune`, unknown fields are deleted in place (what Go's decoder drops).
 * Kinds without a schema are not checked (empty result).
 */
import { goQuote } from '../apimachinery/go-format.js';
import { goJsonTypeName } from '../apimachinery/go-json-errors.js';
import { isDecodedObject } from '../apimachinery/json-value.js';
import { type CustomOutcome, customUnmarshalers } from './custom-unmarshalers.js';
import { goBase64Error, goFloatAccepts, goIntegerAccepts, numberLiteral } from './go-scalars.js';
import { goElementType, goPrimitiveType, goQualifiedName, goStructName, namedFieldTypes } from './go-types.js';
import type { DuplicateField } from './json-strict.js';
import { schemaNameForKind, schemaNamed } from './registry.js';
import type { SchemaNode } from './types.js';

/** The outcome of decoding one object; see the module comment. */
export interface ObjectCheck {
  typeError?: string;
  unknownFields: string[];
  duplicateFields: string[];
  strictErrors: string[];
}

/** Inputs from the strict parsers, and whether to drop unknown fields. */
export interface CheckOptions {
  duplicateFields?: readonly DuplicateField[];
  numberLiterals?: ReadonlyMap<string, string>;
  prune?: boolean;
}

/**
 * Where a value sits: Go's errorContext (the struct holding the innermost field, the JSON names
 * of struct fields down to it) and the strict path (every key and index). Both strings are
 * built on first use: most values never need them.
 */
class Place {
  private fieldText?: string;
  private pathText?: string;

  constructor(
    readonly parent: Place | undefined,
    /** Key or index within the parent; '' for the root. */
    readonly segment: string | number,
    /** True when `segment` names a struct field (part of Go's field path). */
    readonly isField: boolean,
    readonly struct: string,
  ) {}

  static root(): Place {
    return new Place(undefined, '', false, '');
  }

  /** The root of a nested decode (a custom unmarshaler's json.Unmarshal): fresh Go context, same strict path. */
  static nestedRoot(outer: Place): Place {
    const root = new Place(undefined, '', false, '');
    root.pathText = outer.path;
    root.fieldText = '';
    return root;
  }

  get field(): string {
    if (this.fieldText === undefined) {
      const parentField = this.parent?.field ?? '';
      this.fieldText = this.isField ? join(parentField, String(this.segment)) : parentField;
    }
    return this.fieldText;
  }

  get path(): string {
    if (this.pathText === undefined) {
      const parentPath = this.parent?.path ?? '';
      this.pathText = !this.parent ? '' : typeof this.segment === 'number' ? `${parentPath}[${this.segment}]` : join(parentPath, this.segment);
    }
    return this.pathText;
  }
}

type DecodeError = { kind: 'type'; value: string; goType: string; struct: string; field: string } | { kind: 'text'; text: string };

/** sigs.k8s.io/json caps accumulated strict errors at 100. */
const maxStrictErrors = 100;

const join = (parent: string, name: string): string => (parent ? `${parent}.${name}` : name);

function renderError(error: DecodeError): string {
  if (error.kind === 'text') return error.text;
  const target = error.struct || error.field ? `Go struct field ${error.struct}.${error.field}` : 'Go value';
  return `json: cannot unmarshal ${error.value} into ${target} of type ${error.goType}`;
}

/** The JSON type of a decoded value; a YAML timestamp (Date) was a string in the request. */
function jsonType(value: unknown): string {
  return value instanceof Date ? 'string' : goJsonTypeName(value);
}

/** Go type string of a schema node as reflect prints it. */
export function goTypeOf(node: SchemaNode): string {
  if (node.$ref !== undefined) return goQualifiedName(node.$ref);
  return goPrimitiveType(node, goTypeOf);
}

/** Element type of a named Go container (`[]v1.IPFamily` -> `v1.IPFamily`); undefined when unnamed. */
function elementTypeOf(namedType: string | undefined): string | undefined {
  return namedType === undefined ? undefined : goElementType(namedType, '') || undefined;
}

class GoDecoder {
  saved?: DecodeError;
  fatal?: DecodeError;
  readonly unknownFields: string[] = [];
  readonly duplicateFields: string[] = [];
  readonly strictErrors: string[] = [];
  private readonly seenStrict = new Set<string>();
  private readonly duplicatesByParent = new Map<string, DuplicateField[]>();

  constructor(private readonly options: CheckOptions, private readonly strict: boolean) {
    for (const duplicate of options.duplicateFields ?? []) {
      const list = this.duplicatesByParent.get(duplicate.parent) ?? [];
      list.push(duplicate);
      this.duplicatesByParent.set(duplicate.parent, list);
    }
  }

  /** Decodes `value` as `node`; false once a returned (fatal) error stops decoding. */
  decode(node: SchemaNode, value: unknown, place: Place, namedType?: string): boolean {
    if (value === null || value === undefined) return true;
    if (node.$ref !== undefined) return this.decodeNamed(node.$ref, value, place, namedType);
    switch (node.type) {
      case 'object':
        return this.decodeMap(node, value, place, namedType);
      case 'array':
        return this.decodeArray(node, value, place, namedType);
      case 'string':
        if (node.format === 'byte') return this.decodeBytes(node, value, place, namedType);
        return jsonType(value) === 'string' || this.mismatch(value, place, node, namedType);
      case 'integer':
        return this.decodeNumber(node, value, place, namedType);
      case 'number':
        return this.decodeNumber(node, value, place, namedType);
      case 'boolean':
        return typeof value === 'boolean' || this.mismatch(value, place, node, namedType);
      default:
        return true; // interface{}: anything goes
    }
  }

  private decodeNamed(name: string, value: unknown, place: Place, namedType?: string): boolean {
    const custom = customUnmarshalers.get(name);
    if (custom) return this.applyCustom(custom(value, this.literalAt(place)), value, place);
    const target = schemaNamed(name);
    if (!target) return true;
    if (target.properties || (target.type === 'object' && target.additionalProperties === undefined)) {
      return this.decodeStruct(name, target, value, place, namedType);
    }
    return this.decode(target, value, place, namedType);
  }

  private decodeStruct(name: string, node: SchemaNode, value: unknown, place: Place, namedType: string | undefined): boolean {
    if (!isDecodedObject(value)) return this.mismatch(value, place, { $ref: name }, namedType);
    const struct = goStructName(name);
    const namedTypes = namedFieldTypes(name);
    for (const key of Object.keys(value)) {
      const property = node.properties?.[key];
      if (property) {
        const child = new Place(place, key, true, struct);
        if (!this.decode(property, value[key], child, namedTypes?.get(key))) return false;
      } else {
        this.unknownField(value, key, place.path);
      }
      if (this.duplicatesByParent.size) this.duplicatesAfter(place.path, key, (duplicate) => node.properties?.[duplicate.key] !== undefined);
    }
    return true;
  }

  private decodeMap(node: SchemaNode, value: unknown, place: Place, namedType: string | undefined): boolean {
    if (!isDecodedObject(value)) return this.mismatch(value, place, node, namedType);
    const element = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
    const elementType = elementTypeOf(namedType);
    const plainStrings = element?.type === 'string' && element.format === undefined && element.$ref === undefined;
    for (const key of Object.keys(value)) {
      // Fast path for map[string]string (labels, annotations, data): no Place unless it fails.
      const item = value[key];
      if (plainStrings && (typeof item === 'string' || item === null)) {
        if (this.duplicatesByParent.size) this.duplicatesAfter(place.path, key, () => true);
        continue;
      }
      if (element && !this.decode(element, value[key], new Place(place, key, false, place.struct), elementType)) return false;
      if (this.duplicatesByParent.size) this.duplicatesAfter(place.path, key, () => true);
    }
    return true;
  }

  private decodeArray(node: SchemaNode, value: unknown, place: Place, namedType: string | undefined): boolean {
    if (!Array.isArray(value)) return this.mismatch(value, place, node, namedType);
    if (!node.items) return true;
    const elementType = elementTypeOf(namedType);
    for (let index = 0; index < value.length; index++) {
      if (!this.decode(node.items, value[index], new Place(place, index, false, place.struct), elementType)) return false;
    }
    return true;
  }

  /** []byte: a base64 string, or (Go allows it) an array of uint8 numbers. */
  private decodeBytes(node: SchemaNode, value: unknown, place: Place, namedType: string | undefined): boolean {
    if (typeof value === 'string') {
      const error = goBase64Error(value);
      if (error) this.save({ kind: 'text', text: error });
      return true;
    }
    if (!Array.isArray(value)) return this.mismatch(value, place, node, namedType);
    const byte: SchemaNode = { type: 'integer' };
    value.forEach((item, index) => this.decode(byte, item, new Place(place, index, false, place.struct), 'uint8'));
    return true;
  }

  /** Numbers go through strconv on their literal: `1.0` is no int32, and the error quotes the literal. */
  private decodeNumber(node: SchemaNode, value: unknown, place: Place, namedType: string | undefined): boolean {
    if (typeof value !== 'number') return this.mismatch(value, place, node, namedType);
    const literal = numberLiteral(value, this.literalAt(place));
    const goType = namedType ?? goTypeOf(node);
    const accepted = node.type === 'integer' ? goIntegerAccepts(literal, goType) : goFloatAccepts(literal, node.format === 'float' ? 32 : 64);
    if (!accepted) this.save({ kind: 'type', value: `number ${literal}`, goType, struct: place.struct, field: place.field });
    return true;
  }

  /** Saves Go's UnmarshalTypeError for a value of the wrong JSON type; decoding continues. */
  private mismatch(value: unknown, place: Place, node: SchemaNode, namedType: string | undefined): boolean {
    if (!this.saved) this.saved = { kind: 'type', value: jsonType(value), goType: namedType ?? goTypeOf(node), struct: place.struct, field: place.field };
    return true;
  }

  private save(error: DecodeError): void {
    this.saved ??= error;
  }

  private applyCustom(outcome: CustomOutcome, value: unknown, place: Place): boolean {
    switch (outcome.kind) {
      case 'accepted':
        return true;
      case 'error':
        this.fatal = { kind: 'text', text: outcome.text };
        return false;
      case 'typeError':
        this.fatal = { kind: 'type', value: outcome.value, goType: outcome.goType, struct: place.struct, field: place.field };
        return false;
      case 'nested':
        return this.decodeNested(outcome.schemaName, outcome.asList, value, place);
    }
  }

  /** A custom unmarshaler decoding again with a fresh, non-strict decoder; its type errors get our field. */
  private decodeNested(schemaName: string, asList: boolean, value: unknown, place: Place): boolean {
    const nested = new GoDecoder({ numberLiterals: this.options.numberLiterals, prune: this.options.prune }, false);
    const node: SchemaNode = asList ? { type: 'array', items: { $ref: schemaName } } : { $ref: schemaName };
    nested.decode(node, value, Place.nestedRoot(place));
    const error = nested.fatal ?? nested.saved;
    if (!error) return true;
    this.fatal = error.kind === 'type' ? { ...error, struct: place.struct, field: place.field } : error;
    return false;
  }

  private literalAt(place: Place): string | undefined {
    const literals = this.options.numberLiterals;
    return literals && literals.size ? literals.get(place.path) : undefined;
  }

  private unknownField(object: Record<string, unknown>, key: string, parentPath: string): void {
    if (this.options.prune) delete object[key];
    if (!this.strict) return;
    const path = join(parentPath, key);
    this.unknownFields.push(path);
    this.strictError(`unknown field ${goQuote(path)}`);
  }

  /** Reports the repeats of this object that came right after `key`'s value. */
  private duplicatesAfter(parentPath: string, key: string, reported: (duplicate: DuplicateField) => boolean): void {
    if (!this.strict) return;
    const list = this.duplicatesByParent.get(parentPath);
    if (!list) return;
    for (const duplicate of list) {
      if (duplicate.after !== key || !reported(duplicate)) continue;
      if (this.strictError(`duplicate field ${goQuote(duplicate.path)}`)) this.duplicateFields.push(duplicate.path);
    }
  }

  /** Records a strict error once (sigs.k8s.io/json dedupes them); false for a repeat. */
  private strictError(text: string): boolean {
    if (this.seenStrict.has(text)) return false;
    this.seenStrict.add(text);
    if (this.strictErrors.length < maxStrictErrors) this.strictErrors.push(text);
    return true;
  }

  result(): ObjectCheck {
    const error = this.fatal ?? this.saved;
    return {
      ...(error ? { typeError: renderError(error) } : {}),
      unknownFields: this.unknownFields,
      duplicateFields: this.duplicateFields,
      strictErrors: this.strictErrors,
    };
  }
}

/** Decodes `object` as kube decodes a body of group/version/kind; see the module comment. */
export function checkObject(group: string, version: string, kind: string, object: unknown, options: CheckOptions = {}): ObjectCheck {
  const name = schemaNameForKind(group, version, kind);
  const decoder = new GoDecoder(options, true);
  if (name !== undefined) decoder.decode({ $ref: name }, object, Place.root());
  return decoder.result();
}

/** Deletes, in place, the fields kube's decoder would drop from a built-in object; returns their paths. */
export function pruneUnknownFields(group: string, version: string, kind: string, object: unknown): string[] {
  return checkObject(group, version, kind, object, { prune: true }).unknownFields;
}
