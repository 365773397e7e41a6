/**
 * YAML as kube speaks it: read with YAML 1.1 scalar resolution (kube uses go-yaml v2 via
 * sigs.k8s.io/yaml: `yes` is true, `0x1F` is 31), written from JSON with sorted keys, sequences
 * not indented under their key and double-quoted strings where quoting is needed.
 */
import { Schema, YAML11_SCHEMA, dump, load, timestampTag } from 'js-yaml';

/**
 * YAML 1.1 scalar resolution as go-yaml v2 does it for sigs.k8s.io/yaml's YAMLToJSON: booleans,
 * integers, floats and nulls, but timestamps stay strings (go-yaml resolves them only when
 * decoding into a time.Time, which YAMLToJSON never does).
 */
export const kubeYamlSchema = new Schema(YAML11_SCHEMA.tags.filter((tag) => tag !== timestampTag));

/** Parses a YAML document; throws the parser's error. Duplicate keys: the last one wins, as in go-yaml. */
export function parseYaml(text: string): unknown {
  return load(text, { schema: kubeYamlSchema, json: true });
}

/** Renders a JSON value as kube's YAML output. */
export function renderYaml(value: unknown): string {
  return dump(value, { sortKeys: true, seqNoIndent: true, quoteStyle: 'double', lineWidth: -1, noRefs: true });
}
