/**
 * cel-go's optional syntax (`a.?b`, `a[?i]`, `[?x]`, `{?k: v}`) for @bufbuild/cel's parser, which
 * does not know it: the source is rewritten into plain CEL with marker names that ast.ts turns
 * back into cel-go's `_?._` / `_[?_]` calls and optional list and map entries. `offsetOf` maps an
 * offset of the rewritten text back to the original, so error positions stay the user's.
 * Markers cannot collide with field names: kube escapes every `__` of a property name.
 */

export const optionalSelectMarker = '__k8sopt__';
export const optionalIndexMarker = '__k8soptindex__';
export const optionalEntryMarker = '__k8soptentry__';

export interface RewrittenSource {
  text: string;
  /** The original offset of an offset in `text`. */
  offsetOf(rewritten: number): number;
}

interface Bracket {
  open: string;
  /** This bracket is an optional index: its `]` closes the marker call. */
  index: boolean;
  /** An optional entry wrapper is open inside this bracket. */
  entryOpen: boolean;
}

const identStart = /[A-Za-z_]/;
const identPart = /[A-Za-z0-9_]/;
/** Tokens after which `[` indexes rather than opens a list. */
const endsOperand = (last: string): boolean => /[A-Za-z0-9_)\]}'"]/.test(last);

/** Skips a string literal starting at `at` (after any r/b prefix); returns the offset after it. */
function skipString(source: string, at: number, raw: boolean): number {
  const quote = source.startsWith(source[at]!.repeat(3), at) ? source[at]!.repeat(3) : source[at]!;
  let position = at + quote.length;
  while (position < source.length && !source.startsWith(quote, position)) position += !raw && source[position] === '\\' ? 2 : 1;
  return Math.min(source.length, position + quote.length);
}

/** Rewrites cel-go optional syntax; text without it is returned unchanged. */
export function rewriteOptionalSyntax(source: string): RewrittenSource {
  if (!source.includes('?')) return { text: source, offsetOf: (offset) => offset };
  const out: string[] = [];
  const anchors: [number, number][] = [[0, 0]];
  let length = 0;
  const emit = (text: string, originalAfter: number): void => {
    out.push(text);
    length += text.length;
    anchors.push([length, originalAfter]);
  };
  const stack: Bracket[] = [];
  let last = '';
  let at = 0;
  const skipSpace = (from: number): number => {
    let position = from;
    while (position < source.length && /\s/.test(source[position]!)) position++;
    return position;
  };
  const closeEntry = (): void => {
    const top = stack[stack.length - 1];
    if (top?.entryOpen) {
      emit(')', at);
      top.entryOpen = false;
    }
  };
  while (at < source.length) {
    const ch = source[at]!;
    const prefixed = /^[rRbB]{1,2}['"]/.exec(source.slice(at, at + 3));
    if (ch === '/' && source[at + 1] === '/') {
      const end = source.indexOf('\n', at);
      const stop = end === -1 ? source.length : end;
      emit(source.slice(at, stop), stop);
      at = stop;
    } else if (ch === "'" || ch === '"' || (prefixed && identStart.test(ch) && !identPart.test(last))) {
      const start = prefixed ? at + prefixed[0].length - 1 : at;
      const stop = skipString(source, start, prefixed !== null && /[rR]/.test(prefixed[0]));
      emit(source.slice(at, stop), stop);
      at = stop;
      last = "'";
    } else if (ch === '.' && source[skipSpace(at + 1)] === '?') {
      const name = skipSpace(skipSpace(at + 1) + 1);
      emit(`.${optionalSelectMarker}`, name);
      at = name;
      last = '.';
    } else if (ch === '[' || ch === '{' || ch === '(') {
      const next = skipSpace(at + 1);
      const index = ch === '[' && endsOperand(last);
      const entry = ch !== '(' && source[next] === '?';
      stack.push({ open: ch, index: index && entry, entryOpen: !index && entry });
      emit(entry ? `${ch}${index ? optionalIndexMarker : optionalEntryMarker}(` : ch, entry ? next + 1 : at + 1);
      at = entry ? next + 1 : at + 1;
      last = ch;
    } else if (ch === ']' || ch === '}' || ch === ')') {
      closeEntry();
      const top = stack.pop();
      emit(top?.index ? `)${ch}` : ch, at + 1);
      at++;
      last = ch;
    } else if (ch === ',' || (ch === ':' && stack[stack.length - 1]?.open === '{')) {
      closeEntry();
      const next = skipSpace(at + 1);
      const top = stack[stack.length - 1];
      const entry = ch === ',' && top !== undefined && top.open !== '(' && !top.index && source[next] === '?';
      emit(entry ? `${ch}${optionalEntryMarker}(` : ch, entry ? next + 1 : at + 1);
      if (entry) top.entryOpen = true;
      at = entry ? next + 1 : at + 1;
      last = ch;
    } else {
      emit(ch, at + 1);
      if (!/\s/.test(ch)) last = ch;
      at++;
    }
  }
  return { text: out.join(''), offsetOf: (offset) => originalOffset(anchors, offset) };
}

/** Maps a rewritten offset through the anchors (each: rewritten end, original end of one emitted piece). */
function originalOffset(anchors: [number, number][], offset: number): number {
  for (let index = 1; index < anchors.length; index++) {
    const [end, originalEnd] = anchors[index]!;
    if (offset < end) {
      const [start, originalStart] = anchors[index - 1]!;
      return Math.min(originalStart + (offset - start), originalEnd);
    }
  }
  return anchors[anchors.length - 1]![1];
}
