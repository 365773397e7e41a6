// Valid and invalid values are kube's own, from
// staging/src/k8s.io/apimachinery/pkg/util/validation/validation_test.go and
// pkg/api/validation/path/name_test.go; the exact texts are kube v1.32's (the subdomain and
// label-value texts also match golden 019 and 020).
import { describe, expect, it } from 'vitest';
import {
  byteLength,
  isConfigMapKey,
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  isValidPathSegmentName,
  isValidPathSegmentPrefix,
  regexError,
} from '../../src/apimachinery/validation/names.js';

const label1123 =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const subdomain1123 =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const label1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const qualifiedSyntax =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const labelValue =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const a = (count: number) => 'a'.repeat(count);

describe('regexError', () => {
  it.each([
    ['no examples', [], "m (regex used for validation is 'x')"],
    ['one example', ['e1'], "m (e.g. 'e1', regex used for validation is 'x')"],
    ['two examples keep Go double space', ['e1', 'e2'], "m (e.g. 'e1',  or 'e2', regex used for validation is 'x')"],
  ])('%s', (_name, examples, want) => {
    expect(regexError('m', 'x', ...examples)).toBe(want);
  });
});

describe('isDNS1123Label', () => {
  it.each(['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '012', '1a', '1-a', '1--a--b--2', a(63)])(
    'accepts %j',
    (value) => expect(isDNS1123Label(value)).toEqual([]),
  );

  it.each([
    ['empty', '', [label1123]],
    ['uppercase', 'aBc', [label1123]],
    ['trailing dash', 'a-', [label1123]],
    ['underscore', 'a_b', [label1123]],
    ['space', 'a b', [label1123]],
    ['a valid subdomain is told about its dots', 'a.b', ['must not contain dots']],
    ['leading dot is not a subdomain', '.a', [label1123]],
    ['64 bytes', a(64), ['must be no more than 63 characters']],
    ['too long and has dots', `${a(62)}.b`, ['must be no more than 63 characters', 'must not contain dots']],
    ['too long and bad', `${a(63)}_`, ['must be no more than 63 characters', label1123]],
  ])('%s', (_name, value, want) => {
    expect(isDNS1123Label(value)).toEqual(want);
  });
});

describe('isDNS1123Subdomain', () => {
  it.each(['a', 'a--1--2--b', '0.a', 'a.b.c.d.e', '11.22.33.44.55', '1--a--b--2.1', a(253)])('accepts %j', (value) => {
    expect(isDNS1123Subdomain(value)).toEqual([]);
  });

  it.each([
    ['golden 019', 'Bad_Name', [subdomain1123]],
    ['empty', '', [subdomain1123]],
    ['double dot', 'a..b', [subdomain1123]],
    ['trailing dot', 'a.', [subdomain1123]],
    ['uppercase label', 'aa.bB.cc', [subdomain1123]],
    ['percent', 'a%b', [subdomain1123]],
    ['254 bytes', a(254), ['must be no more than 253 characters']],
    ['multibyte counts bytes', `${a(252)}é`, ['must be no more than 253 characters', subdomain1123]],
  ])('%s', (_name, value, want) => {
    expect(isDNS1123Subdomain(value)).toEqual(want);
  });
});

describe('isDNS1035Label', () => {
  it.each(['a', 'ab', 'a1', 'a-1', 'a--1--2--b', a(63)])('accepts %j', (value) => {
    expect(isDNS1035Label(value)).toEqual([]);
  });

  it.each([
    ['starts with a digit', '1a', [label1035]],
    ['only digits', '012', [label1035]],
    ['dots get no special text', 'a.b', [label1035]],
    ['64 bytes', a(64), ['must be no more than 63 characters']],
  ])('%s', (_name, value, want) => {
    expect(isDNS1035Label(value)).toEqual(want);
  });
});

describe('isQualifiedName', () => {
  it.each([
    'simple',
    '1-starts-with-num',
    'now-with.dashes-and.dots/simple',
    '1.2.3.4/5678',
    'example.com/Uppercase_Is_OK_123',
    'requests.storage-foo',
    a(63),
    `${a(253)}/${'b'.repeat(63)}`,
  ])('accepts %j', (value) => {
    expect(isQualifiedName(value)).toEqual([]);
  });

  it.each([
    ['special characters', 'nospecialchars%^=@', [`name part ${qualifiedSyntax}`]],
    ['trailing dash', 'cantendwithadash-', [`name part ${qualifiedSyntax}`]],
    [
      'two slashes',
      'only/one/slash',
      [`a qualified name ${qualifiedSyntax} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`],
    ],
    ['uppercase prefix', 'Example.com/abc', [`prefix part ${subdomain1123}`]],
    ['underscore prefix', 'example_com/abc', [`prefix part ${subdomain1123}`]],
    ['empty name part', 'example.com/', ['name part must be non-empty', `name part ${qualifiedSyntax}`]],
    ['empty prefix', '/simple', ['prefix part must be non-empty']],
    ['64-byte name', a(64), ['name part must be no more than 63 characters']],
    ['254-byte prefix', `${a(254)}/abc`, ['prefix part must be no more than 253 characters']],
  ])('%s', (_name, value, want) => {
    expect(isQualifiedName(value)).toEqual(want);
  });
});

describe('isValidLabelValue', () => {
  it.each(['simple', 'now-with-dashes', 'end-with-num-1', '1234', a(63), ''])('accepts %j', (value) => {
    expect(isValidLabelValue(value)).toEqual([]);
  });

  it.each([
    ['golden 020', '-bad-', [labelValue]],
    ['non-ASCII', 'Tama-nui-te-rā.is.Māori.sun', [labelValue]],
    ['backslashes', '\\backslashes\\are\\bad', [labelValue]],
    ['ends with dot', 'ends.with.dot.', [labelValue]],
    ['64 bytes', a(64), ['must be no more than 63 characters']],
  ])('%s', (_name, value, want) => {
    expect(isValidLabelValue(value)).toEqual(want);
  });
});

describe('isConfigMapKey', () => {
  const keyFormat =
    "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";
  it.each(['a', 'good-good', '.so.is.this', 'THIS_IS_GOOD', 'so_is_this_17'])('accepts %j', (value) => {
    expect(isConfigMapKey(value)).toEqual([]);
  });

  it.each([
    ['dot', '.', ["must not be '.'"]],
    ['dot dot', '..', ["must not be '..'"]],
    ['dot dot prefix', '..bad', ["must not start with '..'"]],
    ['star', 'b*d', [keyFormat]],
  ])('%s', (_name, value, want) => {
    expect(isConfigMapKey(value)).toEqual(want);
  });
});

describe('path segment names', () => {
  it.each([
    ['plain', 'anything:Goes_Here.1', []],
    ['dot', '.', ["may not be '.'"]],
    ['dot dot', '..', ["may not be '..'"]],
    ['slash and percent', 'a/b%c', ["may not contain '/'", "may not contain '%'"]],
    ['dots inside are fine', '...', []],
  ])('name %s', (_name, value, want) => {
    expect(isValidPathSegmentName(value)).toEqual(want);
  });

  it.each([
    ['dot is fine as a prefix', '.', []],
    ['slash', 'a/', ["may not contain '/'"]],
  ])('prefix %s', (_name, value, want) => {
    expect(isValidPathSegmentPrefix(value)).toEqual(want);
  });
});

describe('byteLength (Go len: UTF-8 bytes)', () => {
  it.each([['', 0], ['abc', 3], ['ä', 2], ['a€b', 5], ['😀', 4]])('%j is %i bytes', (value, length) => {
    expect(byteLength(value)).toBe(length);
  });
});
