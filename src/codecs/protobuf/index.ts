/**
 * The Protobuf codec of kube objects (application/vnd.kubernetes.protobuf): `k8s\0` + a
 * runtime.Unknown envelope around the object's gogo-protobuf message. Messages are walked
 * reflectively from data/proto-descriptors.json (no code generation: workerd forbids eval).
 *
 * Decoding yields the JSON kube's Go structs marshal to; encoding writes what gogo writes, so
 * metadata and Status come out byte-for-byte as kube-apiserver's (see descriptors.ts for the
 * field flags that make that possible and their limits).
 */
import { decodeEnvelopedObject, type DecodedObject } from './decode.js';
import { encodeEnvelopedObject, type EncodeOptions } from './encode.js';

export { decodeMessage, type DecodedObject } from './decode.js';
export { encodeMessage, type EncodeOptions } from './encode.js';
export { messageDescriptor, messageNameForKind, type MessageDescriptor, type FieldDescriptor } from './descriptors.js';
export { hasEnvelopeMagic, unwrapEnvelope, wrapEnvelope, PROTOBUF_MAGIC, type Envelope } from './envelope.js';
export { ProtobufDecodeError, ProtobufEncodeError } from './errors.js';

/** The media type of this codec. */
export const PROTOBUF_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf';

/**
 * Decodes a Protobuf request body into kube JSON; the object carries kind and apiVersion from
 * the envelope. Throws ProtobufDecodeError on malformed input or a kind without a message.
 */
export function decodeProtobufObject(bytes: Uint8Array): DecodedObject {
  return decodeEnvelopedObject(bytes);
}

/** Encodes a kube JSON object (apiVersion and kind set) as Protobuf, envelope included. */
export function encodeProtobufObject(
  object: { apiVersion: string; kind: string; [key: string]: unknown },
  options: EncodeOptions = {},
): Uint8Array {
  return encodeEnvelopedObject(object, options);
}
