/**
 * The libraries kube v1.32 gives CRD rules: cel-go's standard library and strings extension,
 * kube's lists, regex, URL, quantity, IP/CIDR and format libraries, sets and optional types;
 * results and runtime error texts (`<error> evaluating rule: <rule>`).
 */
import { describe, expect, it } from 'vitest';
import { compileSchemaRules } from '../../src/cel/index.js';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import type { SchemaNode, ValidationRule } from '../../src/schema/types.js';

const text = (maxLength = 64): SchemaNode => ({ type: 'string', maxLength });
const spec = (rule: ValidationRule): SchemaNode => ({
  type: 'object',
  'x-kubernetes-validations': [rule],
  properties: { s: text(), n: { type: 'integer' }, q: text(), u: text(200), ip: text(), opt: text(), l: { type: 'array', maxItems: 10, items: text(20) } },
});
const resource = (node: SchemaNode): SchemaNode => ({ type: 'object', properties: { apiVersion: text(), kind: text(), metadata: { type: 'object' }, spec: node } });
const failed = (rule: string): string => `spec: Invalid value: "object": failed rule: ${rule}`;
const evaluationError = (error: string, rule: string): string => `spec: Invalid value: "object": ${error} evaluating rule: ${rule}`;

const cases: [string, string, Record<string, unknown>, (rule: string) => string[]][] = [
  // lists library: isSorted, sum, indexOf, lastIndexOf.
  ['lists', "self.l.isSorted() && [1, 2, 3].sum() == 6 && [1.5, 2.5].sum() == 4.0 && self.l.indexOf('b') == 1 && self.l.lastIndexOf('b') == 2", { l: ['a', 'b', 'b', 'c'] }, () => []],
  // min/max of an empty list is an error.
  ['lists: min of empty list', "self.l.min() == 'a'", { l: [] }, (rule) => [evaluationError('min called on empty list', rule)]],
  // regex library: find and findAll (with a limit).
  ['regex find and findAll', "self.s.find('[0-9]+') == '123' && self.s.findAll('[0-9]+') == ['123', '456'] && self.s.findAll('[0-9]+', 1) == ['123'] && self.s.find('x') == ''", { s: 'this is a 123 string 456' }, () => []],
  // matches is RE2, unanchored.
  ['matches', "self.s.matches('^[a-z]+$')", { s: 'ab1' }, (rule) => [failed(rule)]],
  // The global form, as Gateway API's safe-upgrades ValidatingAdmissionPolicy writes it.
  ['matches (global)', "matches(self.s, '^[a-z]+$')", { s: 'ab1' }, (rule) => [failed(rule)]],
  ['matches (global, true)', "matches(self.s, 'v1.[0-5]')", { s: 'v1.6.1' }, (rule) => [failed(rule)]],
  // URL library accessors, on Go's url.Parse.
  ['url accessors', "url(self.u).getScheme() == 'https' && url(self.u).getHost() == 'example.com:80' && url(self.u).getHostname() == 'example.com' && url(self.u).getPort() == '80' && url(self.u).getEscapedPath() == '/with%20space/' && url(self.u).getQuery() == {'k': ['a', 'b']}",
    { u: 'https://example.com:80/with space/?k=a&k=b' }, () => []],
  // isURL uses ParseRequestURI: relative references are not URLs.
  ['isURL', 'isURL(self.u)', { u: '../relative' }, (rule) => [failed(rule)]],
  ['url parse error', "url(self.u).getScheme() == 'https'", { u: 'https://a:b:c/' }, (rule) => [evaluationError('URL parse error during conversion from string: parse "https://a:b:c/": invalid port ":c" after host', rule)]],
  // quantity library.
  ['quantity', "quantity(self.q).isLessThan(quantity('1Gi')) && quantity(self.q).add(quantity('512Mi')) == quantity('1Gi') && quantity('50k').sub(quantity('20')) == quantity('49980') && !quantity('1.5').isInteger() && quantity('2k').asInteger() == 2000 && quantity('-3').sign() == -1 && quantity('1M').compareTo(quantity('1Mi')) == -1 && isQuantity('20Mi') && !isQuantity('abc')",
    { q: '512Mi' }, () => []],
  ['quantity asInteger error', 'quantity(self.q).asInteger() > 0', { q: '1.5' }, (rule) => [evaluationError('cannot convert value to integer', rule)]],
  ['quantity parse error', 'quantity(self.q).isInteger()', { q: 'abc' }, (rule) => [evaluationError("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", rule)]],
  // strings extension over runes (é is one rune), Go's SplitN and Replace.
  ['strings', "self.s.charAt(1) == 'é' && self.s.indexOf('l') == 2 && self.s.lastIndexOf('l') == 3 && self.s.substring(1, 3) == 'él' && self.s.upperAscii() == 'HéLLO' && self.s.replace('l', 'L', 1) == 'héLlo' && self.s.split('l') == ['hé', '', 'o'] && 'a,b,c'.split(',', 2) == ['a', 'b,c'] && self.l.join('-') == 'x-y' && '  x '.trim() == 'x'",
    { s: 'héllo', l: ['x', 'y'] }, () => []],
  ['substring range error', "self.s.substring(3, 1) == ''", { s: 'hello' }, (rule) => [evaluationError('invalid substring range. start: 3, end: 1', rule)]],
  // IP and CIDR libraries (net/netip).
  ['ip and cidr', "ip(self.ip).family() == 4 && ip(self.ip).isLoopback() && cidr('127.0.0.0/8').containsIP(self.ip) && cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16') && cidr('10.1.2.3/8').masked() == cidr('10.0.0.0/8') && cidr('10.0.0.0/8').prefixLength() == 8 && string(ip('::1')) == '::1' && ip.isCanonical('2001:db8::1') && !ip.isCanonical('2001:0db8::1') && ip('fe80::1').isLinkLocalUnicast() && !ip('127.0.0.1').isGlobalUnicast()",
    { ip: '127.0.0.1' }, () => []],
  // netip refuses leading zeros.
  ['isIP', 'isIP(self.ip)', { ip: '1.2.3.04' }, (rule) => [failed(rule)]],
  ['ip parse error', 'ip(self.ip).family() == 4', { ip: '1.2.3.04' }, (rule) => [evaluationError('IP Address "1.2.3.04" parse error during conversion from string: ParseAddr("1.2.3.04"): IPv4 field has octet with leading zero', rule)]],
  // sets extension.
  ['sets', "sets.contains(self.l, ['a']) && sets.equivalent(['a', 'b'], ['b', 'a']) && !sets.intersects(self.l, ['z'])", { l: ['a', 'b'] }, () => []],
  // format library: validate returns the validator's messages as an optional list.
  ['format', "!format.dns1123Label().validate(self.s).hasValue() && format.named('labelValue').hasValue() && !format.named('nope').hasValue()", { s: 'Bad_Name' }, (rule) => [failed(rule)]],
  // optional types: `.?`, `[?]`, optMap, or, orValue, ofNonZeroValue.
  // (optionals of scalars are scalars for the estimator; optional(string) == optional.none() would be unbounded.)
  ['optionals', "self.?opt.orValue('x') == 'x' && self.l[?5].hasValue() == false && optional.of(1).optMap(v, v + 1) == optional.of(2) && optional.none().or(optional.of(3)).value() == 3 && !optional.ofNonZeroValue('').hasValue()", { l: [] }, () => []],
  // timestamps and durations.
  ['time', "timestamp('2024-01-01T10:30:00Z').getHours() == 10 && duration('1h30m').getMinutes() == 90 && timestamp('2024-03-01T00:00:00Z') - timestamp('2024-02-28T00:00:00Z') == duration('48h')", {}, () => []],
  // int64 arithmetic overflows are errors.
  ['integer overflow', '9223372036854775807 + self.n > 0', { n: 1 }, (rule) => [evaluationError('integer overflow', rule)]],
  // string conversions and type().
  ['conversions and type', "string(self.n) == '42' && int('7') == 7 && double(self.n) == 42.0 && type(self.s) == string && type(self.l) == list", { n: 42, s: 'x', l: [] }, () => []],
];

describe('CEL libraries', () => {
  it.each(cases)('%s', (_name, rule, value, expected) => {
    const { errors, validator } = compileSchemaRules(resource(spec({ rule })), 'spec.versions[0].schema.openAPIV3Schema');
    expect(errors.map(fieldErrorText)).toEqual([]);
    const object = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: value };
    expect(validator.validate(object, undefined).map(fieldErrorText)).toEqual(expected(rule));
  });

  // format validators return kube's validation messages; messageExpression can report them.
  it('format messages through messageExpression', () => {
    const rule: ValidationRule = { rule: '!format.dns1123Label().validate(self.s).hasValue()', messageExpression: 'format.dns1123Label().validate(self.s).value()[0]' };
    const { errors, validator } = compileSchemaRules(resource(spec(rule)), 'openAPIV3Schema');
    expect(errors).toEqual([]);
    const object = { apiVersion: 'v1', kind: 'W', metadata: { name: 'w' }, spec: { s: 'Bad_Name' } };
    expect(validator.validate(object, undefined).map(fieldErrorText)).toEqual([
      "spec: Invalid value: \"object\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
  });
});
