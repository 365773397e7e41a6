/**
 * The apiVersion and kind of an encoded object, read without decoding it. Keys are sorted by
 * length first, so "apiVersion" comes after "data", "spec"... and the []byte fields of an
 * object must be known before its keys come by: the decoder peeks here first.
 */
import { byteFieldsOf, type ByteFieldNode } from './byte-fields.js';
import { INDEFINITE, Major } from './major.js';
import { CborReader } from './reader.js';
import { utf8Text } from './text.js';

export interface TypeMeta {
  apiVersion?: string;
  kind?: string;
}

/** The string apiVersion and kind of the map at `pos` (tags skipped); well-formed input only. */
export function typeMetaAt(bytes: Uint8Array, pos: number): TypeMeta {
  const reader = new CborReader(bytes);
  reader.pos = pos;
  reader.head();
  while (reader.major === Major.Tag) reader.head();
  if (reader.major !== Major.Map) return {};
  const meta: TypeMeta = {};
  const count = reader.info === INDEFINITE ? Infinity : reader.argument;
  for (let i = 0; i < count && !(count === Infinity && reader.atBreak()); i++) {
    const key = definiteString(reader);
    if (key === 'apiVersion' || key === 'kind') {
      const value = definiteString(reader);
      if (value !== undefined) meta[key] = value;
    } else reader.skip();
  }
  return meta;
}

/** The []byte fields of the object at `pos`, by its own apiVersion and kind. */
export function byteFieldsAt(bytes: Uint8Array, pos: number): ByteFieldNode | undefined {
  const { apiVersion, kind } = typeMetaAt(bytes, pos);
  return byteFieldsOf(apiVersion, kind);
}

/** Reads a (tagged) definite byte or text string, or skips any other item and returns undefined. */
function definiteString(reader: CborReader): string | undefined {
  const start = reader.pos;
  reader.head();
  while (reader.major === Major.Tag) reader.head();
  const isString = reader.major === Major.Bytes || reader.major === Major.Text;
  if (!isString || reader.info === INDEFINITE) {
    reader.pos = start;
    reader.skip();
    return undefined;
  }
  reader.pos += reader.argument;
  return utf8Text(reader.bytes, reader.pos - reader.argument, reader.pos, false);
}
