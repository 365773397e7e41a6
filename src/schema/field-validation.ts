/**
 * The `fieldValidation` directive's texts (k8s.io/apiserver/pkg/endpoints/handlers: create.go,
 * update.go, patch.go, rest.go; sigs.k8s.io/json strict errors; net.NewWarningHeader):
 * - Strict: the request fails with 400 `<Kind> in version "<v>" cannot be handled as a <Kind>:
 *   strict decoding error: <error>, <error>` (errors joined by ", ");
 * - Warn (the default): each error becomes a `Warning: 299 - "<text>"` header, a YAML error being
 *   split into one warning per line with the `yaml: unmarshal errors:` prefix dropped;
 * - Ignore: nothing.
 * Strict errors come in kube's order: go-yaml's duplicate-key error first (YAML bodies), then the
 * JSON decoder's unknown/duplicate field errors in document order (checkObject's strictErrors).
 */
import { goQuote } from '../apimachinery/go-format.js';
import type { ObjectCheck } from './decode-check.js';
import type { StrictDecoded } from './json-strict.js';

/** The values of the fieldValidation query parameter kube accepts. */
export type FieldValidationDirective = 'Ignore' | 'Warn' | 'Strict';

/** kube's per-problem texts, duplicates first: `duplicate field "data.a"`, `unknown field "spec.x"`. */
export function fieldValidationErrors(duplicates: readonly string[], unknownFields: readonly string[]): string[] {
  return [...duplicates.map((path) => `duplicate field ${goQuote(path)}`), ...unknownFields.map((path) => `unknown field ${goQuote(path)}`)];
}

/** All strict decoding errors of a request body in kube's order. */
export function strictDecodingErrors(decoded: Pick<StrictDecoded, 'yamlError'>, check: Pick<ObjectCheck, 'strictErrors'>): string[] {
  return decoded.yamlError ? [decoded.yamlError, ...check.strictErrors] : [...check.strictErrors];
}

/** runtime.NewStrictDecodingError(...).Error(): `strict decoding error: a, b`. */
export function strictDecodingMessage(errors: readonly string[]): string {
  return `strict decoding error: ${errors.join(', ')}`;
}

/** The 400 message of a Strict request (transformDecodeError): `ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: ...`. */
export function strictDecodingFailure(kind: string, version: string, errors: readonly string[]): string {
  return `${kind} in version ${goQuote(version)} cannot be handled as a ${kind}: ${strictDecodingMessage(errors)}`;
}

const shortYamlPrefix = 'yaml: unmarshal errors:\n';
const longYamlPrefix = 'error converting YAML to JSON: yaml: unmarshal errors:\n';

/** rest.go parseYAMLWarnings: one warning per line of a YAML strict error, trimmed; others as they are. */
export function warningTexts(errors: readonly string[]): string[] {
  return errors.flatMap((error) => {
    const prefix = error.startsWith(shortYamlPrefix) ? shortYamlPrefix : error.startsWith(longYamlPrefix) ? longYamlPrefix : undefined;
    if (!prefix) return [error];
    return error.slice(prefix.length).split('\n').map((line) => line.trim());
  });
}

/** Unicode control characters (Go's unicode.IsControl: C0, DEL and C1). */
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * net.NewWarningHeader(299, "-", text): `299 - "<text>"` with only `"` and `\` escaped; null
 * for texts Go refuses (control characters), which kube then drops.
 */
export function warningHeaderValue(text: string): string | null {
  if (controlCharacter.test(text)) return null;
  return `299 - "${text.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
}

/** kube's warning recorder limits (apiserver filters/warning.go). */
const truncateAtTotalRunes = 4 * 1024;
const truncateItemRunes = 256;

const runeLength = (text: string): number => [...text].length;
const truncate = (text: string): string => [...text].slice(0, truncateItemRunes).join('');

/**
 * The Warning headers of one response, as kube's recorder builds them: empty and repeated texts
 * are dropped; once the texts exceed 4096 runes in total every warning is cut to 256 runes and
 * the headers are rebuilt, and further warnings past the limit are dropped.
 */
export class WarningRecorder {
  private readonly recorded = new Set<string>();
  private readonly ordered: string[] = [];
  private headers: string[] = [];
  private written = 0;
  private truncating = false;

  /** Adds one warning text. */
  add(text: string): void {
    if (!text || (this.truncating && this.written >= truncateAtTotalRunes) || this.recorded.has(text)) return;
    this.recorded.add(text);
    this.ordered.push(text);
    const shown = this.truncating ? truncate(text) : text;
    const header = warningHeaderValue(shown);
    if (header === null) return;
    if (this.truncating || this.written + runeLength(shown) <= truncateAtTotalRunes) {
      this.written += runeLength(shown);
      this.headers.push(header);
      return;
    }
    this.truncating = true;
    this.written = 0;
    this.headers = [];
    for (const earlier of this.ordered) {
      const cut = truncate(earlier);
      const rebuilt = warningHeaderValue(cut);
      if (rebuilt === null) continue;
      this.written += runeLength(cut);
      this.headers.push(rebuilt);
    }
  }

  /** The Warning header values, in order. */
  values(): string[] {
    return [...this.headers];
  }
}
