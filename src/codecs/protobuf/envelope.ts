/**
 * The envelope of application/vnd.kubernetes.protobuf: the 4 magic bytes `k8s\0`, then a
 * runtime.Unknown message { TypeMeta typeMeta = 1 { apiVersion = 1; kind = 2 }; bytes raw = 2;
 * string contentEncoding = 3; string contentType = 4 }. raw is the object's own message; an
 * object's TypeMeta travels only here.
 */
import { fromUtf8 } from './bytes.js';
import { ProtobufDecodeError } from './errors.js';
import { WireReader, WireType, WireWriter } from './wire.js';

/** `k8s\0`, the prefix of every kube Protobuf object. */
export const PROTOBUF_MAGIC: Uint8Array = new Uint8Array([0x6b, 0x38, 0x73, 0x00]);

export interface Envelope {
  apiVersion: string;
  kind: string;
  raw: Uint8Array;
  contentEncoding: string;
  contentType: string;
}

/** Whether bytes start with the `k8s\0` magic. */
export function hasEnvelopeMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && PROTOBUF_MAGIC.every((b, i) => bytes[i] === b);
}

function expectLengthDelimited(field: number, wireType: number): void {
  if (wireType !== WireType.LengthDelimited) {
    throw new ProtobufDecodeError(`runtime.Unknown field ${field}: wrong wire type ${wireType}`);
  }
}

function readTypeMeta(bytes: Uint8Array, into: Envelope): void {
  const reader = new WireReader(bytes);
  while (!reader.done) {
    const { field, wireType } = reader.tag();
    if (field !== 1 && field !== 2) reader.skip(wireType);
    else {
      expectLengthDelimited(field, wireType);
      into[field === 1 ? 'apiVersion' : 'kind'] = fromUtf8(reader.bytes());
    }
  }
}

/** Splits an envelope into TypeMeta and raw bytes; throws ProtobufDecodeError if malformed. */
export function unwrapEnvelope(bytes: Uint8Array): Envelope {
  if (!hasEnvelopeMagic(bytes)) throw new ProtobufDecodeError('missing the k8s\\0 Protobuf prefix');
  const out: Envelope = { apiVersion: '', kind: '', raw: new Uint8Array(0), contentEncoding: '', contentType: '' };
  const reader = new WireReader(bytes.subarray(4));
  while (!reader.done) {
    const { field, wireType } = reader.tag();
    if (field < 1 || field > 4) {
      reader.skip(wireType);
      continue;
    }
    expectLengthDelimited(field, wireType);
    const value = reader.bytes();
    if (field === 1) readTypeMeta(value, out);
    else if (field === 2) out.raw = value;
    else out[field === 3 ? 'contentEncoding' : 'contentType'] = fromUtf8(value);
  }
  return out;
}

/**
 * Writes an envelope as kube writes it (every Unknown field present, the two content fields
 * empty) into `w`, with the object's message written in place by `writeRaw`, so that a big
 * message is not built apart and copied in.
 */
export function writeEnvelope(w: WireWriter, apiVersion: string, kind: string, writeRaw: () => void): void {
  const { LengthDelimited } = WireType;
  w.raw(PROTOBUF_MAGIC).tag(1, LengthDelimited);
  const typeMeta = w.beginLengthDelimited();
  w.tag(1, LengthDelimited).string(apiVersion).tag(2, LengthDelimited).string(kind);
  w.endLengthDelimited(typeMeta);
  const raw = w.tag(2, LengthDelimited).beginLengthDelimited();
  writeRaw();
  w.endLengthDelimited(raw);
  w.tag(3, LengthDelimited).uint32(0).tag(4, LengthDelimited).uint32(0);
}

/** The envelope of an encoded message. */
export function wrapEnvelope(apiVersion: string, kind: string, raw: Uint8Array): Uint8Array {
  const w = new WireWriter();
  writeEnvelope(w, apiVersion, kind, () => w.raw(raw));
  return w.finish();
}
