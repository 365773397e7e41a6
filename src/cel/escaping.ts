/**
 * Property names as CEL identifiers (k8s.io/apiserver/pkg/cel/escaping.go): CEL's reserved words
 * become `__word__`, and `__`, `.`, `-`, `/` become `__underscores__`, `__dot__`, `__dash__`,
 * `__slash__`. Names starting with a digit or holding any other character cannot be escaped and
 * are not visible to rules (they still count in equality and sizes).
 */

const reservedSymbols = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if',
  'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

const escapes: Record<string, string> = { __: '__underscores__', '.': '__dot__', '-': '__dash__', '/': '__slash__' };
const unescapes: Record<string, string> = Object.fromEntries(Object.entries(escapes).map(([raw, escaped]) => [escaped, raw]));

/** The CEL identifier for a property name, or undefined when it cannot be escaped. */
export function escapeName(name: string): string | undefined {
  if (name.length === 0 || /^[0-9]/.test(name)) return undefined;
  if (reservedSymbols.has(name)) return `__${name}__`;
  if (/[^a-zA-Z0-9_./-]/.test(name)) return undefined;
  return name.replace(/__|[./-]/g, (match) => escapes[match]!);
}

/** The property name of a CEL identifier (Unescape), or undefined when it is not a valid escape. */
export function unescapeName(ident: string): string | undefined {
  if (ident.length > 4 && ident.startsWith('__') && ident.endsWith('__') && reservedSymbols.has(ident.slice(2, -2))) {
    return ident.slice(2, -2);
  }
  return ident.replace(/__underscores__|__dot__|__dash__|__slash__/g, (match) => unescapes[match]!);
}
