/**
 * Parsing a rule: @bufbuild/cel's parser on the source with cel-go's optional syntax rewritten
 * (optional-syntax.ts), then the plain AST (ast.ts). Syntax errors read `Syntax error: <text>` at
 * the parser's position, as cel-go's do; the text after the prefix is @bufbuild/cel's (peggy)
 * wording, not ANTLR's (`found + but expecting end of input` where cel-go says
 * `mismatched input '<EOF>' expecting ...`), a documented deviation.
 */
import { parse } from '@bufbuild/cel';
import { toNode, UnsupportedSyntax, type Node } from './ast.js';
import type { Issue } from './issues.js';
import { rewriteOptionalSyntax } from './optional-syntax.js';

export type ParseResult = { node: Node; issues?: undefined } | { node?: undefined; issues: Issue[] };

interface PeggyError {
  rawMessage?: string;
  message: string;
  location?: { start?: { offset?: number } };
}

/** Parses a rule or message expression. */
export function parseExpression(source: string): ParseResult {
  const rewritten = rewriteOptionalSyntax(source);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(rewritten.text);
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as PeggyError;
    const offset = rewritten.offsetOf(cause.location?.start?.offset ?? 0);
    const text = (cause.rawMessage ?? cause.message).replace(/^<input>:\d+:\d+: /, '');
    return { issues: [{ offset, message: `Syntax error: ${text}` }] };
  }
  const positions = parsed.sourceInfo?.positions ?? {};
  const offsetOf = (id: number): number => rewritten.offsetOf(Number(positions[id] ?? 0));
  try {
    return { node: toNode(parsed.expr, offsetOf) };
  } catch (error) {
    if (error instanceof UnsupportedSyntax) return { issues: [{ offset: error.offset, message: error.message }] };
    throw error;
  }
}
