/** Writing the Protobuf wire format (see wire.ts). */
import { ByteBuffer } from '../byte-buffer.js';
import { TWO_32, WireType } from './wire-types.js';

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
export class WireWriter extends ByteBuffer {
  constructor(capacity = 64) {
    super(capacity);
  }

  /** An unsigned varint of a value below 2^32. */
  uint32(value: number): this {
    this.ensure(5);
    let v = value >>> 0;
    while (v > 0x7f) {
      this.bytes[this.pos++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.pos++] = v;
    return this;
  }

  /** A varint of 64 bits given as unsigned halves. */
  varint64(lo: number, hi: number): this {
    if (hi === 0) return this.uint32(lo);
    this.ensure(10);
    let l = lo >>> 0;
    let h = hi >>> 0;
    while (h > 0 || l > 0x7f) {
      this.bytes[this.pos++] = (l & 0x7f) | 0x80;
      l = ((l >>> 7) | (h << 25)) >>> 0;
      h >>>= 7;
    }
    this.bytes[this.pos++] = l;
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
  lengthDelimited(value: Uint8Array): this {
    this.uint32(value.length);
    this.append(value);
    return this;
  }

  /** A length prefix and the UTF-8 bytes of a string; lone surrogates become U+FFFD, as with TextEncoder. */
  string(value: string): this {
    const units = value.length;
    if (units < 0x80) {
      // ASCII fast path: one length byte, one byte per unit.
      this.ensure(units + 1);
      const buf = this.bytes;
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

  /** A length-prefixed string of any UTF-8 (see ByteBuffer.prefixedUtf8). */
  private utf8String(value: string): this {
    this.prefixedUtf8(value, varintSize, (length) => this.uint32(length));
    return this;
  }

  /** Starts a length-delimited payload written in place; returns the mark for endLengthDelimited(). */
  beginLengthDelimited(): number {
    this.ensure(1);
    return this.pos++;
  }

  /** Writes the length of the payload begun at mark, moving the payload if the length takes more than a byte. */
  endLengthDelimited(mark: number): void {
    const length = this.pos - mark - 1;
    if (length < 0x80) {
      this.bytes[mark] = length;
      return;
    }
    const extra = varintSize(length) - 1;
    this.ensure(extra);
    this.bytes.copyWithin(mark + 1 + extra, mark + 1, this.pos);
    const end = this.pos + extra;
    this.pos = mark;
    this.uint32(length);
    this.pos = end;
  }

  double(value: number): this {
    this.ensure(8);
    this.view.setFloat64(this.pos, value, true);
    this.pos += 8;
    return this;
  }

  float(value: number): this {
    this.ensure(4);
    this.view.setFloat32(this.pos, value, true);
    this.pos += 4;
    return this;
  }

  /** Raw bytes without a length prefix (the envelope's magic). */
  raw(value: Uint8Array): this {
    this.append(value);
    return this;
  }
}
