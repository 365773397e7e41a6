/**
 * cel-go's runtime error texts for @bufbuild/cel's messages, so rule errors read as kube's
 * (`division by zero`, `integer overflow`, `no such key: x`). Messages without a known cel-go
 * counterpart are kept as they are.
 */

const translations: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^int divide by zero/, () => 'division by zero'],
  [/^\w+ modulus by zero/, () => 'modulus by zero'],
  [/^uint overflow/, () => 'unsigned integer overflow'],
  [/overflow/, () => 'integer overflow'],
  [/^index (-?\d+) out of bounds/, (match) => `index out of bounds: ${match[1]}`],
  [/^field not found: (.*)$/, (match) => `no such key: ${match[1]}`],
  [/^found no matching overload/, () => 'no such overload'],
  [/^unbound function/, () => 'no such overload'],
  [/^Cannot convert (.*) to a BigInt$/, (match) => `strconv.ParseInt: parsing ${JSON.stringify(match[1])}: invalid syntax`],
];

export function celGoErrorText(message: string): string {
  for (const [pattern, translate] of translations) {
    const match = pattern.exec(message);
    if (match) return translate(match);
  }
  return message;
}
