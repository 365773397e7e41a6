/**
 * JSON as kube writes it: compact with a trailing newline (json.Encoder), or indented by two
 * spaces when the client asked for pretty output.
 */

export function renderJson(value: unknown, pretty = false): string {
  return (pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)) + '\n';
}
