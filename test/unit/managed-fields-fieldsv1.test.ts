/**
 * Field paths, field sets and FieldsV1 as structured-merge-diff defines them: fieldpath/element.go
 * (order, String), serialize-pe.go (`f:`/`k:`/`v:`/`i:` keys), serialize.go (`".": {}` self entries,
 * key order), set.go (Union, Difference, RecursiveDifference), and kube's decoder errors.
 */
import { describe, expect, it } from 'vitest';
import { FieldSet } from '../../src/apply/field-set.js';
import { FieldsV1DecodeError, decodeFieldsV1, encodeFieldsV1 } from '../../src/apply/fields-v1.js';
import { deserializePathElement, fieldPathText, serializePathElement, type FieldPath, type PathElement } from '../../src/apply/path-element.js';

const f = (name: string): PathElement => ({ kind: 'field', name });
const k = (...pairs: Array<[string, unknown]>): PathElement => ({ kind: 'key', fields: pairs.map(([name, value]) => ({ name, value })) });
const v = (value: unknown): PathElement => ({ kind: 'value', value });
const i = (index: number): PathElement => ({ kind: 'index', index });
const p = (...elements: PathElement[]): FieldPath => elements;

describe('path element keys (serialize-pe.go)', () => {
  it.each([
    ['field', f('data'), 'f:data'],
    ['field with dots and slashes is raw', f('kubernetes.io/metadata.name'), 'f:kubernetes.io/metadata.name'],
    // Keys are JSON objects with the key fields in name order (golden 065).
    ['two-field key', k(['containerPort', 80], ['protocol', 'TCP']), 'k:{"containerPort":80,"protocol":"TCP"}'],
    ['key values are JSON-encoded with Go\'s HTML escaping', k(['name', 'a<b&c']), 'k:{"name":"a\\u003cb\\u0026c"}'],
    ['set value', v('kubernetes'), 'v:"kubernetes"'],
    ['numeric set value', v(3), 'v:3'],
    ['index', i(2), 'i:2'],
  ])('%s', (_name, element, text) => {
    expect(serializePathElement(element)).toBe(text);
    expect(deserializePathElement(text)).toEqual(element);
  });

  it('sorts key fields by name when reading (FieldList.Sort)', () => {
    expect(deserializePathElement('k:{"protocol":"TCP","containerPort":80}')).toEqual(k(['containerPort', 80], ['protocol', 'TCP']));
  });

  it('skips unknown kinds and rejects malformed keys (DeserializePathElement)', () => {
    expect(deserializePathElement('x:whatever')).toBeUndefined();
    expect(() => deserializePathElement('f')).toThrow('key must be 2 characters long:');
    expect(() => deserializePathElement('fxname')).toThrow('missing colon: fxname');
  });
});

describe('conflict path text (Path.String)', () => {
  it.each([
    [p(f('data'), f('key')), '.data.key'],
    [p(f('spec'), f('containers'), k(['name', 'c']), f('image')), '.spec.containers[name="c"].image'],
    [p(f('spec'), f('ports'), k(['port', 80], ['protocol', 'TCP'])), '.spec.ports[port=80,protocol="TCP"]'],
    [p(f('metadata'), f('finalizers'), v('a"b')), '.metadata.finalizers[="a\\"b"]'],
    [p(f('args'), i(0)), '.args[0]'],
  ])('%j', (path, text) => {
    expect(fieldPathText(path)).toBe(text);
  });
});

describe('FieldsV1 encoding (serialize.go)', () => {
  it('orders fields < keys < values < indices, fields bytewise ("Z" before "a")', () => {
    const set = FieldSet.of(p(f('list'), i(1)), p(f('list'), v('b')), p(f('list'), v(2)), p(f('list'), k(['name', 'x'])), p(f('list'), f('a')), p(f('list'), f('Z')));
    expect(Object.keys(encodeFieldsV1(set)['f:list']!)).toEqual(['f:Z', 'f:a', 'k:{"name":"x"}', 'v:2', 'v:"b"', 'i:1']);
  });

  it('writes "." first for a path that is both a member and a parent, `{}` for a leaf', () => {
    const set = FieldSet.of(p(f('data')), p(f('data'), f('a')), p(f('metadata'), f('labels'), f('tier')));
    expect(JSON.stringify(encodeFieldsV1(set))).toBe('{"f:data":{".":{},"f:a":{}},"f:metadata":{"f:labels":{"f:tier":{}}}}');
  });

  it('orders numbers before strings in set values (value.Compare), numerically', () => {
    const set = FieldSet.of(p(f('s'), v('10')), p(f('s'), v(10)), p(f('s'), v(9)), p(f('s'), v(true)));
    expect(Object.keys(encodeFieldsV1(set)['f:s']!)).toEqual(['v:9', 'v:10', 'v:"10"', 'v:true']);
  });

  it('round-trips the recorded Pod entry exactly (golden 065)', () => {
    const recorded = { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } }, 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:image': {}, 'f:ports': { '.': {}, 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {}, 'f:protocol': {} } }, 'f:resources': {} } }, 'f:securityContext': {} } };
    expect(JSON.stringify(encodeFieldsV1(decodeFieldsV1(recorded)))).toBe(JSON.stringify(recorded));
  });
});

describe('FieldsV1 decoding (readIterV1)', () => {
  it('reads `{}` as a member, "." as the parent being a member, nested keys as children', () => {
    const set = decodeFieldsV1({ 'f:a': {}, 'f:b': { '.': {}, 'f:c': {} }, 'f:d': { 'f:e': {} } });
    expect(set.paths().map(fieldPathText)).toEqual(['.a', '.b', '.b.c', '.d.e']);
  });

  it('drops keys of unknown kinds (a newer kube may know them)', () => {
    expect(decodeFieldsV1({ 'f:a': {}, 'z:new': {} }).paths().map(fieldPathText)).toEqual(['.a']);
  });

  it('fails on malformed keys and non-object values', () => {
    expect(() => decodeFieldsV1({ 'f:a': { k: {} } })).toThrow(FieldsV1DecodeError);
    expect(() => decodeFieldsV1({ 'f:a': 1 })).toThrow(FieldsV1DecodeError);
  });
});

describe('set operations (set.go)', () => {
  const parent = FieldSet.of(p(f('a')), p(f('a'), f('b')));

  it('Difference removes a member but not the paths under it: parent - child = parent', () => {
    expect(parent.difference(FieldSet.of(p(f('a')))).paths().map(fieldPathText)).toEqual(['.a.b']);
  });

  it('RecursiveDifference removes the member and everything under it', () => {
    expect(parent.recursiveDifference(FieldSet.of(p(f('a')))).isEmpty()).toBe(true);
  });

  it('Union and Intersection keep the trie sorted and drop empty children', () => {
    const left = FieldSet.of(p(f('x'), f('1')), p(f('y')));
    const right = FieldSet.of(p(f('x'), f('2')), p(f('y')));
    expect(left.union(right).paths().map(fieldPathText)).toEqual(['.y', '.x.1', '.x.2']);
    expect(left.intersection(right).paths().map(fieldPathText)).toEqual(['.y']);
  });
});
