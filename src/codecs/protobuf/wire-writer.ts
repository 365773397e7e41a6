/** Writing the Protobuf wire format (see wire.ts). */
import { TWO_32, WireType } from './wire-types.js';

const utf8Encoder = new TextEncoder();

/** How many bytes the varint of a value below 2^32 takes. */
export function varintSize(value: number): number {
  if (value < 0x80) return 1;
  if (value < 0x4000) return 2;
  if (value < 0x200000) return 3;
  return value < 0x10000000 ? 4 : 5;
}

/**
 * Appends fields to a growable buffer; finish() returns the written bytes. Nested messages are
 * written in place: beginLengthDelimited() reserves one byte for the length, and
 * endLengthDelimited() moves the payload when its length needs more, so that a message of any
 * depth is written once into one buffer instead of being built apart and copied at every level.
 */
export class WireWriter {
  private buf: Uint8Array;
  private pos = 0;

  constructor(capacity = 64) {
    this.buf = new Uint8Array(capacity);
  }

  private reserve(n: number): void {
    if (this.pos + n > this.buf.length) this.grow(n);
  }

  private grow(n: number): void {
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

  /** A length prefix and the UTF-8 bytes of a string; lone surrogates become U+FFFD, as with TextEncoder. */
  string(value: string): this {
    const units = value.length;
    if (units < 0x80) {
      // ASCII fast path: one length byte, one byte per unit.
      this.reserve(units + 1);
      const buf = this.buf;
      const start = this.pos + 1;
      let i = 0;
      for (; i < units; i++) {
        const unit = value.charCodeAt(i);
        if (unit >= 0x80) break;
        buf[start + i] = unit;
      }
      if (i === units) {
        buf[this.pos] = units;
        this.pos = start + units;
        return this;
      }
    }
    return this.utf8String(value);
  }

  private utf8String(value: string): this {
    // UTF-8 takes at least one byte and at most three per UTF-16 unit.
    const prefix = varintSize(value.length);
    this.reserve(prefix + 1 + value.length * 3);
    let start = this.pos + prefix;
    const { written } = utf8Encoder.encodeInto(value, this.buf.subarray(start));
    const size = varintSize(written);
    if (size > prefix) {
      this.buf.copyWithin(start + size - prefix, start, start + written);
      start += size - prefix;
    }
    this.uint32(written);
    this.pos = start + written;
    return this;
  }

  /** Starts a length-delimited payload written in place; returns the mark for endLengthDelimited(). */
  beginLengthDelimited(): number {
    this.reserve(1);
    return this.pos++;
  }

  /** Writes the length of the payload begun at mark, moving the payload if the length takes more than a byte. */
  endLengthDelimited(mark: number): void {
    const length = this.pos - mark - 1;
    if (length < 0x80) {
      this.buf[mark] = length;
      return;
    }
    const extra = varintSize(length) - 1;
    this.reserve(extra);
    this.buf.copyWithin(mark + 1 + extra, mark + 1, this.pos);
    const end = this.pos + extra;
    this.pos = mark;
    this.uint32(length);
    this.pos = end;
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
