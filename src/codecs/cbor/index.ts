/**
 * kube's CBOR encoding (KEP-4222; application/cbor, and application/cbor-seq for watch), as
 * kube-apiserver v1.32 writes and reads it with fxamacker/cbor in the modes of
 * k8s.io/apimachinery/pkg/runtime/serializer/cbor/internal/modes.
 *
 * Why our own codec and not cbor-x (a dependency, and the independent reference of the tests):
 * kube's output and its request checks are not what cbor-x can do. On the writing side kube
 * sorts map keys bytewise (RFC 8949 4.2.1), writes every string, keys included, as a byte string
 * (major type 2), writes Go []byte fields as tag 22 around the raw bytes, and prefixes each item
 * with the self-described tag 55799; cbor-x writes text strings in insertion order and has no
 * notion of a []byte field inside a JSON object. On the reading side kube refuses duplicate map
 * keys (a byte and a text string with the same bytes being the same key), invalid UTF-8 in text
 * strings, nesting deeper than 64, NaN and infinities, integers outside int64 and simple values
 * other than false, true and null, with fxamacker's error texts, which reach the client in a 400;
 * cbor-x accepts all of those silently (the last duplicate wins, bad UTF-8 is replaced). Both
 * codecs agree on well-formed CBOR, which the tests check in both directions.
 *
 * Decoding is two passes, as in fxamacker: a well-formedness check of the whole input first
 * (wellformed.ts), then the values (decode.ts), so that the same error wins as in kube.
 */
import { byteFieldsOf } from './byte-fields.js';
import { decodeWellFormed } from './decode.js';
import { encodeItem, encodeWatchEventItem } from './encode.js';
import { byteFieldsAt } from './type-meta.js';
import { checkWellFormed } from './wellformed.js';

export { CborDecodeError, CborEncodeError } from './errors.js';

export const CBOR_MEDIA_TYPE = 'application/cbor';
/** The watch stream: a sequence of self-described items (RFC 8742), one per event. */
export const CBOR_SEQ_MEDIA_TYPE = 'application/cbor-seq';

export interface CborDecodeOptions {
  /**
   * Refuse indefinite-length strings, arrays and maps (`cbor: indefinite-length array isn't
   * allowed`). kube v1.32's decode mode accepts them (IndefLengthAllowed: "other
   * implementations can" produce them), so the default does too.
   */
  refuseIndefiniteLength?: boolean;
}

type ObjectWithTypeMeta = { apiVersion?: unknown; kind?: unknown; [key: string]: unknown };

/** An object, list or Status in kube's CBOR; []byte fields found by its apiVersion and kind. */
export function encodeCborObject(object: ObjectWithTypeMeta): Uint8Array {
  return encodeItem(object, byteFieldsOf(object.apiVersion, object.kind));
}

/** One item of an application/cbor-seq watch stream: {type, object}. */
export function encodeCborWatchEvent(type: string, object: Record<string, unknown>): Uint8Array {
  return encodeWatchEventItem(type, object);
}

/**
 * A request body in kube's CBOR. Byte strings at []byte positions of the body's own apiVersion
 * and kind (else of `fallback`, the endpoint's type) become base64, as in JSON. Throws
 * CborDecodeError with kube's message.
 */
export function decodeCborObject(
  bytes: Uint8Array,
  fallback?: { apiVersion: string; kind: string },
  options: CborDecodeOptions = {},
): unknown {
  checkWellFormed(bytes, options.refuseIndefiniteLength ?? false);
  const root = byteFieldsAt(bytes, 0) ?? (fallback && byteFieldsOf(fallback.apiVersion, fallback.kind));
  return decodeWellFormed(bytes, root);
}

/** Any JSON value in kube's CBOR, without []byte fields. */
export function encodeCbor(value: unknown): Uint8Array {
  return encodeItem(value, undefined);
}

/** Any kube CBOR item as JSON values, without []byte fields. */
export function decodeCbor(bytes: Uint8Array, options: CborDecodeOptions = {}): unknown {
  checkWellFormed(bytes, options.refuseIndefiniteLength ?? false);
  return decodeWellFormed(bytes, undefined);
}
