/**
 * Field selectors as k8s.io/apimachinery/pkg/fields/selector.go (v1.32) parses, matches and
 * prints them: comma-separated `field=value`, `field==value`, `field!=value` terms; in values,
 * `\,` `\=` `\\` escape the three special characters. Field names take no escapes.
 * A parsed selector is plain JSON data, so it can cross a Durable Object RPC boundary.
 */
import { SelectorParseError } from './errors.js';
import { compareGoStrings } from './go-strings.js';

export { SelectorParseError } from './errors.js';

export type FieldOperator = '=' | '==' | '!=';

/** One term; `value` is unescaped. */
export interface FieldRequirement {
  field: string;
  operator: FieldOperator;
  value: string;
}

/** The AND of its requirements, in kube's order (raw terms sorted); none selects everything. */
export interface FieldSelector {
  requirements: FieldRequirement[];
}

/** fields.ParseSelector. The empty string selects everything. */
export function parseFieldSelector(text: string): FieldSelector {
  const requirements: FieldRequirement[] = [];
  for (const term of splitTerms(text).sort(compareGoStrings)) {
    if (term === '') continue;
    const parts = splitTerm(term);
    if (!parts) throw new SelectorParseError(`invalid selector: '${text}'; can't understand '${term}'`);
    const value = unescapeFieldValue(parts.value);
    // Quirk: Transform turns a term whose field and value are both empty into Everything, so `=` selects all.
    if (parts.field === '' && value === '') continue;
    requirements.push({ field: parts.field, operator: parts.operator, value });
  }
  return { requirements };
}

// Splits on commas not escaped by a backslash; escapes stay in the terms.
function splitTerms(text: string): string[] {
  if (text === '') return [];
  const terms: string[] = [];
  let start = 0;
  let escaped = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (escaped) escaped = false;
    else if (character === '\\') escaped = true;
    else if (character === ',') {
      terms.push(text.slice(start, index));
      start = index + 1;
    }
  }
  terms.push(text.slice(start));
  return terms;
}

// `!=` before `==` before `=`, at the first position where any of them starts.
const termOperators: FieldOperator[] = ['!=', '==', '='];

function splitTerm(term: string): { field: string; operator: FieldOperator; value: string } | undefined {
  for (let index = 0; index < term.length; index++) {
    const operator = termOperators.find((candidate) => term.startsWith(candidate, index));
    if (operator) return { field: term.slice(0, index), operator, value: term.slice(index + operator.length) };
  }
  return undefined;
}

/**
 * fields.UnescapeValue. Quirk kept: an unescaped `=` or `,` is reported by its code point in
 * decimal (Go's %v of a rune), e.g. `unescaped character in value: 61`.
 */
export function unescapeFieldValue(text: string): string {
  let value = '';
  let escaped = false;
  for (const character of text) {
    if (escaped) {
      if (character !== '\\' && character !== ',' && character !== '=') {
        throw new SelectorParseError(`invalid field selector: invalid escape sequence: \\${character}`);
      }
      value += character;
      escaped = false;
    } else if (character === '\\') escaped = true;
    else if (character === ',' || character === '=') {
      throw new SelectorParseError(`invalid field selector: unescaped character in value: ${character.codePointAt(0)}`);
    } else value += character;
  }
  if (escaped) throw new SelectorParseError('invalid field selector: invalid escape sequence: \\');
  return value;
}

/** fields.EscapeValue: the inverse of unescapeFieldValue. */
export function escapeFieldValue(value: string): string {
  return value.replace(/[\\,=]/g, (character) => `\\${character}`);
}

/** Selector.Matches: a field absent from the set has the value "" (fields.Set.Get). */
export function matchesFields(selector: FieldSelector, fields: Record<string, string>): boolean {
  return selector.requirements.every(({ field, operator, value }) => {
    const actual = Object.hasOwn(fields, field) ? fields[field]! : '';
    return operator === '!=' ? actual !== value : actual === value;
  });
}

/** Selector.String(): `field=value` terms with escaped values; `==` prints as `=`. */
export function fieldSelectorText(selector: FieldSelector): string {
  return selector.requirements
    .map(({ field, operator, value }) => `${field}${operator === '!=' ? '!=' : '='}${escapeFieldValue(value)}`)
    .join(',');
}

/**
 * Selector.RequiresExactMatch: the value an `=`/`==` term demands of the field, if any;
 * lets storage serve `metadata.name=x` as a single-key read.
 */
export function fieldSelectorExactMatch(selector: FieldSelector, field: string): string | undefined {
  return selector.requirements.find((requirement) => requirement.field === field && requirement.operator !== '!=')?.value;
}
