/**
 * Go renderings the policy plugin's messages depend on: utilerrors.NewAggregate(...).Error()
 * (one message alone, several in brackets, duplicates folded) and encoding/json's string
 * escaping (`<`, `>`, `&`, U+2028 and U+2029 as \u escapes).
 */

/** The Error() of an aggregate of errors with these messages. */
export function aggregateErrorText(messages: string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

/** json.Marshal of a value built from strings, numbers, arrays and plain objects (keys in insertion order). */
export function goJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
