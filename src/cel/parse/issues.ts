/**
 * Compile issues rendered as cel-go's Errors.ToDisplayString: `ERROR: <input>:L:C: message`, then
 * the source line and a caret under the column (columns count runes; wide runes print as
 * fullwidth dots), issues sorted by position and joined by newlines.
 */

export interface Issue {
  /** Offset in the original source (UTF-16 code units). */
  offset: number;
  message: string;
}

/** Line (1-based), column (0-based, in runes) and the line's text for an offset. */
function locate(source: string, offset: number): { line: number; column: number; text: string } {
  const before = source.slice(0, Math.max(0, Math.min(offset, source.length)));
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.split('\n').length;
  const end = source.indexOf('\n', lineStart);
  return { line, column: [...before.slice(lineStart)].length, text: source.slice(lineStart, end === -1 ? source.length : end) };
}

/** One issue as cel-go displays it. */
function displayIssue(source: string, issue: Issue): string {
  const { line, column, text } = locate(source, issue.offset);
  const snippet = text.replace(/\t/g, ' ');
  const runes = [...snippet];
  const wide = (rune: string | undefined): boolean => rune !== undefined && new TextEncoder().encode(rune).length > 1;
  const dots = runes.slice(0, column).map((rune) => (wide(rune) ? '\uff0e' : '.')).join('');
  const caret = wide(runes[column]) ? '\uff3e' : '^';
  return `ERROR: <input>:${line}:${column + 1}: ${issue.message}\n | ${snippet}\n | ${dots}${caret}`;
}

/** All issues, as issues.String() prints them. */
export function displayIssues(source: string, issues: readonly Issue[]): string {
  return [...issues].sort((a, b) => a.offset - b.offset).map((issue) => displayIssue(source, issue)).join('\n');
}
