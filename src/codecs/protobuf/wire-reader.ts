/** Reading the Protobuf wire format (see wire.ts). */
import { fromUtf8 } from './bytes.js';
import { ProtobufDecodeError } from './errors.js';
import { TWO_32, WireType } from './wire-types.js';

/**
 * ASCII strings up to this many bytes are read in JS, through a cache by hash: a TextDecoder
 * call costs more, and the short strings of a list repeat (`True`, `TCP`, `app`, `cpu`...).
 */
const SHORT_STRING = 16;
const SHORT_CACHE_SIZE = 4096;
const shortCache: string[] = new Array<string>(SHORT_CACHE_SIZE).fill('');

/** The ASCII string of buf[start, start + length), taken from or put in the cache's slot. */
function shortAscii(buf: Uint8Array, start: number, length: number, slot: number): string {
  const cached = shortCache[slot]!;
  if (cached.length === length) {
    let i = 0;
    while (i < length && cached.charCodeAt(i) === buf[start + i]) i++;
    if (i === length) return cached;
  }
  let out = '';
  for (let i = 0; i < length; i++) out += String.fromCharCode(buf[start + i]!);
  shortCache[slot] = out;
  return out;
}

/**
 * Reads one message's bytes; every read checks the bounds and throws ProtobufDecodeError.
 * Nested messages are read in place: `limit` is where the message being read ends (see
 * delimitedEnd()), so that a read beyond it is a truncation, as if the payload were apart.
 */
export class WireReader {
  pos = 0;
  limit: number;
  /** Halves of the last varint read by varint64(). */
  lo = 0;
  hi = 0;

  constructor(readonly buf: Uint8Array) {
    this.limit = buf.length;
  }

  get done(): boolean {
    return this.pos >= this.limit;
  }

  /** Reads a varint of up to 10 bytes into (lo, hi). */
  varint64(): void {
    let lo = 0;
    let hi = 0;
    for (let i = 0, shift = 0; i < 10; i++, shift += 7) {
      if (this.pos >= this.limit) throw new ProtobufDecodeError('truncated varint');
      const b = this.buf[this.pos++]!;
      if (shift < 28) lo |= (b & 0x7f) << shift;
      else if (shift === 28) {
        lo |= (b & 0x0f) << 28;
        hi |= (b & 0x7f) >> 4;
      } else hi |= (b & 0x7f) << (shift - 32);
      if (b < 0x80) {
        this.lo = lo >>> 0;
        this.hi = hi >>> 0;
        return;
      }
    }
    throw new ProtobufDecodeError('varint longer than 10 bytes');
  }

  /** A varint as an unsigned 32-bit number (tags, lengths); larger values are an error. */
  uint32(): number {
    if (this.pos < this.limit) {
      const b = this.buf[this.pos]!;
      if (b < 0x80) {
        this.pos++;
        this.lo = b;
        this.hi = 0;
        return b;
      }
    }
    this.varint64();
    if (this.hi !== 0) throw new ProtobufDecodeError('varint out of 32-bit range');
    return this.lo;
  }

  /** A varint as Go's int32 (the low 32 bits, signed). */
  int32(): number {
    this.varint64();
    return this.lo | 0;
  }

  /** A varint as Go's int64; exact up to 2^53, like any JSON number kube sends. */
  int64(): number {
    this.varint64();
    return (this.hi | 0) * TWO_32 + this.lo;
  }

  bool(): boolean {
    this.varint64();
    return (this.lo | this.hi) !== 0;
  }

  /** Reads a tag as one number, (field << 3) | wire type; field number 0 is an error. */
  key(): number {
    const key = this.uint32();
    if (key >>> 3 === 0) throw new ProtobufDecodeError('invalid field number 0');
    return key;
  }

  /** Reads a tag: field number and wire type. */
  tag(): { field: number; wireType: number } {
    const key = this.key();
    return { field: key >>> 3, wireType: key & 7 };
  }

  /** Reads the length prefix of a length-delimited field; returns where its payload ends. */
  delimitedEnd(): number {
    const length = this.uint32();
    const end = this.pos + length;
    if (end > this.limit) throw new ProtobufDecodeError(`truncated field: ${length} bytes announced`);
    return end;
  }

  /** The payload of a length-delimited field, as a view into the buffer. */
  bytes(): Uint8Array {
    const end = this.delimitedEnd();
    const out = this.buf.subarray(this.pos, end);
    this.pos = end;
    return out;
  }

  /** The payload of a length-delimited field as text (see fromUtf8). */
  string(): string {
    const end = this.delimitedEnd();
    const start = this.pos;
    this.pos = end;
    return this.utf8(start, end);
  }

  /** The text of buf[start, end). */
  utf8(start: number, end: number): string {
    const buf = this.buf;
    const length = end - start;
    if (length <= SHORT_STRING) {
      let hash = length;
      let i = start;
      for (; i < end; i++) {
        const b = buf[i]!;
        if (b >= 0x80) break;
        hash = (Math.imul(hash, 31) + b) | 0;
      }
      if (i === end) return shortAscii(buf, start, length, hash & (SHORT_CACHE_SIZE - 1));
    }
    return fromUtf8(buf.subarray(start, end));
  }

  double(): number {
    const view = this.fixed(8);
    return view.getFloat64(0, true);
  }

  float(): number {
    return this.fixed(4).getFloat32(0, true);
  }

  private fixed(size: number): DataView {
    if (this.pos + size > this.limit) throw new ProtobufDecodeError('truncated fixed-width field');
    const view = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, size);
    this.pos += size;
    return view;
  }

  /** Skips a field of an unknown number. Groups (deprecated, unused by kube) are rejected. */
  skip(wireType: number): void {
    switch (wireType) {
      case WireType.Varint:
        this.varint64();
        return;
      case WireType.Fixed64:
        this.fixed(8);
        return;
      case WireType.LengthDelimited:
        this.pos = this.delimitedEnd();
        return;
      case WireType.Fixed32:
        this.fixed(4);
        return;
      default:
        throw new ProtobufDecodeError(`unsupported wire type ${wireType}`);
    }
  }
}

