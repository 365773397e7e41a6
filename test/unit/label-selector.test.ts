/**
 * Label selectors against kube v1.32's labels.Parse / Requirement.Matches / String().
 * Inputs are taken from staging/src/k8s.io/apimachinery/pkg/labels/selector_test.go
 * (TestSelectorParse, TestSetSelectorParser, TestSelectorMatches, TestParseOperator,
 * TestRequirementSelectorMatching); the exact error texts follow selector.go's fmt.Errorf calls and
 * field.Error formatting, and agree with texts kube and kubectl users print (cited per case).
 */
import { describe, expect, it } from 'vitest';
import {
  labelSelectorText,
  matchesLabels,
  SelectorParseError,
  type LabelRequirement,
} from '../../src/apimachinery/selectors/labels.js';
import { parseLabelSelector } from '../../src/apimachinery/selectors/label-parser.js';

const labelValueSyntax =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const nameSyntax =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const subdomainSyntax =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const binaryOperators = 'in, notin, =, ==, !=, gt, lt';

function requirement(key: string, operator: LabelRequirement['operator'], ...values: string[]): LabelRequirement {
  return { key, operator, values };
}

describe('parseLabelSelector: accepted selectors', () => {
  it.each<[string, string, LabelRequirement[], string]>([
    ['empty selects everything', '', [], ''],
    ['only whitespace', ' \t\r\n', [], ''],
    ['equalities', 'x=a,y=b,z=c', [requirement('x', '=', 'a'), requirement('y', '=', 'b'), requirement('z', '=', 'c')], 'x=a,y=b,z=c'],
    ['not equals', 'x!=a,y=b', [requirement('x', '!=', 'a'), requirement('y', '=', 'b')], 'x!=a,y=b'],
    ['double equals kept', 'x==a', [requirement('x', '==', 'a')], 'x==a'],
    ['empty value at end', 'x=', [requirement('x', '=', '')], 'x='],
    ['empty value before space', 'x= ', [requirement('x', '=', '')], 'x='],
    ['empty values before comma', 'x=,z= ', [requirement('x', '=', ''), requirement('z', '=', '')], 'x=,z='],
    ['does not exist', '!x', [requirement('x', '!')], '!x'],
    ['exists', 'x', [requirement('x', 'exists')], 'x'],
    ['greater and less than', 'x>1,z<5', [requirement('x', 'gt', '1'), requirement('z', 'lt', '5')], 'x>1,z<5'],
    ['carriage return is whitespace', '\rx', [requirement('x', 'exists')], 'x'],
    ['whitespace around tokens', ' x  =  a , y ', [requirement('x', '=', 'a'), requirement('y', 'exists')], 'x=a,y'],
    ['prefixed key', 'this-is-a-dns.domain.com/key-with-dash', [requirement('this-is-a-dns.domain.com/key-with-dash', 'exists')], 'this-is-a-dns.domain.com/key-with-dash'],
    ['set with prefixed key', 'this-is-another-dns.domain.com/key-with-dash in (so,what)',
      [requirement('this-is-another-dns.domain.com/key-with-dash', 'in', 'so', 'what')], 'this-is-another-dns.domain.com/key-with-dash in (so,what)'],
    ['notin with spaces in list', '0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)',
      [requirement('0.1.2.domain/99', 'notin', '10.10.100.1', 'tick.tack.clock')], '0.1.2.domain/99 notin (10.10.100.1,tick.tack.clock)'],
    ['tabs around in', 'foo  in\t (abc)', [requirement('foo', 'in', 'abc')], 'foo in (abc)'],
    ['newline after notin', 'x notin\n (abc)', [requirement('x', 'notin', 'abc')], 'x notin (abc)'],
    ['trailing comma is the empty value', 'x in (abc,)', [requirement('x', 'in', '', 'abc')], 'x in (,abc)'],
    ['empty parentheses are the empty value', 'x in ()', [requirement('x', 'in', '')], 'x in ()'],
    ['spaced empty parentheses', 'x notin ( )', [requirement('x', 'notin', '')], 'x notin ()'],
    ['leading comma is the empty value', 'x notin (, a)', [requirement('x', 'notin', '', 'a')], 'x notin (,a)'],
    ['sorted by key, empty members kept', 'x notin (abc,,def),bar,z in (),w',
      [requirement('bar', 'exists'), requirement('w', 'exists'), requirement('x', 'notin', '', 'abc', 'def'), requirement('z', 'in', '')],
      'bar,w,x notin (,abc,def),z in ()'],
    ['in and notin are identifiers inside a list', 'a in (x,y,notin, z,in)', [requirement('a', 'in', 'in', 'notin', 'x', 'y', 'z')], 'a in (in,notin,x,y,z)'],
    ['in and notin are identifiers as key and value', 'notin=in', [requirement('notin', '=', 'in')], 'notin=in'],
    ['values deduplicated and sorted', 'x in (b,a,b)', [requirement('x', 'in', 'a', 'b')], 'x in (a,b)'],
    ['equal keys keep their order', 'x!=a,x', [requirement('x', '!=', 'a'), requirement('x', 'exists')], 'x!=a,x'],
    ['trailing space after key', 'a ', [requirement('a', 'exists')], 'a'],
    // Go's lexer reads a NUL byte as its end-of-input marker: where a token starts, it ends the selector.
    ['NUL where a token starts ends the selector', 'a \u0000b=c', [requirement('a', 'exists')], 'a'],
  ])('%s: %j', (_name, input, wanted, text) => {
    const selector = parseLabelSelector(input);
    expect(selector.requirements).toEqual(wanted);
    expect(labelSelectorText(selector)).toBe(text);
  });

  it('sorts deterministically (TestDeterministicParse)', () => {
    expect(labelSelectorText(parseLabelSelector('x=a,a=x'))).toBe('a=x,x=a');
    expect(labelSelectorText(parseLabelSelector('a=x,x=a'))).toBe('a=x,x=a');
  });

  it('is plain JSON data', () => {
    const selector = parseLabelSelector('a in (x,y),!b,c>3');
    expect(JSON.parse(JSON.stringify(selector))).toEqual(selector);
  });
});

describe('parseLabelSelector: refused selectors', () => {
  it.each<[string, string, string]>([
    // golden/kube-v1.32.13/047-configmap-list-bad-selector.json
    ['open list at the end', 'a in (', "unable to parse requirement: found '', expected: ',', ')' or identifier"],
    ['notin without a list', 'a notin(', "unable to parse requirement: found '', expected: ',', ')' or identifier"],
    ['pipes make a bad value', 'x=a||y=b', `unable to parse requirement: values[0][x]: Invalid value: "a||y": ${labelValueSyntax}`],
    ['second operator', 'x==a==b', "found '==', expected: ',' or 'end of string'"],
    ['value after does-not-exist', '!x=a', "found '=', expected: ',' or 'end of string'"],
    ['gt needs an integer', 'x<a', `unable to parse requirement: values[0]: Invalid value: "a": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['gt with the empty value', 'x>', `unable to parse requirement: values[0]: Invalid value: "": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['gt beyond int64', 'x>9223372036854775808', `unable to parse requirement: values[0]: Invalid value: "9223372036854775808": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['negative integer is not a label value', 'x>-1', `unable to parse requirement: values[0][x]: Invalid value: "-1": ${labelValueSyntax}`],
    ['both gt errors aggregated', 'x>a_', `unable to parse requirement: [values[0]: Invalid value: "a_": for 'Gt', 'Lt' operators, the value must be an integer, values[0][x]: Invalid value: "a_": ${labelValueSyntax}]`],
    ['no operator greater-or-equal', 'x>=1', "unable to parse requirement: found '=', expected: identifier"],
    ['double comma', 'x,,y', "found ',', expected: identifier after ','"],
    ['trailing comma', 'a in (xyz),', "found '', expected: identifier after ','"],
    ['leading comma', ',x,y', "found ',', expected: !, identifier, or 'end of string'"],
    ['open parenthesis first', '(', "found '(', expected: !, identifier, or 'end of string'"],
    ['unknown operator word', 'x nott in (y)', `unable to parse requirement: found 'nott', expected: ${binaryOperators}`],
    ['parenthesis instead of operator', 'a (', `unable to parse requirement: found '(', expected: ${binaryOperators}`],
    ['bang after key (TestParseOperator)', 'x!', `unable to parse requirement: found '!', expected: ${binaryOperators}`],
    ['missing comma in list', 'a in (xyz abc)', "unable to parse requirement: found 'abc', expected: ',' or ')'"],
    ['missing comma after list', 'a in (xyz)b notin ()', "found 'b', expected: ',' or 'end of string'"],
    ['operator inside list', 'x in (a,=)', "unable to parse requirement: found '=', expected: ',', or identifier"],
    ['list without parenthesis', 'x in a', "unable to parse requirement: found 'a' expected: '('"],
    ['bang alone', '!', "unable to parse requirement: found '', expected: identifier"],
    ['two values', 'x=a b', "found 'b', expected: ',' or 'end of string'"],
    ['NUL inside an identifier splits it', 'a\u0000b', `unable to parse requirement: found 'b', expected: ${binaryOperators}`],
    // kubectl users' output: `kubectl get pods -l "app:monolith"`
    ['colon in key', 'app:monolith', `unable to parse requirement: <nil>: Invalid value: "app:monolith": name part ${nameSyntax}`],
    // kubectl users' output: `kubectl logs -l app.kubernetes_io/name=...`
    ['underscore in prefix', 'app.kubernetes_io/name=x', `unable to parse requirement: <nil>: Invalid value: "app.kubernetes_io/name": prefix part ${subdomainSyntax}`],
    ['two slashes', 'a/b/c ?=? def',
      `unable to parse requirement: <nil>: Invalid value: "a/b/c": a qualified name ${nameSyntax} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`],
    ['empty prefix', '/x', 'unable to parse requirement: <nil>: Invalid value: "/x": prefix part must be non-empty'],
    ['empty name', 'x/', `unable to parse requirement: <nil>: Invalid value: "x/": name part must be non-empty; name part ${nameSyntax}`],
    ['name too long', `${'a'.repeat(64)}`, `unable to parse requirement: <nil>: Invalid value: "${'a'.repeat(64)}": name part must be no more than 63 characters`],
    ['key quoted as Go %q', 'x"y', `unable to parse requirement: <nil>: Invalid value: "x\\"y": name part ${nameSyntax}`],
    ['value too long', `k=${'z'.repeat(64)}`, `unable to parse requirement: values[0][k]: Invalid value: "${'z'.repeat(64)}": must be no more than 63 characters`],
    ['index of the sorted value', 'x in (b,-a)', `unable to parse requirement: values[0][x]: Invalid value: "-a": ${labelValueSyntax}`],
    ['non-ASCII value', 'x=ü', `unable to parse requirement: values[0][x]: Invalid value: "ü": ${labelValueSyntax}`],
  ])('%s: %j', (_name, input, message) => {
    expect(() => parseLabelSelector(input)).toThrow(SelectorParseError);
    expect(() => parseLabelSelector(input)).toThrow(new SelectorParseError(message));
  });
});

describe('matchesLabels', () => {
  const labelset = { foo: 'bar', baz: 'blah' };
  it.each<[string, string, Record<string, string> | undefined, boolean]>([
    ['empty selector', '', { x: 'y' }, true],
    ['equals', 'x=y', { x: 'y' }, true],
    ['two equals', 'x=y,z=w', { x: 'y', z: 'w' }, true],
    ['two not equals', 'x!=y,z!=w', { x: 'z', z: 'a' }, true],
    ['keywords as key and value', 'notin=in', { notin: 'in' }, true],
    ['exists', 'x', { x: 'z' }, true],
    ['does not exist', '!x', { y: 'z' }, true],
    ['greater than', 'x>1', { x: '2' }, true],
    ['less than', 'x<1', { x: '0' }, true],
    ['equals on no labels', 'x=z', {}, false],
    ['equals other value', 'x=y', { x: 'z' }, false],
    ['one of two equals fails', 'x=y,z=w', { x: 'w', z: 'w' }, false],
    ['one of two not equals fails', 'x!=y,z!=w', { x: 'z', z: 'w' }, false],
    ['exists absent', 'x', { y: 'z' }, false],
    ['does not exist present', '!x', { x: 'z' }, false],
    ['greater than fails', 'x>1', { x: '0' }, false],
    ['less than fails', 'x<1', { x: '2' }, false],
    ['matching subset', 'foo=bar,baz=blah', labelset, true],
    ['missing label', 'foo=bar,foobar=bar,baz=blah', labelset, false],
    ['notin holds when absent', 'x notin (a)', undefined, true],
    ['not equals holds when absent', 'x!=a', {}, true],
    ['notin of the empty value holds when absent', 'x notin ()', { y: '' }, true],
    ['in of the empty value needs the key', 'x in ()', { y: 'baz' }, false],
    ['in of the empty value', 'x in ()', { x: '' }, true],
    ['notin', 'x in (foo),y notin (alpha)', { x: 'foo', y: 'baz' }, true],
    ['gt on a non-integer label', 'z>1', { z: 'v2' }, false],
    ['gt on a label beyond int64', 'z>1', { z: '99999999999999999999' }, false],
    ['gt on a signed label', 'z>5', { z: '+6' }, true],
    ['lt on a negative label', 'z<10', { z: '-5' }, true],
    ['gt compares beyond 2^53', 'z>9007199254740992', { z: '9007199254740993' }, true],
    ['gt absent', 'z>1', {}, false],
    ['inherited properties are not labels', 'constructor', {}, false],
    ['undefined labels match does-not-exist', '!x', undefined, true],
  ])('%s: %j', (_name, input, labels, wanted) => {
    expect(matchesLabels(parseLabelSelector(input), labels)).toBe(wanted);
  });
});
