/**
 * The second pass of decoding (after wellformed.ts): one item into plain JSON values, with the
 * semantics of kube's decode mode for unstructured content — integers within int64, only false,
 * true and null as simple values, string map keys only and never twice (a byte string and a text
 * string with the same bytes are the same key), valid UTF-8 in text strings.
 *
 * Byte strings become strings: at a Go []byte position the base64 of their bytes (what Go's JSON
 * writes for []byte), under tag 21/22/23 the text encoding the tag announces (RFC 8949 3.4.5.2:
 * the nearest such tag around the byte string), otherwise their UTF-8 text.
 */
import { concatChunks } from '../../apimachinery/byte-chunks.js';
import { BYTES, EMBEDDED, elementNode, memberNode, type ByteFieldNode } from './byte-fields.js';
import { epochToRfc3339 } from './epoch-time.js';
import { cannotUnmarshal, duplicateKey, invalidUtf8, notAccepted, tagContent } from './errors.js';
import { fromHalfBits } from './half.js';
import { INDEFINITE, Major, Simple, Tag } from './major.js';
import { CborReader } from './reader.js';
import { keyText, laterEncoded, toBase64, utf8Text } from './text.js';
import { byteFieldsAt } from './type-meta.js';

const TWO_53 = 2 ** 53;
const NO_LATER_ENCODING = 0;
type JsonObject = Record<string, unknown>;

/** Decodes a well-formed item (checkWellFormed passed) with the []byte positions of `root`. */
export function decodeWellFormed(bytes: Uint8Array, root: ByteFieldNode | undefined): unknown {
  return new CborDecoder(bytes).value(root, NO_LATER_ENCODING);
}

class CborDecoder extends CborReader {
  /** One value; `later` is the expected later encoding (tag 21-23) around it, or 0. */
  value(node: ByteFieldNode | undefined, later: number): unknown {
    if (node === EMBEDDED) node = byteFieldsAt(this.bytes, this.pos);
    this.head();
    switch (this.major) {
      case Major.Unsigned:
        return this.unsigned();
      case Major.Negative:
        return this.negative();
      case Major.Bytes:
        return this.byteString(node, later);
      case Major.Text:
        return this.textString();
      case Major.Array:
        return this.array(node, later);
      case Major.Map:
        return this.map(node, later);
      case Major.Tag:
        return this.tagged(node, later);
      default:
        return this.simple();
    }
  }

  private unsigned(): number {
    if (this.info === 27 && this.high >= 0x80000000) {
      throw cannotUnmarshal(Major.Unsigned, 'int64', `${this.argument64()} overflows Go's int64`);
    }
    return this.argument;
  }

  private negative(): number {
    if (this.info !== 27 || this.argument < TWO_53) return -1 - this.argument;
    const value = -1n - this.argument64();
    if (this.high >= 0x80000000) throw cannotUnmarshal(Major.Negative, 'int64', `${value} overflows Go's int64`);
    return Number(value);
  }

  private byteString(node: ByteFieldNode | undefined, later: number): string {
    if (node === BYTES) return toBase64(this.stringContent());
    if (later !== NO_LATER_ENCODING) return laterEncoded(later, this.stringContent());
    return this.text(Major.Bytes, false);
  }

  private textString(): string {
    return this.text(Major.Text, false);
  }

  /**
   * The UTF-8 text of the byte or text string whose head was just read. Text strings must be
   * valid UTF-8, each chunk of an indefinite one on its own, as Go checks them.
   */
  private text(major: number, isKey: boolean): string {
    const strict = major === Major.Text;
    if (this.info === INDEFINITE && !strict) {
      const content = this.stringContent();
      return utf8Text(content, 0, content.length, false);
    }
    try {
      if (this.info !== INDEFINITE) {
        const start = this.pos;
        this.pos += this.argument;
        return (isKey ? keyText : utf8Text)(this.bytes, start, this.pos, strict);
      }
      let text = '';
      while (!this.atBreak()) {
        this.head();
        text += this.text(major, false);
      }
      return text;
    } catch (error) {
      if (error instanceof TypeError) throw invalidUtf8();
      throw error;
    }
  }

  /** The bytes of the string whose head was just read; chunks of an indefinite one joined. */
  private stringContent(): Uint8Array {
    if (this.info !== INDEFINITE) {
      this.pos += this.argument;
      return this.bytes.subarray(this.pos - this.argument, this.pos);
    }
    const chunks: Uint8Array[] = [];
    while (!this.atBreak()) {
      this.head();
      chunks.push(this.stringContent());
    }
    return concatChunks(chunks);
  }

  private array(node: ByteFieldNode | undefined, later: number): unknown[] {
    const element = elementNode(node);
    if (this.info === INDEFINITE) {
      const items: unknown[] = [];
      while (!this.atBreak()) items.push(this.value(element, later));
      return items;
    }
    const items = new Array<unknown>(this.argument);
    for (let i = 0; i < items.length; i++) items[i] = this.value(element, later);
    return items;
  }

  private map(node: ByteFieldNode | undefined, later: number): JsonObject {
    const object: JsonObject = {};
    const count = this.info === INDEFINITE ? Infinity : this.argument;
    for (let i = 0; i < count && !(count === Infinity && this.atBreak()); i++) {
      const key = this.key();
      const value = this.value(memberNode(node, key), later);
      if (object[key] !== undefined && Object.hasOwn(object, key)) throw duplicateKey(key, i);
      if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      else object[key] = value;
    }
    return object;
  }

  /** A map key: kube decodes maps into map[string]interface{}, so only strings (or null: "") fit. */
  private key(): string {
    this.head();
    while (this.major === Major.Tag) this.head();
    if (this.major === Major.Bytes || this.major === Major.Text) return this.text(this.major, true);
    if (this.major === Major.Simple && this.info < 25 && this.simple() === null) return '';
    throw cannotUnmarshal(this.major, 'string');
  }

  private tagged(node: ByteFieldNode | undefined, later: number): unknown {
    const tag = this.info === 27 ? Infinity : this.argument;
    switch (tag) {
      case Tag.Base64Url:
      case Tag.Base64:
      case Tag.Base16:
        return this.value(node, tag);
      case Tag.DateTime:
        if (this.peekMajor() !== Major.Text) throw tagContent(tag, 'text string', this.peekMajor());
        return this.value(node, later);
      case Tag.EpochTime:
        return epochToRfc3339(this.epochSeconds());
      case Tag.UnsignedBignum:
      case Tag.NegativeBignum:
        throw notAccepted(Major.Tag, 'bignum');
      default:
        // 55799 (self-described CBOR) anywhere, and tags kube does not know: their content.
        return this.value(node, later);
    }
  }

  private epochSeconds(): number {
    const next = this.bytes[this.pos]!;
    const isNumber = next >>> 5 <= Major.Negative || (next >= 0xf9 && next <= 0xfb);
    if (!isNumber) throw tagContent(Tag.EpochTime, 'integer or floating-point number', next >>> 5);
    return this.value(undefined, NO_LATER_ENCODING) as number;
  }

  /** false, true, null and floats; every other simple value (undefined too) is refused. */
  private simple(): boolean | null | number {
    switch (this.info) {
      case Simple.False:
        return false;
      case Simple.True:
        return true;
      case Simple.Null:
        return null;
      case 25:
        return fromHalfBits(this.argument);
      case 26:
        return this.view.getFloat32(this.pos - 4);
      case 27:
        return this.view.getFloat64(this.pos - 8);
      default:
        throw notAccepted(Major.Simple, `simple value ${this.argument} is not recognized`);
    }
  }
}
