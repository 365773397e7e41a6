/**
 * A JSON value as YAML text, as gnostic writes the `Any.yaml` of a vendor extension, enum value
 * or default (compiler.Marshal: go-yaml v3 `yaml.Marshal` of the node parsed from JSON, styles
 * cleared). go-yaml v3's emitter: block style; a collection under a key indented to the next
 * multiple of 4; a mapping or sequence inside a sequence item starts after the `- ` (2 more);
 * empty collections as `{}` and `[]`; no line wrapping. Scalars: ./yaml-scalars.ts.
 */
import { scalarText } from './yaml-scalars.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** go-yaml v3's default indentation. */
const bestIndent = 4;

/** The YAML document of one JSON value, with its final newline. */
export function yamlText(value: unknown): string {
  const json = value as Json;
  const lines = isCollection(json) ? collectionLines(json, 0) : [scalarText(json, ' '.repeat(bestIndent))];
  return `${lines.join('\n')}\n`;
}

/** The column of a collection nested under a mapping key: the next multiple of 4 (go-yaml v3). */
const aligned = (column: number): number => bestIndent * Math.floor((column + bestIndent) / bestIndent);

function isCollection(value: Json): value is Json[] | { [key: string]: Json } {
  if (value === null || typeof value !== 'object') return false;
  return Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0;
}

/** The lines of a non-empty mapping or sequence whose keys or dashes start at `column`. */
function collectionLines(value: Json[] | { [key: string]: Json }, column: number): string[] {
  return Array.isArray(value) ? sequenceLines(value, column) : mappingLines(value, column);
}

function mappingLines(mapping: { [key: string]: Json }, column: number): string[] {
  const pad = ' '.repeat(column);
  const lines: string[] = [];
  for (const [key, item] of Object.entries(mapping)) {
    const keyText = scalarText(key, '');
    if (isCollection(item)) lines.push(`${pad}${keyText}:`, ...collectionLines(item, aligned(column)));
    else lines.push(`${pad}${keyText}: ${scalarText(item, ' '.repeat(aligned(column)))}`);
  }
  return lines;
}

function sequenceLines(items: Json[], column: number): string[] {
  const pad = ' '.repeat(column);
  const lines: string[] = [];
  for (const item of items) {
    if (!isCollection(item)) {
      lines.push(`${pad}- ${scalarText(item, ' '.repeat(column + 2))}`);
      continue;
    }
    const nested = collectionLines(item, column + 2);
    lines.push(`${pad}- ${nested[0]!.slice(column + 2)}`, ...nested.slice(1));
  }
  return lines;
}
