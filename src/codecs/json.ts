/**
 * JSON as kube writes it: compact with a trailing newline (json.Encoder), or, when the client
 * asked for pretty output, indented by two spaces with no newline after (json.MarshalIndent).
 */

export function renderJson(value: unknown, pretty = false): string {
  return pretty ? JSON.stringify(value, null, 2) : `${JSON.stringify(value)}\n`;
}
