/** CBOR's major types, the tags and simple values kube's CBOR uses (RFC 8949). */

export const Major = {
  Unsigned: 0,
  Negative: 1,
  Bytes: 2,
  Text: 3,
  Array: 4,
  Map: 5,
  Tag: 6,
  Simple: 7,
} as const;

/** Additional information 31: an indefinite length (or, under major 7, the "break" code). */
export const INDEFINITE = 31;
export const BREAK = 0xff;

export const Tag = {
  /** RFC 3339 date/time text. */
  DateTime: 0,
  /** Seconds since the epoch. */
  EpochTime: 1,
  UnsignedBignum: 2,
  NegativeBignum: 3,
  /** Expected later encodings of byte strings (RFC 8949 3.4.5.2). */
  Base64Url: 21,
  Base64: 22,
  Base16: 23,
  /** Self-described CBOR; kube prefixes every item with it. */
  SelfDescribed: 55799,
} as const;

export const Simple = { False: 20, True: 21, Null: 22, Undefined: 23 } as const;

/** d9 d9 f7: the head of tag 55799, the first bytes of every item kube writes. */
export const SELF_DESCRIBED_PREFIX: Uint8Array = new Uint8Array([0xd9, 0xd9, 0xf7]);

const TYPE_NAMES = [
  'positive integer',
  'negative integer',
  'byte string',
  'UTF-8 text string',
  'array',
  'map',
  'tag',
  'primitives',
];

/** fxamacker's name of a major type, as its error messages print it. */
export function typeName(major: number): string {
  return TYPE_NAMES[major] ?? `major type ${major}`;
}
