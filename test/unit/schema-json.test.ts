// parseJsonStrict: JSON.parse's value, repeated keys with kube's strict paths, number literals,
// and Go's encoding/json syntax error texts (scanner.go). Golden 021 gives the first text.
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJsonStrict } from '../../src/schema/json-strict.js';
import { goJsonSyntaxErrorText } from '../../src/apimachinery/json-syntax.js';

describe('parseJsonStrict value', () => {
  it.each([
    ['object', '{"a":1,"b":[true,null,"x"],"c":{"d":-1.5e3}}'],
    ['repeated key: last wins', '{"a":1,"b":2,"a":3}'],
    ['escaped keys', '{"\\u0061":1,"a\\"b":2}'],
    ['strings with quotes and backslashes', '{"a":"x\\\\","b":"\\"}","c":"\\\\\\""}'],
    ['top-level array', '[1,{"a":[]},[[]]]'],
    ['top-level scalar', ' "text" '],
    ['whitespace everywhere', ' {\n\t"a" :\r [ 1 , 2 ] } '],
  ])('%s: same value as JSON.parse', (_name, text) => {
    expect(parseJsonStrict(text).value).toEqual(JSON.parse(text));
  });
});

describe('parseJsonStrict duplicates', () => {
  it.each([
    ['none', '{"a":1,"b":{"a":2}}', []],
    ['golden 026: map key', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"dup"},"data":{"a":"1","a":"2"}}', ['data.a']],
    ['top-level', '{"kind":"A","kind":"B"}', ['kind']],
    ['inside a list item', '{"spec":{"containers":[{"name":"a"},{"name":"b","name":"c"}]}}', ['spec.containers[1].name']],
    ['nested lists', '{"a":[[{"x":1,"x":2}]]}', ['a[0][0].x']],
    ['escaped spelling of the same key', '{"a":1,"\\u0061":2}', ['a']],
    ['three times', '{"a":1,"a":2,"a":3}', ['a', 'a']],
    ['in document order', '{"z":{"q":1,"q":2},"a":1,"a":2}', ['z.q', 'a']],
    ['many keys (set lookup)', `{${Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`).join(',')},"k7":0}`, ['k7']],
    ['keys that look alike are different', '{"a":1,"A":2,"a ":3}', []],
    ['strings that look like keys are not keys', '{"a":"b","c":["a","a"],"d":"a"}', []],
  ])('%s', (_name, text, expected) => {
    expect(parseJsonStrict(text).duplicates).toEqual(expected);
  });

  it('records where each repeat sits for kube\'s error order', () => {
    expect(parseJsonStrict('{"data":{"a":"1","b":"2","a":"3"}}').duplicateFields).toEqual([
      { path: 'data.a', parent: 'data', key: 'a', after: 'b' },
    ]);
  });
});

describe('parseJsonStrict number literals', () => {
  it.each([
    ['integers round-trip', '{"a":1,"b":-20,"c":123456789012345}', {}],
    ['fraction', '{"spec":{"replicas":1.0}}', { 'spec.replicas': '1.0' }],
    ['exponent', '{"a":[1e3]}', { 'a[0]': '1e3' }],
    ['too many digits for a double', '{"a":12345678901234567}', { a: '12345678901234567' }],
    ['a repeat replaces the first literal', '{"a":1.0,"a":2}', {}],
  ])('%s', (_name, text, expected) => {
    expect(Object.fromEntries(parseJsonStrict(text).numberLiterals)).toEqual(expected);
  });
});

describe('Go syntax errors', () => {
  it.each([
    ['golden 021', '{not json', "invalid character 'n' looking for beginning of object key string"],
    ['empty body', '', 'unexpected end of JSON input'],
    ['only spaces', '  \n', 'unexpected end of JSON input'],
    ['unclosed object', '{"a":1', 'unexpected end of JSON input'],
    ['unclosed array', '[1,2', 'unexpected end of JSON input'],
    ['unclosed string', '{"a":"b', 'unexpected end of JSON input'],
    ['not a value', 'x', "invalid character 'x' looking for beginning of value"],
    ['missing colon', '{"a" 1}', "invalid character '1' after object key"],
    ['missing comma in object', '{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
    ['missing comma in array', '[1 2]', "invalid character '2' after array element"],
    ['trailing comma in object', '{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ['trailing comma in array', '[1,]', "invalid character ']' looking for beginning of value"],
    ['two values', '{} {}', "invalid character '{' after top-level value"],
    ['leading zero', '01', "invalid character '1' after top-level value"],
    ['decimal point without digits', '{"a":1.}', "invalid character '}' after decimal point in numeric literal"],
    ['number cut at end of input (Go feeds a space)', '1.', "invalid character ' ' after decimal point in numeric literal"],
    ['lone minus', '-', "invalid character ' ' in numeric literal"],
    ['minus then letter', '[-a]', "invalid character 'a' in numeric literal"],
    ['empty exponent', '[1e]', "invalid character ']' in exponent of numeric literal"],
    ['literal cut', 'tru', "invalid character ' ' in literal true (expecting 'e')"],
    ['misspelt literal', '[nul]', "invalid character ']' in literal null (expecting 'l')"],
    ['false misspelt', 'fals3', "invalid character '3' in literal false (expecting 'e')"],
    ['bad escape', '"\\x"', "invalid character 'x' in string escape code"],
    ['bad unicode escape', '"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
    ['raw newline in string', '{"a":"b\n"}', "invalid character '\\n' in string literal"],
    ['raw tab in string', '"a\tb"', "invalid character '\\t' in string literal"],
    ['single quotes', "{'a':1}", "invalid character '\\'' looking for beginning of object key string"],
    ['byte order mark (first UTF-8 byte, as Go quotes a byte)', '\ufeff{}', "invalid character 'ï' looking for beginning of value"],
    ['non-ASCII outside strings', '{"a":é}', "invalid character 'Ã' looking for beginning of value"],
    ['C1 control character (its first UTF-8 byte is 0xC2)', '\u0085', "invalid character 'Â' looking for beginning of value"],
    ['control character outside strings', '\u0001', "invalid character '\\x01' looking for beginning of value"],
    ['too deep', '['.repeat(10001), "invalid character '[' exceeded max depth"],
  ])('%s', (_name, text, expected) => {
    expect(goJsonSyntaxErrorText(text)).toBe(expected);
    expect(() => parseJsonStrict(text)).toThrow(new JsonSyntaxError(expected));
  });

  it.each(['{}', '[]', '"x"', '0', '-0.5e-7', 'null', '{"a":[{"b":true}]}', ' [ 1 , 2 ] '])('accepts %s', (text) => {
    expect(goJsonSyntaxErrorText(text)).toBeNull();
  });

  it('accepts 10000 levels of nesting and refuses 10001 after JSON.parse accepted them', () => {
    expect(goJsonSyntaxErrorText(`${'['.repeat(10000)}${']'.repeat(10000)}`)).toBeNull();
    const tooDeep = `${'['.repeat(10001)}${']'.repeat(10001)}`;
    expect(() => parseJsonStrict(tooDeep)).toThrow("invalid character '[' exceeded max depth");
  });
});
