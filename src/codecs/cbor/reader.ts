/**
 * Reads CBOR heads (RFC 8949 3): the major type, the additional information and the argument.
 * Shared by the well-formedness check (wellformed.ts), which runs first over the whole input, and
 * the decoder (decode.ts), which may then assume well-formed input.
 */
import { invalidAdditionalInformation, unexpectedEnd } from './errors.js';
import { BREAK, INDEFINITE, Major } from './major.js';

const TWO_32 = 2 ** 32;

export class CborReader {
  readonly view: DataView;
  pos = 0;
  /** Of the last head read. */
  major = 0;
  info = 0;
  /** The argument (a length, an integer, float bits up to 32); exact below 2^53. */
  argument = 0;
  /** The halves of an 8-byte argument, for exact 64-bit checks. */
  high = 0;
  low = 0;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Reads a head; throws on truncation and on the reserved additional information 28-30. */
  head(): void {
    const b = this.bytes;
    if (this.pos >= b.length) throw unexpectedEnd();
    const initial = b[this.pos++]!;
    const info = initial & 0x1f;
    this.major = initial >>> 5;
    this.info = info;
    if (info < 24) this.argument = info;
    else if (info === 24) {
      this.need(1);
      this.argument = b[this.pos++]!;
    } else if (info === 25) {
      this.need(2);
      this.argument = this.view.getUint16(this.pos);
      this.pos += 2;
    } else if (info === 26) {
      this.need(4);
      this.argument = this.view.getUint32(this.pos);
      this.pos += 4;
    } else if (info === 27) {
      this.need(8);
      this.high = this.view.getUint32(this.pos);
      this.low = this.view.getUint32(this.pos + 4);
      this.argument = this.high * TWO_32 + this.low;
      this.pos += 8;
    } else if (info === INDEFINITE) this.argument = -1;
    else throw invalidAdditionalInformation(info, this.major);
  }

  private need(count: number): void {
    if (this.bytes.length - this.pos < count) throw unexpectedEnd();
  }

  /** The exact 8-byte argument of the last head. */
  argument64(): bigint {
    return (BigInt(this.high) << 32n) | BigInt(this.low);
  }

  /** True when the next byte is the "break" code, which it then consumes. */
  atBreak(): boolean {
    if (this.bytes[this.pos] !== BREAK) return false;
    this.pos++;
    return true;
  }

  /** The next byte's major type (well-formed input: there is a next byte). */
  peekMajor(): number {
    return this.bytes[this.pos]! >>> 5;
  }

  /** Moves past one item; the input must be well-formed. */
  skip(): void {
    this.head();
    switch (this.major) {
      case Major.Bytes:
      case Major.Text:
        if (this.info !== INDEFINITE) this.pos += this.argument;
        else while (!this.atBreak()) this.skip();
        return;
      case Major.Array:
      case Major.Map: {
        if (this.info === INDEFINITE) {
          while (!this.atBreak()) this.skip();
          return;
        }
        const count = this.major === Major.Map ? this.argument * 2 : this.argument;
        for (let i = 0; i < count; i++) this.skip();
        return;
      }
      case Major.Tag:
        this.skip();
    }
  }
}
