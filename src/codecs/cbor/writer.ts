/**
 * Writes CBOR heads and items into one growing Uint8Array: definite lengths only, arguments in
 * their shortest form (RFC 8949 4.2.1), every string as a byte string (major type 2), as kube's
 * encode mode does. The value walk lives in encode.ts.
 */
import { CborEncodeError } from './errors.js';
import { exactHalfBits } from './half.js';
import { Major } from './major.js';

const TWO_32 = 2 ** 32;
const TWO_53 = 2 ** 53;
const TWO_63 = 2 ** 63;
const SHORT_STRING = 32;
const textEncoder = new TextEncoder();

export class CborWriter {
  bytes: Uint8Array;
  view: DataView;
  pos = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
    this.view = new DataView(this.bytes.buffer);
  }

  /** A copy of what was written. */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.pos);
  }

  /** Makes room for `count` more bytes. */
  ensure(count: number): void {
    const needed = this.pos + count;
    if (needed <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    grown.set(this.bytes);
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  byte(value: number): void {
    this.ensure(1);
    this.bytes[this.pos++] = value;
  }

  /** A head: major type and argument (a non-negative integer below 2^64) in shortest form. */
  head(major: number, argument: number): void {
    const type = major << 5;
    this.ensure(9);
    const b = this.bytes;
    if (argument < 24) b[this.pos++] = type | argument;
    else if (argument < 0x100) {
      b[this.pos++] = type | 24;
      b[this.pos++] = argument;
    } else if (argument < 0x10000) {
      b[this.pos++] = type | 25;
      this.view.setUint16(this.pos, argument);
      this.pos += 2;
    } else if (argument < TWO_32) {
      b[this.pos++] = type | 26;
      this.view.setUint32(this.pos, argument);
      this.pos += 4;
    } else {
      const high = Math.floor(argument / TWO_32);
      this.head64(major, high, argument - high * TWO_32);
    }
  }

  /** A head with an 8-byte argument given as two 32-bit halves. */
  head64(major: number, high: number, low: number): void {
    this.ensure(9);
    this.bytes[this.pos++] = (major << 5) | 27;
    this.view.setUint32(this.pos, high);
    this.view.setUint32(this.pos + 4, low);
    this.pos += 8;
  }

  /** A number: an integer within int64 as major type 0 or 1, anything else as the shortest float. */
  number(value: number): void {
    if (Number.isInteger(value) && value >= -TWO_63 && value < TWO_63) {
      if (value >= 0) this.head(Major.Unsigned, value);
      else if (value > -TWO_53) this.head(Major.Negative, -1 - value);
      else this.bigNegative(BigInt(value));
      return;
    }
    this.float(value);
  }

  /** A negative integer whose magnitude a double cannot hold exactly once 1 is subtracted. */
  private bigNegative(value: bigint): void {
    const argument = -1n - value;
    this.head64(Major.Negative, Number(argument >> 32n), Number(argument & 0xffffffffn));
  }

  /** The shortest of float16, float32 and float64 that holds `value` exactly. */
  float(value: number): void {
    if (!Number.isFinite(value)) {
      throw new CborEncodeError(`cbor: unsupported value: floating-point ${Number.isNaN(value) ? 'NaN' : 'infinity'}`);
    }
    this.ensure(9);
    if (Math.fround(value) === value) {
      const half = exactHalfBits(value);
      if (half >= 0) {
        this.bytes[this.pos++] = 0xf9;
        this.view.setUint16(this.pos, half);
        this.pos += 2;
      } else {
        this.bytes[this.pos++] = 0xfa;
        this.view.setFloat32(this.pos, value);
        this.pos += 4;
      }
      return;
    }
    this.bytes[this.pos++] = 0xfb;
    this.view.setFloat64(this.pos, value);
    this.pos += 8;
  }

  /** Raw bytes under a head of `major` (2 for a byte string). */
  raw(major: number, content: Uint8Array): void {
    this.head(major, content.length);
    this.ensure(content.length);
    this.bytes.set(content, this.pos);
    this.pos += content.length;
  }

  /** A string as a byte string of its UTF-8. */
  string(text: string): void {
    if (text.length <= SHORT_STRING && this.asciiString(text)) return;
    this.utf8String(text);
  }

  /** Writes a short string byte by byte when it is ASCII; false (nothing written) otherwise. */
  private asciiString(text: string): boolean {
    const n = text.length;
    this.ensure(n + 2);
    const b = this.bytes;
    const start = this.pos;
    let pos = start;
    if (n < 24) b[pos++] = 0x40 | n;
    else {
      b[pos++] = 0x58;
      b[pos++] = n;
    }
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) return false;
      b[pos++] = c;
    }
    this.pos = pos;
    return true;
  }

  /**
   * TextEncoder.encodeInto behind a head sized for the worst case (3 bytes per UTF-16 unit);
   * when the actual length needs a shorter head, the content moves back.
   */
  private utf8String(text: string): void {
    const worst = text.length * 3;
    const headSize = headLength(worst);
    this.ensure(headSize + worst);
    const start = this.pos;
    const { written } = textEncoder.encodeInto(text, this.bytes.subarray(start + headSize));
    const actualHead = headLength(written);
    if (actualHead !== headSize) this.bytes.copyWithin(start + actualHead, start + headSize, start + headSize + written);
    this.head(Major.Bytes, written);
    this.pos = start + actualHead + written;
  }
}

/** The size of a head whose argument is `argument`. */
function headLength(argument: number): number {
  if (argument < 24) return 1;
  if (argument < 0x100) return 2;
  if (argument < 0x10000) return 3;
  return argument < TWO_32 ? 5 : 9;
}
