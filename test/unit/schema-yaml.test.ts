// parseYamlStrict: the value parseYaml returns, and go-yaml v2's strict error for repeated keys
// (sigs.k8s.io/yaml YAMLToJSONStrict): `line N` is the line of the repeated key's value, keys
// print with %#v, errors inside a value come before its own key's.
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/apimachinery/yaml.js';
import { parseYamlStrict } from '../../src/schema/yaml-strict.js';

const yaml = (lines: string[]): string => `${lines.join('\n')}\n`;

describe('parseYamlStrict value', () => {
  it.each([
    ['configmap', yaml(['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: a', 'data:', '  a: "1"'])],
    ['YAML 1.1 scalars', yaml(['a: yes', 'b: 0x1F', 'c: ~', 'd: 1.5', 'e: !!str 5'])],
    ['repeated key: last wins', yaml(['a: 1', 'a: 2'])],
    ['anchors and merge', yaml(['base: &b {x: 1, y: 2}', 'derived:', '  <<: *b', '  y: 3'])],
    ['block scalars', yaml(['a: |', '  line one', '  line two', 'b: >-', '  folded'])],
  ])('%s: same value as parseYaml', (_name, text) => {
    expect(parseYamlStrict(text).value).toEqual(parseYaml(text));
  });

  it.each([
    ['empty input', ''],
    ['two documents', yaml(['a: 1', '---', 'b: 2'])],
    ['syntax error', yaml(['a: [1', 'b: 2'])],
  ])('%s: throws as parseYaml does', (_name, text) => {
    let expected: unknown;
    try {
      parseYaml(text);
    } catch (error) {
      expected = error;
    }
    expect(expected).toBeInstanceOf(Error);
    expect(() => parseYamlStrict(text)).toThrow((expected as Error).message);
  });
});

describe('parseYamlStrict repeated keys', () => {
  it.each([
    ['none', yaml(['a: 1', 'b:', '  a: 2']), undefined, []],
    ['the brief\'s example', yaml(['apiVersion: v1', 'data:', '  a: "1"', '  a: "2"']),
      ['line 4: key "a" already set in map'], ['data.a']],
    ['value on the next line: the value\'s line counts', yaml(['a:', '  x: 1', 'a:', '  y: 2']),
      ['line 4: key "a" already set in map'], ['a']],
    ['inner repeat reported before the outer one', yaml(['a:', '  x: 1', '  x: 2', 'a: 3']),
      ['line 3: key "x" already set in map', 'line 4: key "a" already set in map'], ['a.x', 'a']],
    ['empty value: the key\'s line', yaml(['c: 1', 'c:', 'd: 2']),
      ['line 2: key "c" already set in map'], ['c']],
    ['block scalar: the indicator\'s line', yaml(['b: x', 'b: |', '  text']),
      ['line 2: key "b" already set in map'], ['b']],
    ['in a list item', yaml(['items:', '- name: a', '  name: b']),
      ['line 3: key "name" already set in map'], ['items[0].name']],
    ['flow mapping', yaml(['m: {k: 1, k: 2}']), ['line 1: key "k" already set in map'], ['m.k']],
    ['integer keys print bare', yaml(['1: a', '1: b']), ['line 2: key 1 already set in map'], ['1']],
    ['quoted and plain 1 differ', yaml(['"1": a', '1: b']), undefined, []],
    ['booleans resolve first', yaml(['yes: a', 'true: b']), ['line 2: key true already set in map'], ['true']],
    ['null key', yaml(['~: a', 'null: b']), ['line 2: key <nil> already set in map'], ['null']],
    ['key overriding a merged key', yaml(['base: &b {k: 1}', 'x:', '  <<: *b', '  k: 2']),
      ['line 4: key "k" already set in map'], ['x.k']],
    ['merge of two anchors sharing a key', yaml(['a: &a {k: 1}', 'b: &b {k: 2}', 'c:', '  <<: [*a, *b]']),
      ['line 1: key "k" already set in map'], ['c.k']],
  ])('%s', (_name, text, lines, paths) => {
    const decoded = parseYamlStrict(text);
    expect(decoded.yamlError).toBe(lines && `yaml: unmarshal errors:\n${lines.map((line) => `  ${line}`).join('\n')}`);
    expect(decoded.duplicates).toEqual(paths);
    expect(decoded.duplicateFields).toEqual([]);
  });
});
