/**
 * The ConversionReview exchange of a CRD's conversion webhook, as kube v1.32's webhookConverter
 * makes and checks it (apiextensions-apiserver pkg/apiserver/conversion/webhook_converter.go):
 * the review in the first of `conversionReviewVersions` kube understands, the answer's checks
 * (v1: kind and uid; both: a result of Success), and each converted object's checks: the
 * desired group/version, the same kind, name, namespace and uid, and metadata restored from the
 * original but for labels and annotations, which the webhook may change (validated then).
 * Every failure is a ConversionError whose message is kube's whole text.
 */
import { aggregateText } from '../../apimachinery/field-errors.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { validateAnnotations, validateLabels } from '../../apimachinery/validation/metadata-fields.js';

type JsonRecord = Record<string, unknown>;

export type ReviewVersion = 'v1' | 'v1beta1';

export class ConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConversionError';
  }
}

const reviewGroup = 'apiextensions.k8s.io';

/** createConversionReviewObjects: the first version of the list kube speaks, if any. */
export function reviewVersionOf(versions: readonly string[]): ReviewVersion | undefined {
  return versions.find((version): version is ReviewVersion => version === 'v1' || version === 'v1beta1');
}

/** The review as kube marshals it: the request, and an empty response beside it. */
export function conversionReview(version: ReviewVersion, uid: string, desiredAPIVersion: string, objects: JsonRecord[]): JsonRecord {
  return {
    kind: 'ConversionReview',
    apiVersion: `${reviewGroup}/${version}`,
    request: { uid, desiredAPIVersion, objects },
    response: { uid: '', convertedObjects: null, result: { metadata: {} } },
  };
}

const asRecord = (value: unknown): JsonRecord | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonRecord) : undefined;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `example.com/v1, Kind=Widget`: a GroupVersionKind as Go prints it. */
export function gvkText(object: JsonRecord): string {
  return `${text(object.apiVersion)}, Kind=${text(object.kind)}`;
}

/** getConvertedObjectsFromResponse: the converted objects, or kube's reason the answer is refused. */
export function convertedObjectsOf(version: ReviewVersion, uid: string, answer: JsonRecord): unknown[] {
  const answered = `${text(answer.apiVersion)}`;
  if (answered !== `${reviewGroup}/${version}` && answered.startsWith(`${reviewGroup}/`) && answer.kind === 'ConversionReview') {
    throw new Error(`converting (${answered.slice(reviewGroup.length + 1)}.ConversionReview) to (${version}.ConversionReview): unknown conversion`);
  }
  if (version === 'v1' && (answered !== `${reviewGroup}/v1` || answer.kind !== 'ConversionReview')) {
    throw new Error(`expected webhook response of ${reviewGroup}/v1, Kind=ConversionReview, got ${answered}, Kind=${text(answer.kind)}`);
  }
  const response = asRecord(answer.response);
  if (!response) throw new Error('no response provided');
  if (version === 'v1' && text(response.uid) !== uid) throw new Error(`expected response.uid=${goQuote(uid)}, got ${goQuote(text(response.uid))}`);
  const result = asRecord(response.result) ?? {};
  if (result.status !== 'Success') {
    const message = text(result.message);
    throw new Error(message || `response.result.status was '${text(result.status)}', not 'Success'`);
  }
  return Array.isArray(response.convertedObjects) ? response.convertedObjects : [];
}

/** Go's %T of a decoded JSON value (unstructured decodes whole numbers as int64). */
function goTypeOf(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  return Array.isArray(value) ? '[]interface {}' : 'map[string]interface {}';
}

/** validateConvertedObject: the identity the webhook may not change. */
function identityChange(original: JsonRecord, converted: JsonRecord): string | undefined {
  const before = asRecord(original.metadata) ?? {};
  const after = asRecord(converted.metadata) ?? {};
  if (text(original.kind) !== text(converted.kind)) return `must have the same kind: ${text(original.kind)} != ${text(converted.kind)}`;
  for (const [field, name] of [['name', 'name'], ['namespace', 'namespace'], ['uid', 'UID']] as const) {
    if (text(before[field]) !== text(after[field])) return `must have the same ${name}: ${text(before[field])} != ${text(after[field])}`;
  }
  return undefined;
}

/** One of labels and annotations from the answer, checked as kube checks it when it changed. */
function restoredMap(field: 'labels' | 'annotations', answered: unknown, original: unknown): Record<string, string> | undefined {
  if (answered === undefined || answered === null) return undefined;
  const map = asRecord(answered);
  if (!map) throw new Error(`invalid metadata.${field} of type ${goTypeOf(answered)} in converted object`);
  const before = asRecord(original) ?? {};
  let changed = Object.keys(before).length !== Object.keys(map).length;
  for (const [key, value] of Object.entries(map)) {
    if (typeof value !== 'string') throw new Error(`metadata.${field}[${key}] must be a string, but is ${goTypeOf(value)} in converted object`);
    if (before[key] !== value) changed = true;
  }
  const strings = map as Record<string, string>;
  if (changed) {
    const errors = field === 'labels' ? validateLabels(strings, 'metadata.labels') : validateAnnotations(strings, 'metadata.annotation');
    if (errors.length) throw new Error(aggregateText(errors));
  }
  return strings;
}

/** restoreObjectMeta: the original metadata, with the answer's labels and annotations. */
function restoreObjectMeta(original: JsonRecord, converted: JsonRecord): JsonRecord {
  if (!('metadata' in converted)) throw new Error('missing metadata in converted object');
  const answered = asRecord(converted.metadata);
  if (!answered) throw new Error(`invalid metadata of type ${goTypeOf(converted.metadata)} in converted object`);
  const metadata: JsonRecord = structuredClone(asRecord(original.metadata) ?? {});
  for (const field of ['labels', 'annotations'] as const) {
    const map = restoredMap(field, answered[field], metadata[field]);
    if (map === undefined) delete metadata[field];
    else metadata[field] = map;
  }
  return { ...converted, metadata };
}

/**
 * The converted object of one object sent (Convert of a single object): `original` as sent,
 * `answered` the response's objects. Throws ConversionError with kube's text.
 */
export function acceptConverted(original: JsonRecord, desiredAPIVersion: string, answered: unknown[]): JsonRecord {
  const source = gvkText(original);
  if (answered.length !== 1) throw new ConversionError(`conversion webhook for ${source} returned ${answered.length} objects, expected 1`);
  const converted = asRecord(answered[0]);
  if (!converted || typeof converted.kind !== 'string' || converted.kind === '') {
    throw new ConversionError(`Object 'Kind' is missing in '${JSON.stringify(answered[0])}'`);
  }
  const invalidAt = `conversion webhook for ${source} returned invalid object at index 0`;
  if (text(converted.apiVersion) !== desiredAPIVersion) throw new ConversionError(`${invalidAt}: invalid groupVersion (expected ${desiredAPIVersion}, received ${text(converted.apiVersion)})`);
  if (converted.kind !== original.kind) throw new ConversionError(`${invalidAt}: invalid kind (expected ${text(original.kind)}, received ${converted.kind})`);
  const changed = identityChange(original, converted);
  if (changed) throw new ConversionError(`conversion webhook for ${source} returned invalid object: ${changed}`);
  try {
    return restoreObjectMeta(original, converted);
  } catch (error) {
    throw new ConversionError(`conversion webhook for ${source} returned invalid metadata: ${(error as Error).message}`);
  }
}

/** `conversion webhook for GVK failed: reason`: the call failed, or its answer was refused. */
export function conversionFailed(original: JsonRecord, reason: string): ConversionError {
  return new ConversionError(`conversion webhook for ${gvkText(original)} failed: ${reason}`);
}
