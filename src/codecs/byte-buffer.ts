/**
 * The growing byte buffer under the binary encoders (CBOR's CborWriter, Protobuf's WireWriter):
 * one Uint8Array written front to back, doubled when full, and strings written as their UTF-8
 * after a length prefix with the text encoded once, in place.
 */
const utf8 = new TextEncoder();

export class ByteBuffer {
  bytes: Uint8Array;
  /** A view of `bytes` for multi-byte numbers; replaced when the buffer grows. */
  view: DataView;
  pos = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
    this.view = new DataView(this.bytes.buffer);
  }

  /** Makes room for `count` more bytes. */
  ensure(count: number): void {
    const needed = this.pos + count;
    if (needed <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.pos));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  /** Appends bytes as they are. */
  append(content: Uint8Array): void {
    this.ensure(content.length);
    this.bytes.set(content, this.pos);
    this.pos += content.length;
  }

  /** A copy of what was written. */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.pos);
  }

  /**
   * The UTF-8 of `text` after its length prefix. Room is made for the prefix of the longest
   * possible encoding (3 bytes per UTF-16 unit), TextEncoder.encodeInto writes the content once,
   * and the content moves back when its actual length takes a shorter prefix. `prefixSize(n)` is
   * the size of the prefix of length n; `writePrefix(n)` writes it at `pos`.
   */
  protected prefixedUtf8(text: string, prefixSize: (length: number) => number, writePrefix: (length: number) => void): void {
    const worst = text.length * 3;
    const reserved = prefixSize(worst);
    this.ensure(reserved + worst);
    const start = this.pos;
    const { written } = utf8.encodeInto(text, this.bytes.subarray(start + reserved));
    const actual = prefixSize(written);
    if (actual !== reserved) this.bytes.copyWithin(start + actual, start + reserved, start + reserved + written);
    writePrefix(written);
    this.pos = start + actual + written;
  }
}
