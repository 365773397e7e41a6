/**
 * YAML as kube speaks it: read with YAML 1.1 scalar resolution (kube uses go-yaml v2 via
 * sigs.k8s.io/yaml: `yes` is true, `0x1F` is 31), written from JSON with sorted keys, sequences
 * not indented under their key and double-quoted strings where quoting is needed.
 */
import { YAML11_SCHEMA, dump, load } from 'js-yaml';

/** Parses a YAML document; throws the parser's error. Duplicate keys: the last one wins, as in go-yaml. */
export function parseYaml(text: string): unknown {
  return load(text, { schema: YAML11_SCHEMA, json: true });
}

/** Renders a JSON value as kube's YAML output. */
export function renderYaml(value: unknown): string {
  return dump(value, { sortKeys: true, seqNoIndent: true, quoteStyle: 'double', lineWidth: -1, noRefs: true });
}
