/**
 * cel.ValidFieldPath (apiextensions-apiserver pkg/apiserver/schema/cel/validation.go): a JSON
 * path such as `.spec.items['a.b']` or `.spec.list[0]` resolved against a structural schema,
 * with kube's error texts. Used by x-kubernetes-validations fieldPath and selectableFields.
 */
import { itemsSchema, orBool, propertyOf, schemaEntries, type SchemaProps } from './schema-props.js';

export type FieldPathResult =
  | { ok: true; path: string; root: string; schema: SchemaProps | undefined }
  | { ok: false; error: string };

/** Splits into '.', '[', ']' and the text between them; a single-quoted key is one token. */
function tokenize(jsonPath: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < jsonPath.length; index++) {
    const ch = jsonPath[index]!;
    if (quoted && ch === '\\') {
      current += ch + (jsonPath[++index] ?? '');
      continue;
    }
    if (ch === "'") quoted = !quoted;
    if (quoted || !'.[]'.includes(ch)) {
      current += ch;
      continue;
    }
    if (current) tokens.push(current);
    tokens.push(ch);
    current = '';
  }
  return current ? [...tokens, current] : tokens;
}

/** unescapeSingleQuote: `\'` and `\\` escapes inside a quoted key. */
function unquote(token: string): string | undefined {
  if (token.length < 2 || !token.startsWith("'") || !token.endsWith("'")) return undefined;
  return token.slice(1, -1).replace(/\\(['\\])/g, '$1');
}

interface Cursor {
  schema: SchemaProps | undefined;
  segments: string[];
}

/** Steps into a named property or a map key; undefined when the schema has neither. */
function step(cursor: Cursor, name: string): string | undefined {
  const schema = cursor.schema ?? {};
  if (schemaEntries(schema.properties).length > 0) {
    const property = propertyOf(schema, name);
    if (!property) return 'does not refer to a valid field';
    cursor.schema = property;
    cursor.segments.push(cursor.segments.length === 0 ? name : `.${name}`);
    return undefined;
  }
  const additional = orBool(schema.additionalProperties);
  if (!additional) return 'does not refer to a valid field';
  cursor.schema = additional.schema;
  cursor.segments.push(`[${name}]`);
  return undefined;
}

/** ValidFieldPath; `allowArrayNotation` permits `[N]` on lists (the default in kube). */
export function validFieldPath(jsonPath: string, root: SchemaProps, allowArrayNotation = true): FieldPathResult {
  const tokens = tokenize(jsonPath);
  const cursor: Cursor = { schema: root, segments: [] };
  let rootName = '';
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const next = tokens[++index];
    if (next === undefined) return { ok: false, error: 'unexpected end of JSON path' };
    let error: string | undefined;
    if (token === '.') {
      error = step(cursor, next);
    } else if (token === '[') {
      error = bracketStep(cursor, next, allowArrayNotation);
      if (!error && tokens[++index] !== ']') {
        return tokens[index] === undefined ? { ok: false, error: 'unexpected end of JSON path' } : { ok: false, error: `expected ] but got ${tokens[index]}` };
      }
    } else {
      return { ok: false, error: `expected [ or . but got: ${token}` };
    }
    if (error) return { ok: false, error };
    if (rootName === '') rootName = cursor.segments[0] ?? '';
  }
  return { ok: true, path: cursor.segments.join(''), root: rootName, schema: cursor.schema };
}

function bracketStep(cursor: Cursor, token: string, allowArrayNotation: boolean): string | undefined {
  const items = cursor.schema ? itemsSchema(cursor.schema) : undefined;
  if (allowArrayNotation && /^[0-9]+$/.test(token) && items) {
    cursor.schema = items;
    cursor.segments.push(`[${token}]`);
    return undefined;
  }
  const key = unquote(token);
  if (key === undefined) return `expected single quoted string but got ${token}`;
  return step(cursor, key);
}
