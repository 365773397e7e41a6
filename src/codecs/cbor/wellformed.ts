/**
 * The first pass of decoding, as fxamacker/cbor's wellformed(): the whole input is checked
 * before any value is built, so these errors win over the decoder's (duplicate keys, UTF-8...)
 * whatever their position. Checked here: truncation, reserved additional information, misplaced
 * "break" codes, two-byte simple values below 32, indefinite-length strings made of anything
 * but definite chunks of their own type, nesting deeper than 64 (arrays, maps and nested tags,
 * as kube's decode mode counts them), NaN and infinities, and bytes after the item.
 */
import {
  emptyInput,
  extraneousData,
  indefiniteChunk,
  indefiniteLengthRefused,
  invalidAdditionalInformation,
  invalidSimpleValue,
  lengthOverflow,
  nestedTooDeep,
  notAccepted,
  unexpectedBreak,
  unexpectedEnd,
  wrongChunkType,
} from './errors.js';
import { fromHalfBits } from './half.js';
import { INDEFINITE, Major } from './major.js';
import { CborReader } from './reader.js';

/** kube's MaxNestedLevels (fxamacker's default is 32). */
export const MAX_NESTED_LEVELS = 64;

/** Throws a CborDecodeError unless `bytes` is exactly one well-formed, acceptable item. */
export function checkWellFormed(bytes: Uint8Array, refuseIndefiniteLength: boolean): void {
  if (bytes.length === 0) throw emptyInput();
  const check = new WellFormedness(bytes, refuseIndefiniteLength);
  check.item(0);
  if (check.pos !== bytes.length) throw extraneousData(bytes.length - check.pos, check.pos);
}

class WellFormedness extends CborReader {
  constructor(bytes: Uint8Array, private readonly refuseIndefiniteLength: boolean) {
    super(bytes);
  }

  item(depth: number): void {
    this.head();
    switch (this.major) {
      case Major.Unsigned:
      case Major.Negative:
        if (this.info === INDEFINITE) throw invalidAdditionalInformation(INDEFINITE, this.major);
        return;
      case Major.Bytes:
      case Major.Text:
        return this.string(depth);
      case Major.Array:
      case Major.Map:
        return this.container(depth + 1);
      case Major.Tag:
        return this.tag(depth);
      default:
        return this.simple();
    }
  }

  private string(depth: number): void {
    if (this.info === INDEFINITE) return this.chunks(this.major, depth);
    if (this.info === 27 && this.high >= 0x80000000) throw lengthOverflow(this.major, this.argument64());
    if (this.argument > this.bytes.length - this.pos) throw unexpectedEnd();
    this.pos += this.argument;
  }

  private chunks(major: number, depth: number): void {
    if (this.refuseIndefiniteLength) throw indefiniteLengthRefused(major);
    for (;;) {
      if (this.pos >= this.bytes.length) throw unexpectedEnd();
      if (this.atBreak()) return;
      const initial = this.bytes[this.pos]!;
      if (initial >>> 5 !== major) throw wrongChunkType(initial >>> 5, major);
      if ((initial & 0x1f) === INDEFINITE) throw indefiniteChunk(major);
      this.item(depth);
    }
  }

  private container(depth: number): void {
    const major = this.major;
    if (depth > MAX_NESTED_LEVELS) throw nestedTooDeep(MAX_NESTED_LEVELS);
    if (this.info === INDEFINITE) return this.indefiniteContainer(major, depth);
    if (this.info === 27 && this.high >= 0x80000000) throw lengthOverflow(major, this.argument64());
    // Each item takes at least one byte, so a huge count ends in unexpectedEnd, not a long loop.
    const count = major === Major.Map ? this.argument * 2 : this.argument;
    for (let i = 0; i < count; i++) this.item(depth);
  }

  private indefiniteContainer(major: number, depth: number): void {
    if (this.refuseIndefiniteLength) throw indefiniteLengthRefused(major);
    let items = 0;
    for (;;) {
      if (this.pos >= this.bytes.length) throw unexpectedEnd();
      if (this.atBreak()) break;
      this.item(depth);
      items++;
    }
    if (major === Major.Map && items % 2 === 1) throw unexpectedBreak();
  }

  /** A tag and the tags nested right in it; the first one does not count as a level. */
  private tag(depth: number): void {
    let level = depth;
    for (;;) {
      if (this.info === INDEFINITE) throw invalidAdditionalInformation(INDEFINITE, Major.Tag);
      if (this.pos >= this.bytes.length) throw unexpectedEnd();
      if (this.peekMajor() !== Major.Tag) break;
      this.head();
      if (++level > MAX_NESTED_LEVELS) throw nestedTooDeep(MAX_NESTED_LEVELS);
    }
    this.item(level);
  }

  private simple(): void {
    switch (this.info) {
      case INDEFINITE:
        throw unexpectedBreak();
      case 24:
        if (this.argument < 32) throw invalidSimpleValue(this.argument);
        return;
      case 25:
        return acceptableFloat(fromHalfBits(this.argument));
      case 26:
        return acceptableFloat(this.view.getFloat32(this.pos - 4));
      case 27:
        return acceptableFloat(this.view.getFloat64(this.pos - 8));
    }
  }
}

/** kube's decode mode refuses NaN and infinities: JSON has no representation for them. */
function acceptableFloat(value: number): void {
  if (Number.isNaN(value)) throw notAccepted(Major.Simple, 'floating-point NaN');
  if (!Number.isFinite(value)) throw notAccepted(Major.Simple, 'floating-point infinity');
}
