/**
 * Interop with kubectl's client-side apply (managedfields/internal/lastappliedmanager.go,
 * lastappliedupdater.go, lastapplied.go), only for the field manager named exactly `kubectl`:
 * - upgrade: when a server-side apply conflicts only on fields whose live values still equal the
 *   `kubectl.kubernetes.io/last-applied-configuration` annotation, kubectl owned them through
 *   client-side apply, so the apply is forced; other conflicts are reported without those fields;
 * - sync: after a server-side apply, an object that carries the annotation gets it rewritten to
 *   the applied configuration (without the annotation itself), as json.Encoder writes it: keys
 *   sorted, HTML-escaped, a trailing newline. Too large for the 256 KiB annotation budget, it is
 *   dropped instead (SetLastApplied).
 */
import type { KubeObject } from '../apimachinery/object.js';
import { compareObjects } from './compare.js';
import type { FieldSet } from './field-set.js';
import { goJson } from './go-json.js';
import type { ManagedFieldsSchema } from './schema-types.js';
import { toFieldSet } from './to-field-set.js';
import { copyJson, isJsonObject } from './values.js';

export const lastAppliedConfigAnnotation = 'kubectl.kubernetes.io/last-applied-configuration';

/** The field manager whose applies take part in client-side apply interop. */
export const clientSideApplyManager = 'kubectl';

const totalAnnotationSizeLimit = 256 * 1024;

function annotationsOf(object: unknown): Record<string, unknown> | undefined {
  if (!isJsonObject(object) || !isJsonObject(object.metadata)) return undefined;
  const annotations = object.metadata.annotations;
  return isJsonObject(annotations) ? annotations : undefined;
}

/**
 * allowedConflictsFromLastApplied: the fields of the annotation whose values the live object
 * still has. Undefined when there is no usable annotation (then no conflict is excused).
 */
export function allowedConflictsFromLastApplied(live: unknown, apiVersion: string, schema: ManagedFieldsSchema): FieldSet | undefined {
  const text = annotationsOf(live)?.[lastAppliedConfigAnnotation];
  if (typeof text !== 'string' || text === '') return undefined;
  let lastApplied: unknown;
  try {
    lastApplied = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(lastApplied) || lastApplied.apiVersion !== apiVersion) return undefined;
  try {
    const set = toFieldSet(lastApplied, schema.root, schema);
    const comparison = compareObjects(lastApplied, live, schema);
    return set.difference(comparison.modified).difference(comparison.added).difference(comparison.removed);
  } catch {
    return undefined;
  }
}

/** The object with its last-applied annotation rewritten to `config`, when it carries one. */
export function syncLastApplied(object: KubeObject, config: KubeObject): KubeObject {
  const current = annotationsOf(object)?.[lastAppliedConfigAnnotation];
  if (typeof current !== 'string' || current === '') return object;
  const annotations: Record<string, unknown> = { ...annotationsOf(object), [lastAppliedConfigAnnotation]: lastAppliedValue(config) };
  if (annotationBytes(annotations) > totalAnnotationSizeLimit) delete annotations[lastAppliedConfigAnnotation];
  return { ...object, metadata: { ...object.metadata, annotations: annotations as Record<string, string> } };
}

/** buildLastApplied: the configuration without the annotation, encoded by json.Encoder. */
export function lastAppliedValue(config: KubeObject): string {
  const copy = copyJson(config);
  const annotations = annotationsOf(copy);
  // An annotations map left empty stays as `{}` (Unstructured.SetAnnotations of an empty map).
  if (annotations) delete annotations[lastAppliedConfigAnnotation];
  return `${goJson(copy)}\n`;
}

function annotationBytes(annotations: Record<string, unknown>): number {
  const encoder = new TextEncoder();
  let total = 0;
  for (const [key, value] of Object.entries(annotations)) total += encoder.encode(key).length + encoder.encode(String(value)).length;
  return total;
}
