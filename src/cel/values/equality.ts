/**
 * CEL `==` with kube's value semantics (apiserver/pkg/cel/common/values.go): the left operand
 * decides how lists compare: x-kubernetes-list-type=set ignores order, list-type=map matches
 * items by their keys (`X == Y` with X a map list looks every Y item up in X), other lists compare
 * in order. Objects compare their declared fields as CEL values and unknown fields as JSON; a
 * null field makes objects unequal (kube's Find treats it as absent). Numbers compare across
 * int, uint and double; values of different types are unequal.
 */
import { isCelType, isCelUint } from '@bufbuild/cel';
import { jsonEqual } from '../../schema/structural-validation.js';
import { KList, KMap, KObject, Opaque, Optional, type Value } from './kinds.js';

/** CEL equality of two non-error values. */
export function celEquals(left: Value, right: Value): boolean {
  if (left === right) return true;
  const leftNumber = numeric(left);
  const rightNumber = numeric(right);
  if (leftNumber !== undefined || rightNumber !== undefined) return leftNumber !== undefined && rightNumber !== undefined && leftNumber === rightNumber;
  if (left instanceof KList) return right instanceof KList && listEquals(left, right);
  if (left instanceof KMap) return right instanceof KMap && mapEquals(left, right);
  if (left instanceof KObject) return right instanceof KObject && objectEquals(left, right);
  if (left instanceof Optional) return right instanceof Optional && optionalEquals(left, right);
  if (left instanceof Opaque) return right instanceof Opaque && left.typeName === right.typeName && left.equals(right);
  if (left instanceof Uint8Array) return right instanceof Uint8Array && left.length === right.length && left.every((byte, index) => byte === right[index]);
  if (isCelType(left)) return isCelType(right) && left.kind === right.kind && left.name === right.name;
  return messageEquals(left, right);
}

/** Numbers as one comparable domain (int, uint and double are equal when their values are). */
function numeric(value: Value): number | bigint | undefined {
  if (typeof value === 'bigint' || typeof value === 'number') return typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value;
  return isCelUint(value) ? value.value : undefined;
}

function optionalEquals(left: Optional, right: Optional): boolean {
  if (left.value === undefined || right.value === undefined) return left.value === right.value;
  return celEquals(left.value, right.value);
}

function listEquals(left: KList, right: KList): boolean {
  if (left.size !== right.size) return false;
  switch (left.semantics.listType) {
    case 'set': return [...right].every((item) => [...left].some((mine) => celEquals(mine, item)));
    case 'map': return mapListEquals(left, right);
    default: return [...left].every((item, index) => celEquals(item, right.get(index)!));
  }
}

/** The identity of a map-list item: its key values (JSON of the raw object, or of map entries). */
export function mapListKey(item: Value, keys: readonly string[]): string {
  const values = keys.map((key) => {
    if (item instanceof KObject) return item.raw[item.decl.fields.get(key)?.property ?? key];
    if (item instanceof KMap) return item.get(key);
    return undefined;
  });
  return JSON.stringify(values, (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
}

function mapListEquals(left: KList, right: KList): boolean {
  const keys = left.semantics.mapKeys;
  const byKey = new Map([...left].map((item) => [mapListKey(item, keys), item] as const));
  return [...right].every((item) => {
    const mine = byKey.get(mapListKey(item, keys));
    return mine !== undefined && celEquals(mine, item);
  });
}

function mapEquals(left: KMap, right: KMap): boolean {
  if (left.size !== right.size) return false;
  for (const [key, value] of left) {
    const other = right.get(key);
    if (other === undefined || !celEquals(value, other)) return false;
  }
  return true;
}

function objectEquals(left: KObject, right: KObject): boolean {
  const keys = Object.keys(left.raw);
  if (keys.length !== Object.keys(right.raw).length) return false;
  const visible = new Map([...left.decl.fields].map(([escaped, field]) => [field.property, escaped] as const));
  return keys.every((key) => {
    const escaped = visible.get(key);
    if (escaped === undefined) return !Object.hasOwn(right.raw, key) || jsonEqual(left.raw[key], right.raw[key]);
    const mine = left.field(escaped);
    const theirs = right.decl === left.decl ? right.field(escaped) : undefined;
    return mine !== undefined && theirs !== undefined && celEquals(mine, theirs);
  });
}

interface TimeMessage {
  desc: { typeName: string };
  message: { seconds: bigint; nanos: number };
}

/** Timestamps and durations by value; other scalars strictly. */
function messageEquals(left: Value, right: Value): boolean {
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return left === right;
  const [a, b] = [left as unknown as TimeMessage, right as unknown as TimeMessage];
  if (!a.desc || !b.desc || a.desc.typeName !== b.desc.typeName) return false;
  return a.message.seconds === b.message.seconds && a.message.nanos === b.message.nanos;
}
