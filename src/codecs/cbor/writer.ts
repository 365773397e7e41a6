/**
 * Writes CBOR heads and items into one growing Uint8Array: definite lengths only, arguments in
 * their shortest form (RFC 8949 4.2.1), every string as a byte string (major type 2), as kube's
 * encode mode does. The value walk lives in encode.ts.
 */
import { ByteBuffer } from '../byte-buffer.js';
import { CborEncodeError } from './errors.js';
import { exactHalfBits } from './half.js';
import { Major } from './major.js';

const TWO_32 = 2 ** 32;
const TWO_53 = 2 ** 53;
const TWO_63 = 2 ** 63;
const SHORT_STRING = 32;

export class CborWriter extends ByteBuffer {
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
    this.append(content);
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

  /** A byte string of any UTF-8 (see ByteBuffer.prefixedUtf8). */
  private utf8String(text: string): void {
    this.prefixedUtf8(text, headLength, (length) => this.head(Major.Bytes, length));
  }
}

/** The size of a head whose argument is `argument`. */
function headLength(argument: number): number {
  if (argument < 24) return 1;
  if (argument < 0x100) return 2;
  if (argument < 0x10000) return 3;
  return argument < TWO_32 ? 5 : 9;
}
