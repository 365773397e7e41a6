/**
 * The Protobuf wire format: a bounds-checked reader and a growable writer. No reflection here;
 * decode.ts / encode.ts walk the descriptors. 64-bit varints travel as two unsigned 32-bit
 * halves (lo, hi) so that no BigInt is needed on the hot path.
 */
import { ProtobufDecodeError } from './errors.js';

/** The wire types kube's messages use (groups, 3 and 4, are not among them). */
export const WireType = { Varint: 0, Fixed64: 1, LengthDelimited: 2, Fixed32: 5 } as const;
export type WireType = (typeof WireType)[keyof typeof WireType];

const TWO_32 = 4294967296;

/** Reads one message's bytes; every read checks the bounds and throws ProtobufDecodeError. */
export class WireReader {
  pos = 0;
  /** Halves of the last varint read by varint64(). */
  lo = 0;
  hi = 0;

  constructor(readonly buf: Uint8Array) {}

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  /** Reads a varint of up to 10 bytes into (lo, hi). */
  varint64(): void {
    let lo = 0;
    let hi = 0;
    for (let i = 0, shift = 0; i < 10; i++, shift += 7) {
      if (this.pos >= this.buf.length) throw new ProtobufDecodeError('truncated varint');
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

  /** Reads a tag: field number and wire type. */
  tag(): { field: number; wireType: number } {
    const tag = this.uint32();
    const field = tag >>> 3;
    if (field === 0) throw new ProtobufDecodeError('invalid field number 0');
    return { field, wireType: tag & 7 };
  }

  /** The payload of a length-delimited field, as a view into the buffer. */
  bytes(): Uint8Array {
    const length = this.uint32();
    const end = this.pos + length;
    if (end > this.buf.length) throw new ProtobufDecodeError(`truncated field: ${length} bytes announced`);
    const out = this.buf.subarray(this.pos, end);
    this.pos = end;
    return out;
  }

  double(): number {
    const view = this.fixed(8);
    return view.getFloat64(0, true);
  }

  float(): number {
    return this.fixed(4).getFloat32(0, true);
  }

  private fixed(size: number): DataView {
    if (this.pos + size > this.buf.length) throw new ProtobufDecodeError('truncated fixed-width field');
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
        this.bytes();
        return;
      case WireType.Fixed32:
        this.fixed(4);
        return;
      default:
        throw new ProtobufDecodeError(`unsupported wire type ${wireType}`);
    }
  }
}

/** Appends fields to a growable buffer; finish() returns the written bytes. */
export class WireWriter {
  private buf = new Uint8Array(64);
  private pos = 0;

  private reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** An unsigned varint of a value below 2^32. */
  uint32(value: number): this {
    this.reserve(5);
    let v = value >>> 0;
    while (v > 0x7f) {
      this.buf[this.pos++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.pos++] = v;
    return this;
  }

  /** A varint of 64 bits given as unsigned halves. */
  varint64(lo: number, hi: number): this {
    if (hi === 0) return this.uint32(lo);
    this.reserve(10);
    let l = lo >>> 0;
    let h = hi >>> 0;
    while (h > 0 || l > 0x7f) {
      this.buf[this.pos++] = (l & 0x7f) | 0x80;
      l = ((l >>> 7) | (h << 25)) >>> 0;
      h >>>= 7;
    }
    this.buf[this.pos++] = l;
    return this;
  }

  /** A signed integer (int32 or int64) as Go writes it: negatives sign-extended to 64 bits. */
  int(value: number): this {
    if (value >= 0 && value < TWO_32) return this.uint32(value);
    if (value >= 0) return this.varint64(value % TWO_32, Math.floor(value / TWO_32));
    const magnitude = -value;
    let lo = ~(magnitude % TWO_32) >>> 0;
    let hi = ~Math.floor(magnitude / TWO_32) >>> 0;
    lo = (lo + 1) >>> 0;
    if (lo === 0) hi = (hi + 1) >>> 0;
    return this.varint64(lo, hi);
  }

  tag(field: number, wireType: WireType): this {
    return this.uint32(((field << 3) | wireType) >>> 0);
  }

  /** A length prefix and the bytes. */
  bytes(value: Uint8Array): this {
    this.uint32(value.length);
    this.reserve(value.length);
    this.buf.set(value, this.pos);
    this.pos += value.length;
    return this;
  }

  double(value: number): this {
    this.reserve(8);
    new DataView(this.buf.buffer, this.pos, 8).setFloat64(0, value, true);
    this.pos += 8;
    return this;
  }

  float(value: number): this {
    this.reserve(4);
    new DataView(this.buf.buffer, this.pos, 4).setFloat32(0, value, true);
    this.pos += 4;
    return this;
  }

  /** Raw bytes without a length prefix (the envelope's magic). */
  raw(value: Uint8Array): this {
    this.reserve(value.length);
    this.buf.set(value, this.pos);
    this.pos += value.length;
    return this;
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}
