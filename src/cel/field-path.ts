/**
 * A rule's fieldPath (ValidFieldPath, apiextensions schema/cel/validation.go): `.name` and
 * `['name']` steps through properties, or keys of additionalProperties maps (no list indexes);
 * the result is kube's field.Path text (`spec.map[key]`), appended to the node's path where the
 * rule fails. Errors carry kube's texts (`does not refer to a valid field`, ...).
 */
import type { SchemaNode } from '../schema/types.js';

export type FieldPathResult = { path: string; error?: undefined } | { path?: undefined; error: string };

/** Go's bufio split of ValidFieldPath: delimiters `.`, `[`, `]`, and single-quoted strings after `[`. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === "'") {
      let end = at + 1;
      while (end < text.length && !(text[end] === "'" && text[end - 1] !== '\\')) end++;
      tokens.push(text.slice(at, end + 1));
      at = end + 1;
      continue;
    }
    let end = at;
    while (end < text.length && !'.[]'.includes(text[end]!)) end++;
    tokens.push(end === at ? text[at]! : text.slice(at, end));
    at = end === at ? at + 1 : end;
  }
  return tokens;
}

const escapes: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', "'": "'", '\\': '\\' };

function unescapeQuoted(text: string): string {
  return text.replace(/\\./g, (match) => {
    const replacement = escapes[match[1]!];
    if (replacement === undefined) throw new Error(`invalid string literal: invalid escape char ${match}`);
    return replacement;
  });
}

/** Resolves `jsonPath` against `schema`. */
export function validFieldPath(jsonPath: string, schema: SchemaNode): FieldPathResult {
  const tokens = tokenize(jsonPath);
  let path = '';
  let node = schema;
  const step = (name: string): void => {
    if (node.properties) {
      const next = Object.hasOwn(node.properties, name) ? node.properties[name] : undefined;
      path = path ? `${path}.${name}` : name;
      if (!next) throw new Error('does not refer to a valid field');
      node = next;
    } else if (node.additionalProperties !== undefined) {
      path = `${path}[${name}]`;
      node = typeof node.additionalProperties === 'object' ? node.additionalProperties : {};
    } else throw new Error('does not refer to a valid field');
  };
  try {
    while (tokens.length) {
      const token = tokens.shift()!;
      if (token === '[') {
        const quoted = tokens.shift();
        if (quoted === undefined) throw new Error('unexpected end of JSON path');
        if (quoted.length < 2 || !quoted.startsWith("'") || !quoted.endsWith("'")) throw new Error(`expected single quoted string but got ${quoted}`);
        step(unescapeQuoted(quoted.slice(1, -1)));
        const close = tokens.shift();
        if (close === undefined) throw new Error('unexpected end of JSON path');
        if (close !== ']') throw new Error(`expected ] but got ${close}`);
      } else if (token === '.') {
        const name = tokens.shift();
        if (name === undefined) throw new Error('unexpected end of JSON path');
        step(name);
      } else throw new Error(`expected [ or . but got: ${token}`);
    }
  } catch (error) {
    return { error: (error as Error).message };
  }
  return { path };
}
