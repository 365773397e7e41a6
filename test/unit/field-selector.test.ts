/**
 * Field selectors against kube v1.32's fields.ParseSelector / Matches / String().
 * Inputs are taken from staging/src/k8s.io/apimachinery/pkg/fields/selector_test.go
 * (TestSplitTerms, TestSplitTerm, TestEscapeValue, TestSelectorParse, TestSelectorMatches); the
 * error texts follow selector.go's fmt.Errorf calls and InvalidEscapeSequence / UnescapedRune.
 */
import { describe, expect, it } from 'vitest';
import {
  escapeFieldValue,
  fieldSelectorExactMatch,
  fieldSelectorText,
  matchesFields,
  parseFieldSelector,
  SelectorParseError,
  type FieldRequirement,
} from '../../src/apimachinery/selectors/fields.js';

function term(field: string, operator: FieldRequirement['operator'], value: string): FieldRequirement {
  return { field, operator, value };
}

describe('parseFieldSelector: accepted selectors', () => {
  it.each<[string, string, FieldRequirement[], string]>([
    ['empty selects everything', '', [], ''],
    ['equalities', 'x=a,y=b,z=c', [term('x', '=', 'a'), term('y', '=', 'b'), term('z', '=', 'c')], 'x=a,y=b,z=c'],
    ['not equals', 'x!=a,y=b', [term('x', '!=', 'a'), term('y', '=', 'b')], 'x!=a,y=b'],
    ['double equals prints as equals', 'metadata.name==foo', [term('metadata.name', '==', 'foo')], 'metadata.name=foo'],
    ['escaped equals keeps pipes literal', 'x=a||y\\=b', [term('x', '=', 'a||y=b')], 'x=a||y\\=b'],
    ['two escaped equals', 'x=a\\=\\=b', [term('x', '=', 'a==b')], 'x=a\\=\\=b'],
    ['terms sorted as raw strings', 'b=1,a=2', [term('a', '=', '2'), term('b', '=', '1')], 'a=2,b=1'],
    ['trailing comma', 'a=a,', [term('a', '=', 'a')], 'a=a'],
    ['leading comma', ',a=a', [term('a', '=', 'a')], 'a=a'],
    // `k2=…` sorts before `k=…` because '2' < '=' in byte order.
    ['escaped comma in value', 'k=\\,,k2=v2', [term('k2', '=', 'v2'), term('k', '=', ',')], 'k2=v2,k=\\,'],
    ['escaped backslash then comma', 'k=\\\\,k2=v2', [term('k2', '=', 'v2'), term('k', '=', '\\')], 'k2=v2,k=\\\\'],
    ['escaped backslash and comma', 'k=\\\\\\,,k2=v2', [term('k2', '=', 'v2'), term('k', '=', '\\,')], 'k2=v2,k=\\\\\\,'],
    ['multi-byte, sorted by UTF-8 bytes', '함=수,목=록', [term('목', '=', '록'), term('함', '=', '수')], '목=록,함=수'],
    ['empty value', 'spec.nodeName=', [term('spec.nodeName', '=', '')], 'spec.nodeName='],
    ['empty field with a value is kept', '=x', [term('', '=', 'x')], '=x'],
    ['a bare = selects everything', '=', [], ''],
    ['a bare != selects everything', '!=', [], ''],
    ['a bare = among terms is dropped', '=,a=b', [term('a', '=', 'b')], 'a=b'],
    ['first operator wins', 'a!=b', [term('a', '!=', 'b')], 'a!=b'],
    ['spaces are data', ' a = b ', [term(' a ', '=', ' b ')], ' a = b '],
  ])('%s: %j', (_name, input, wanted, text) => {
    const selector = parseFieldSelector(input);
    expect(selector.requirements).toEqual(wanted);
    expect(fieldSelectorText(selector)).toBe(text);
  });

  it('sorts deterministically (TestDeterministicParse)', () => {
    expect(fieldSelectorText(parseFieldSelector('x=a,a=x'))).toBe('a=x,x=a');
    expect(fieldSelectorText(parseFieldSelector('a=x,x=a'))).toBe('a=x,x=a');
  });

  it('is plain JSON data', () => {
    const selector = parseFieldSelector('metadata.name=a,status.phase!=Running');
    expect(JSON.parse(JSON.stringify(selector))).toEqual(selector);
  });
});

describe('parseFieldSelector: refused selectors', () => {
  it.each<[string, string, string]>([
    ['bare field', 'x', "invalid selector: 'x'; can't understand 'x'"],
    // telegraf's kube_inventory test expects this exact text for `field,`
    ['bare field before a comma', 'field,', "invalid selector: 'field,'; can't understand 'field'"],
    ['bare field after a term, reported in sorted order', 'x=a,b', "invalid selector: 'x=a,b'; can't understand 'b'"],
    ['set syntax', 'x in (a)', "invalid selector: 'x in (a)'; can't understand 'x in (a)'"],
    ['set syntax with commas', 'x in (a,b,c)', "invalid selector: 'x in (a,b,c)'; can't understand 'b'"],
    ['unescaped = reported as its code point', 'x=a||y=b', 'invalid field selector: unescaped character in value: 61'],
    ['second operator', 'x==a==b', 'invalid field selector: unescaped character in value: 61'],
    ['unknown escape', 'k=\\a', 'invalid field selector: invalid escape sequence: \\a'],
    ['orphan backslash', 'k=\\', 'invalid field selector: invalid escape sequence: \\'],
    ['escaped backslash then orphan', 'k=\\\\\\', 'invalid field selector: invalid escape sequence: \\'],
    ['multi-byte escape', 'k=\\수', 'invalid field selector: invalid escape sequence: \\수'],
  ])('%s: %j', (_name, input, message) => {
    expect(() => parseFieldSelector(input)).toThrow(SelectorParseError);
    expect(() => parseFieldSelector(input)).toThrow(new SelectorParseError(message));
  });
});

describe('matchesFields', () => {
  const fieldset = { foo: 'bar', baz: 'blah', complex: '=value\\,\\' };
  it.each<[string, string, Record<string, string>, boolean]>([
    ['empty selector', '', { x: 'y' }, true],
    ['equals', 'x=y', { x: 'y' }, true],
    ['two equals', 'x=y,z=w', { x: 'y', z: 'w' }, true],
    ['two not equals', 'x!=y,z!=w', { x: 'z', z: 'a' }, true],
    ['keywords are plain text', 'notin=in', { notin: 'in' }, true],
    ['equals other value', 'x=y', { x: 'z' }, false],
    ['one of two equals fails', 'x=y,z=w', { x: 'w', z: 'w' }, false],
    ['one of two not equals fails', 'x!=y,z!=w', { x: 'z', z: 'w' }, false],
    ['subset', 'foo=bar,baz=blah', fieldset, true],
    ['escaped value', 'foo=bar,baz=blah,complex=\\=value\\\\\\,\\\\', fieldset, true],
    ['missing field is the empty value', 'foo=bar,foobar=bar,baz=blah', fieldset, false],
    ['absent equals empty', 'x=', {}, true],
    ['absent is not unequal to empty', 'x!=', {}, false],
    ['absent is unequal to a value', 'x!=a', {}, true],
    ['inherited properties are not fields', 'constructor=', {}, true],
  ])('%s: %j', (_name, input, fields, wanted) => {
    expect(matchesFields(parseFieldSelector(input), fields)).toBe(wanted);
  });
});

describe('escapeFieldValue (TestEscapeValue)', () => {
  it.each([
    ['', ''],
    ['a', 'a'],
    ['=', '\\='],
    [',', '\\,'],
    ['\\', '\\\\'],
    ['\\=\\,\\', '\\\\\\=\\\\\\,\\\\'],
  ])('%j escapes to %j and back', (raw, escaped) => {
    expect(escapeFieldValue(raw)).toBe(escaped);
    expect(parseFieldSelector(`f=${escaped}`).requirements[0]?.value ?? '').toBe(raw);
  });
});

describe('fieldSelectorExactMatch', () => {
  it.each<[string, string, string, string | undefined]>([
    ['equals', 'metadata.name=foo', 'metadata.name', 'foo'],
    ['double equals among others', 'a=b,metadata.name==foo', 'metadata.name', 'foo'],
    ['empty value', 'metadata.name=', 'metadata.name', ''],
    ['not equals is no exact match', 'metadata.name!=foo', 'metadata.name', undefined],
    ['other field', 'a=b', 'metadata.name', undefined],
  ])('%s: %j', (_name, input, field, wanted) => {
    expect(fieldSelectorExactMatch(parseFieldSelector(input), field)).toBe(wanted);
  });
});
