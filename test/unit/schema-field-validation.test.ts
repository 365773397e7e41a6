// The fieldValidation texts end to end, from request body to kube's message or Warning headers:
// golden 024 (Strict, unknown fields), 025 (Warn, header), 026 (Strict, duplicate field), 069
// (type error), plus the YAML path (parseYAMLWarnings) and the warning recorder's limits.
import { describe, expect, it } from 'vitest';
import { checkObject } from '../../src/schema/decode-check.js';
import {
  WarningRecorder, fieldValidationErrors, strictDecodingErrors, strictDecodingFailure, strictDecodingMessage, warningHeaderValue, warningTexts,
} from '../../src/schema/field-validation.js';
import { parseJsonStrict } from '../../src/schema/json-strict.js';
import { parseYamlStrict } from '../../src/schema/yaml-strict.js';

const nodeModule = (name: string): Promise<any> => import(name);
const { readFileSync } = await nodeModule('node:fs');
const golden = (file: string): any =>
  JSON.parse(readFileSync(new URL(`../../reference/golden/kube-v1.32.13/${file}`, (import.meta as unknown as { url: string }).url), 'utf8'));

/** What the request pipeline does with a body: decode, check, collect strict errors. */
function strictErrorsOf(body: string, yaml = false, group = '', kind = 'ConfigMap') {
  const decoded = yaml ? parseYamlStrict(body) : parseJsonStrict(body);
  const check = checkObject(group, 'v1', kind, decoded.value, { ...decoded, prune: true });
  return { check, errors: strictDecodingErrors(decoded, check), value: decoded.value };
}

const bodyText = (exchange: any): string => (typeof exchange.request.body === 'string' ? exchange.request.body : JSON.stringify(exchange.request.body));

describe('golden exchanges', () => {
  it.each([
    ['024-configmap-create-unknown-field-strict.json'],
    ['026-configmap-create-duplicate-field-strict.json'],
  ])('%s: the Strict 400 message', (file) => {
    const exchange = golden(file);
    const { errors } = strictErrorsOf(bodyText(exchange));
    expect(strictDecodingFailure('ConfigMap', 'v1', errors)).toBe(exchange.response.body.message);
  });

  it('025: the Warn header, and the stored object without the unknown field', () => {
    const exchange = golden('025-configmap-create-unknown-field-warn.json');
    const { errors, value } = strictErrorsOf(bodyText(exchange));
    const recorder = new WarningRecorder();
    for (const text of warningTexts(errors)) recorder.add(text);
    expect(recorder.values()).toEqual([exchange.response.headers.warning]);
    expect((value as { data: unknown }).data).toEqual(exchange.response.body.data);
    expect(value).not.toHaveProperty('bogus');
  });

  it('069: a type error is the 400 reason, not a strict error', () => {
    const exchange = golden('069-pod-create-wrong-type.json');
    const { check } = strictErrorsOf(bodyText(exchange), false, '', 'Pod');
    expect(`Pod in version "v1" cannot be handled as a Pod: ${check.typeError}`).toBe(exchange.response.body.message);
  });
});

describe('YAML bodies', () => {
  const body = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: a', 'data:', '  a: "1"', '  a: "2"', 'bogus: 1', ''].join('\n');

  it('Strict: go-yaml\'s error first (newlines kept), then the JSON decoder\'s', () => {
    const { errors } = strictErrorsOf(body, true);
    expect(strictDecodingFailure('ConfigMap', 'v1', errors)).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: yaml: unmarshal errors:\n  line 7: key "a" already set in map, unknown field "bogus"',
    );
  });

  it('Warn: one warning per YAML error line, prefix dropped', () => {
    const { errors } = strictErrorsOf(body, true);
    expect(warningTexts(errors)).toEqual(['line 7: key "a" already set in map', 'unknown field "bogus"']);
  });
});

describe('texts', () => {
  it.each([
    ['duplicates then unknown fields', ['data.a'], ['spec.x'], ['duplicate field "data.a"', 'unknown field "spec.x"']],
    ['Go quoting', [], ['a"b', 'tab\there'], ['unknown field "a\\"b"', 'unknown field "tab\\there"']],
    ['none', [], [], []],
  ])('fieldValidationErrors: %s', (_name, duplicates, unknown, expected) => {
    expect(fieldValidationErrors(duplicates, unknown)).toEqual(expected);
  });

  it('strictDecodingMessage joins with ", "', () => {
    expect(strictDecodingMessage(['unknown field "metadata.bogus2"', 'unknown field "bogus"']))
      .toBe('strict decoding error: unknown field "metadata.bogus2", unknown field "bogus"');
  });

  it.each([
    ['golden 025', 'unknown field "bogus"', '299 - "unknown field \\"bogus\\""'],
    ['backslash', 'a\\b', '299 - "a\\\\b"'],
    ['non-ASCII kept', 'unknown field "é"', '299 - "unknown field \\"é\\""'],
    ['control characters are refused', 'a\nb', null],
  ])('warningHeaderValue: %s', (_name, text, expected) => {
    expect(warningHeaderValue(text)).toBe(expected);
  });

  it.each([
    ['error converting YAML to JSON: yaml: unmarshal errors:\n  line 2: key "a" already set in map', ['line 2: key "a" already set in map']],
    ['unknown field "x"', ['unknown field "x"']],
  ])('warningTexts(%j)', (error, expected) => {
    expect(warningTexts([error])).toEqual(expected);
  });
});

describe('WarningRecorder', () => {
  it('drops empty and repeated texts', () => {
    const recorder = new WarningRecorder();
    for (const text of ['a', '', 'b', 'a']) recorder.add(text);
    expect(recorder.values()).toEqual(['299 - "a"', '299 - "b"']);
  });

  it('past 4096 runes in total, cuts every warning to 256 runes and rebuilds the headers', () => {
    const recorder = new WarningRecorder();
    const long = (letter: string) => letter.repeat(1500);
    for (const letter of ['a', 'b', 'c']) recorder.add(long(letter));
    expect(recorder.values()).toEqual(['a', 'b', 'c'].map((letter) => `299 - "${letter.repeat(256)}"`));
  });

  it('keeps texts whole while under the limit', () => {
    const recorder = new WarningRecorder();
    recorder.add('x'.repeat(4000));
    recorder.add('short');
    expect(recorder.values()).toEqual([`299 - "${'x'.repeat(4000)}"`, '299 - "short"']);
  });
});
