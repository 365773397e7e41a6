/**
 * Runtime values of the rule interpreter. Scalars are @bufbuild/cel's (bigint int, number double,
 * string, boolean, Uint8Array bytes, null, CelUint, ReflectMessage timestamps and durations, CelType
 * type values). Lists and maps are our own classes branded with @bufbuild/cel's Symbol.for keys so
 * its library functions (size, join, ...) accept them; they keep kube's list-type semantics and
 * convert JSON lazily, as kube's UnstructuredToVal does. Objects, optionals, errors and the
 * Kubernetes library types (Quantity, URL, IP, CIDR, Format) never reach @bufbuild/cel.
 */
import type { CelType, CelValue } from '@bufbuild/cel';
import type { DeclType, ObjectDecl } from '../decl-types.js';

/** A CEL evaluation error; `message` is cel-go's text (`no such key: foo`). */
export class EvalError {
  constructor(readonly message: string) {}
}

/** An optional value (cel-go optional_type): `value` undefined is optional.none(). */
export class Optional {
  static readonly none = new Optional(undefined);
  constructor(readonly value: Value | undefined) {}
}

/** A value of a Kubernetes library type: `typeName` is what type() reports and messages print. */
export abstract class Opaque {
  abstract readonly typeName: string;
  /** Equality with another value of the same type. */
  abstract equals(other: Opaque): boolean;
}

/** How a list compares and concatenates (x-kubernetes-list-type). */
export interface ListSemantics {
  listType: 'atomic' | 'set' | 'map';
  /** Escaped x-kubernetes-list-map-keys for map lists. */
  mapKeys: readonly string[];
}

export const atomicList: ListSemantics = { listType: 'atomic', mapKeys: [] };

const listBrand = Symbol.for('@bufbuild/cel/list');
const mapBrand = Symbol.for('@bufbuild/cel/map');

/** A list; items are produced by `item(i)` on first access and cached. */
export class KList implements Iterable<Value> {
  readonly [listBrand] = {};
  private readonly cache: (Value | undefined)[];

  constructor(readonly size: number, private readonly item: (index: number) => Value, readonly semantics: ListSemantics = atomicList) {
    this.cache = new Array<Value | undefined>(size);
  }

  static of(values: readonly Value[], semantics: ListSemantics = atomicList): KList {
    return new KList(values.length, (index) => values[index]!, semantics);
  }

  get(index: number): Value | undefined {
    if (index < 0 || index >= this.size) return undefined;
    return (this.cache[index] ??= this.item(index));
  }

  *values(): IterableIterator<Value> {
    for (let index = 0; index < this.size; index++) yield this.get(index)!;
  }

  [Symbol.iterator](): IterableIterator<Value> {
    return this.values();
  }
}

export type MapKey = string | bigint | boolean;

/** A map; values are produced by `entry(key)` on first access and cached. Keys keep insertion order. */
export class KMap implements ReadonlyMap<MapKey, Value> {
  readonly [mapBrand] = {};
  private readonly cache = new Map<MapKey, Value>();

  constructor(private readonly keyList: readonly MapKey[], private readonly entry: (key: MapKey) => Value | undefined) {}

  static of(entries: ReadonlyMap<MapKey, Value>): KMap {
    return new KMap([...entries.keys()], (key) => entries.get(key));
  }

  get size(): number {
    return this.keyList.length;
  }

  has(key: MapKey): boolean {
    return this.keyList.includes(key);
  }

  get(key: MapKey): Value | undefined {
    if (!this.has(key)) return undefined;
    if (!this.cache.has(key)) this.cache.set(key, this.entry(key)!);
    return this.cache.get(key);
  }

  keys(): MapIterator<MapKey> {
    return this.keyList.values();
  }

  *values(): MapIterator<Value> {
    for (const key of this.keyList) yield this.get(key)!;
  }

  *entries(): MapIterator<[MapKey, Value]> {
    for (const key of this.keyList) yield [key, this.get(key)!];
  }

  forEach(callback: (value: Value, key: MapKey, map: ReadonlyMap<MapKey, Value>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }

  [Symbol.iterator](): MapIterator<[MapKey, Value]> {
    return this.entries();
  }
}

/** An object of a schema with properties: fields by escaped name; null fields count as absent. */
export class KObject {
  private readonly cache = new Map<string, Value>();

  constructor(readonly decl: ObjectDecl, readonly raw: Record<string, unknown>, private readonly convert: (raw: unknown, decl: DeclType) => Value) {}

  /** The field's value, or undefined when absent, null, or not declared. */
  field(name: string): Value | undefined {
    const declared = this.decl.fields.get(name);
    if (!declared || !Object.hasOwn(this.raw, declared.property)) return undefined;
    const raw = this.raw[declared.property];
    if (raw === null || raw === undefined) return undefined;
    if (!this.cache.has(name)) this.cache.set(name, this.convert(raw, declared.type));
    return this.cache.get(name);
  }
}

/** Every value a rule can see. */
export type Value = CelValue | KList | KMap | KObject | Optional | Opaque | EvalError;

/** A type value (type(x), `int`, `net.IP`): @bufbuild/cel's CelType, compared by name. */
export type TypeValue = CelType;

export const isEvalError = (value: unknown): value is EvalError => value instanceof EvalError;
