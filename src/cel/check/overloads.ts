/**
 * Function declarations written as signatures (`list(A).indexOf(A) -> int`, `(string) -> URL`,
 * an optional `#overload_id`), parsed once into overloads the checker resolves against argument
 * types. Single capital letters are type parameters; URL, Quantity, IP, CIDR and Format are the
 * Kubernetes library types.
 */
import { listOf, mapOf, optionalOf, prim, typeOf, type CheckType, type PrimName } from './types.js';

export interface Overload {
  /** The function name (`_+_`, `size`, `optional.of`). */
  name: string;
  /** cel-go style id (`string_to_ip`) when it matters for costs; else the signature text. */
  id: string;
  receiver?: CheckType;
  params: CheckType[];
  result: CheckType;
}

const opaqueNames: Record<string, string> = {
  URL: 'kubernetes.URL', Quantity: 'kubernetes.Quantity', IP: 'net.IP', CIDR: 'net.CIDR', Format: 'kubernetes.NamedFormat',
};
const primNames = new Set<string>(['int', 'uint', 'double', 'bool', 'string', 'bytes', 'null', 'duration', 'timestamp', 'dyn']);

/** Parses one type of the signature syntax. */
function parseType(tokens: string[]): CheckType {
  const word = tokens.shift()!;
  const peek = (): string | undefined => tokens[0];
  const args = (): CheckType[] => {
    if (peek() !== '(') return [];
    tokens.shift();
    const list: CheckType[] = [];
    while (peek() !== ')') {
      list.push(parseType(tokens));
      if (peek() === ',') tokens.shift();
    }
    tokens.shift();
    return list;
  };
  if (word === 'list') return listOf(args()[0]!);
  if (word === 'map') { const [key, value] = args(); return mapOf(key!, value!); }
  if (word === 'optional') return optionalOf(args()[0]!);
  if (word === 'type') return typeOf(args()[0]!);
  if (primNames.has(word)) return prim(word as PrimName);
  if (opaqueNames[word]) return { k: 'opaque', name: opaqueNames[word] };
  if (/^[A-Z]$/.test(word)) return { k: 'param', name: word };
  throw new Error(`bad signature type ${word}`);
}

const tokenize = (text: string): string[] => text.match(/[A-Za-z_][A-Za-z0-9_]*|[(),]/g) ?? [];

/** Parses `[receiver.](params) -> result [#id]` for function `name`. */
export function parseOverload(name: string, signature: string): Overload {
  const [body, id] = signature.split('#').map((part) => part.trim()) as [string, string | undefined];
  const [left, right] = body.split('->').map((part) => part.trim()) as [string, string];
  const dot = left.indexOf('.(');
  const open = dot === -1 ? 0 : dot + 1;
  const receiverText = dot === -1 ? '' : left.slice(0, dot);
  const params = tokenize(left.slice(open + 1, -1));
  const list: CheckType[] = [];
  while (params.length) {
    list.push(parseType(params));
    if (params[0] === ',') params.shift();
  }
  return {
    name, id: id ?? `${name}${signature}`, params: list, result: parseType(tokenize(right)),
    ...(receiverText ? { receiver: parseType(tokenize(receiverText)) } : {}),
  };
}

/** Builds the overload table of a declaration map. */
export function declareAll(declarations: Record<string, readonly string[]>): Map<string, Overload[]> {
  const table = new Map<string, Overload[]>();
  for (const [name, signatures] of Object.entries(declarations)) {
    table.set(name, [...(table.get(name) ?? []), ...signatures.map((signature) => parseOverload(name, signature))]);
  }
  return table;
}
