/**
 * The CBOR codec (src/codecs/cbor) byte by byte: what the encoder writes (self-described tag,
 * byte strings, key order, shortest integers and floats), what the decoder refuses and with
 * which message (fxamacker/cbor's texts, as kube-apiserver returns them in a 400; most cases are
 * kube's own modes/decode_test.go inputs), and the tags it understands. cbor-x is the
 * independent reference for values both codecs must agree on.
 */
import { Decoder, Encoder } from 'cbor-x';
import { describe, expect, it } from 'vitest';
import { CborDecodeError, CborEncodeError, decodeCbor, encodeCbor } from '../../src/codecs/cbor/index.js';

const fromHex = (hex: string): Uint8Array => new Uint8Array(Buffer.from(hex.replace(/\s/g, ''), 'hex'));
const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
/** Our encoding without the self-described prefix. */
const body = (value: unknown): string => {
  const hex = toHex(encodeCbor(value));
  expect(hex.slice(0, 6)).toBe('d9d9f7');
  return hex.slice(6);
};
/** The error `run` throws; fails the test when there is none. */
function thrownBy(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, got none');
}

const referenceDecoder = new Decoder({ mapsAsObjects: false, useRecords: false });
const referenceEncoder = new Encoder({ useRecords: false, mapsAsObjects: true });

// ---- encoder -------------------------------------------------------------------------------

describe('encoder', () => {
  it.each([
    ['null', null, 'f6'],
    ['true', true, 'f5'],
    ['false', false, 'f4'],
    ['a string, as a byte string', 'a', '4161'],
    ['the empty string', '', '40'],
    ['a map key, as a byte string', { a: 1 }, 'a1416101'],
    ['an array', [1, 'x'], '82014178'],
    ['an undefined array element, as null', [undefined], '81f6'],
    ['undefined members, left out', { a: undefined, b: 1 }, 'a1416201'],
    ['raw bytes (a Uint8Array)', fromHex('0102'), '420102'],
  ])('%s', (_name, value, hex) => {
    expect(body(value)).toBe(hex);
  });

  it.each([
    [0, '00'], [23, '17'], [24, '1818'], [255, '18ff'], [256, '190100'], [65535, '19ffff'], [65536, '1a00010000'],
    [2 ** 32 - 1, '1affffffff'], [2 ** 32, '1b0000000100000000'], [Number.MAX_SAFE_INTEGER, '1b001fffffffffffff'],
    [2 ** 63 - 1024, '1b7ffffffffffffc00'],
    [-1, '20'], [-24, '37'], [-25, '3818'], [-256, '38ff'], [-257, '390100'], [-(2 ** 32), '3affffffff'],
    [Number.MIN_SAFE_INTEGER, '3b001ffffffffffffe'], [-(2 ** 63), '3b7fffffffffffffff'],
    [-0, '00'],
  ])('writes the integer %d in its shortest head', (value, hex) => {
    expect(body(value)).toBe(hex);
  });

  it.each([
    ['float16', 0.5, 'f93800'],
    ['float16', -2.5, 'f9c100'],
    ['float16 subnormal, the smallest', 2 ** -24, 'f90001'],
    ['float16, the smallest normal', 2 ** -14, 'f90400'],
    ['float32: too precise for float16', 100000.5, 'fa47c35040'],
    ['float32: too small for float16', 2 ** -25, 'fa33000000'],
    ['float32, its largest', 3.4028234663852886e38, 'fa7f7fffff'],
    ['float64', 0.1, 'fb3fb999999999999a'],
    ['float64', 1e300, 'fb7e37e43c8800759c'],
    ['float32: an integer beyond int64', 2 ** 63, 'fa5f000000'],
    ['float64: an integer beyond int64', 1e20, 'fb4415af1d78b58c40'],
  ])('writes %s: %d', (_name, value, hex) => {
    expect(body(value)).toBe(hex);
  });

  it.each([
    [NaN, 'cbor: unsupported value: floating-point NaN'],
    [Infinity, 'cbor: unsupported value: floating-point infinity'],
    [-Infinity, 'cbor: unsupported value: floating-point infinity'],
  ])('refuses %d', (value, message) => {
    const error = thrownBy(() => encodeCbor({ a: [value] }));
    expect(error).toBeInstanceOf(CborEncodeError);
    expect(error.message).toBe(message);
  });

  it('refuses values JSON has no form for, and cycles', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => encodeCbor({ f: () => 1 })).toThrow(CborEncodeError);
    expect(() => encodeCbor(cycle)).toThrow(CborEncodeError);
  });

  it('sorts keys by their encoded bytes: shorter UTF-8 first, then bytewise', () => {
    const keys = ['bb', 'a', '😀', 'é', 'ab', '\uffff', 'z', 'B', 'aaa', 'x'.repeat(24), 'x'.repeat(23)];
    const decoded = referenceDecoder.decode(encodeCbor(Object.fromEntries(keys.map((k) => [k, 0])))) as Map<Uint8Array, unknown>;
    const order = [...decoded.keys()].map((k) => new TextDecoder().decode(k));
    // é is c3a9 (after "ab"); U+FFFF is 3 bytes, 😀 4; 24 bytes take a two-byte head (58 18).
    expect(order).toEqual(['B', 'a', 'z', 'ab', 'bb', 'é', 'aaa', '\uffff', '😀', 'x'.repeat(23), 'x'.repeat(24)]);
  });

  it.each([
    ['short ASCII', 'hello'],
    ['32 ASCII characters', 'x'.repeat(32)],
    ['long ASCII (two-byte length)', 'x'.repeat(300)],
    ['non-ASCII whose length shrinks the head', 'é'.repeat(8)],
    ['non-ASCII over 23 bytes', 'é'.repeat(20)],
    ['emoji and a lone surrogate (written as U+FFFD)', `😀 ok ${'\ud800'}`],
    ['64 KiB', 'ü'.repeat(40000)],
  ])('writes %s as the byte string of its UTF-8', (_name, text) => {
    const bytes = referenceDecoder.decode(encodeCbor(text)) as Uint8Array;
    expect(Buffer.from(bytes).toString('utf8')).toBe(Buffer.from(text, 'utf8').toString('utf8'));
  });

  it('agrees with cbor-x on a document of every JSON type', () => {
    const document = { s: 'text', n: [0, -1, 1.5, -1e-300, 2 ** 40, 123456.789], b: [true, false, null], nested: { 'ключ': { deep: [[[]], {}] } } };
    // cbor-x reads 8-byte integers as bigint and byte strings as Uint8Array.
    const asJson = (v: unknown): unknown =>
      typeof v === 'bigint' ? Number(v)
      : v instanceof Uint8Array ? new TextDecoder().decode(v)
        : Array.isArray(v) ? v.map(asJson)
          : v instanceof Map ? Object.fromEntries([...v].map(([k, x]) => [asJson(k), asJson(x)])) : v;
    expect(asJson(referenceDecoder.decode(encodeCbor(document)))).toEqual(document);
    expect(decodeCbor(referenceEncoder.encode(document))).toEqual(document);
  });
});

// ---- decoder: refusals ---------------------------------------------------------------------

const NESTED = (levels: number): string => '81'.repeat(levels) + '00';

describe('decoder refuses, with kube\'s message', () => {
  it.each([
    ['duplicate keys', 'a2 4161 01 4161 02', 'cbor: found duplicate map key "a" at map element index 1'],
    ['a byte string and a text string with the same bytes', 'a2 4141 01 6141 02', 'cbor: found duplicate map key "A" at map element index 1'],
    ['duplicate keys in a nested map', 'a1 4161 a3 4178 01 4179 02 4178 03', 'cbor: found duplicate map key "x" at map element index 2'],
    ['keys split into chunks differently', 'a2 5f426865436c6c6fff 01 5f416844656c6c6fff 02', 'cbor: found duplicate map key "hello" at map element index 1'],
    ['invalid UTF-8 in a text string', '6180', 'cbor: invalid UTF-8 string'],
    ['invalid UTF-8 in a text string key', 'a1 6180 01', 'cbor: invalid UTF-8 string'],
    ['invalid UTF-8 in a text string key seen before as a byte string key', 'a2 4180 01 4161 a1 6180 01', 'cbor: invalid UTF-8 string'],
    ['a UTF-8 sequence split across chunks', '7f 61c3 61a9 ff', 'cbor: invalid UTF-8 string'],
    ['65 nested arrays', NESTED(65), 'cbor: exceeded max nested level 64'],
    ['64 nested arrays in two nested tags', `d9d9f7 d9d9f7 ${NESTED(64)}`, 'cbor: exceeded max nested level 64'],
    ['NaN, half precision', 'f97e00', 'cbor: data item of cbor type primitives is not accepted by protocol: floating-point NaN'],
    ['NaN, single precision', 'fa7fc00000', 'cbor: data item of cbor type primitives is not accepted by protocol: floating-point NaN'],
    ['NaN, double precision', 'fb7ff8000000000000', 'cbor: data item of cbor type primitives is not accepted by protocol: floating-point NaN'],
    ['infinity', 'f97c00', 'cbor: data item of cbor type primitives is not accepted by protocol: floating-point infinity'],
    ['negative infinity', 'fbfff0000000000000', 'cbor: data item of cbor type primitives is not accepted by protocol: floating-point infinity'],
    ['2^64 - 1', '1bffffffffffffffff', "cbor: cannot unmarshal positive integer into Go value of type int64 (18446744073709551615 overflows Go's int64)"],
    ['2^63', '1b8000000000000000', "cbor: cannot unmarshal positive integer into Go value of type int64 (9223372036854775808 overflows Go's int64)"],
    ['-2^64', '3bffffffffffffffff', "cbor: cannot unmarshal negative integer into Go value of type int64 (-18446744073709551616 overflows Go's int64)"],
    ['-2^63 - 1', '3b8000000000000000', "cbor: cannot unmarshal negative integer into Go value of type int64 (-9223372036854775809 overflows Go's int64)"],
    ['an integer key', 'a1 01 01', 'cbor: cannot unmarshal positive integer into Go value of type string'],
    ['a negative integer key', 'a1 20 01', 'cbor: cannot unmarshal negative integer into Go value of type string'],
    ['a float key', 'a1 fb40091eb851eb851f 63706965', 'cbor: cannot unmarshal primitives into Go value of type string'],
    ['a boolean key', 'a1 f5 01', 'cbor: cannot unmarshal primitives into Go value of type string'],
    ['an array key', 'a1 80 01', 'cbor: cannot unmarshal array into Go value of type string'],
    ['a map key', 'a1 a0 01', 'cbor: cannot unmarshal map into Go value of type string'],
    ['undefined', 'f7', 'cbor: data item of cbor type primitives is not accepted by protocol: simple value 23 is not recognized'],
    ['simple value 0', 'e0', 'cbor: data item of cbor type primitives is not accepted by protocol: simple value 0 is not recognized'],
    ['simple value 255', 'f8ff', 'cbor: data item of cbor type primitives is not accepted by protocol: simple value 255 is not recognized'],
    ['undefined as a key', 'a1 f7 01', 'cbor: data item of cbor type primitives is not accepted by protocol: simple value 23 is not recognized'],
    ['a two-byte simple value below 32', 'f818', 'cbor: invalid simple value 24 for type primitives'],
    ['bytes after the item', 'd9d9f7 a1 4161 43616263 01 02 03', 'cbor: 3 bytes of extraneous data starting at index 10'],
    ['a truncated map', 'd9d9f7 a1 41', 'unexpected EOF'],
    ['a truncated string', '5a00000010 61', 'unexpected EOF'],
    ['a truncated argument', '1b00', 'unexpected EOF'],
    ['a tag without content', 'd9d9f7', 'unexpected EOF'],
    ['an unterminated indefinite array', '9f 01', 'unexpected EOF'],
    ['nothing', '', 'EOF'],
    ['additional information 28', '1c', 'cbor: invalid additional information 28 for type positive integer'],
    ['an indefinite-length integer', '1f', 'cbor: invalid additional information 31 for type positive integer'],
    ['a "break" outside an indefinite item', 'ff', 'cbor: unexpected "break" code'],
    ['an indefinite map with a key and no value', 'bf 4161 ff', 'cbor: unexpected "break" code'],
    ['a text chunk in a byte string', '5f 6161 ff', 'cbor: wrong element type UTF-8 text string for indefinite-length byte string'],
    ['an indefinite chunk', '5f 5f ff ff', 'cbor: indefinite-length byte string chunk is not definite-length'],
    ['a string longer than Go can index', '5b8000000000000000', 'cbor: byte string length 9223372036854775808 is too large, causing integer overflow'],
    ['a bignum', 'c2 4101', 'cbor: data item of cbor type tag is not accepted by protocol: bignum'],
    ['tag 0 around a byte string', 'c0 54323030362d30312d30325431353a30343a30355a', 'cbor: tag number 0 must be followed by text string, got byte string'],
    ['tag 1 around a text string', 'c1 6161', 'cbor: tag number 1 must be followed by integer or floating-point number, got UTF-8 text string'],
  ])('%s', (_name, hex, message) => {
    const error = thrownBy(() => decodeCbor(fromHex(hex)));
    expect(error).toBeInstanceOf(CborDecodeError);
    expect(error.message).toBe(message);
  });

  it.each([
    ['indefinite-length array', '9f ff', "cbor: indefinite-length array isn't allowed"],
    ['indefinite-length map', 'a1 4161 bf ff', "cbor: indefinite-length map isn't allowed"],
    ['indefinite-length byte string', '5f ff', "cbor: indefinite-length byte string isn't allowed"],
    ['indefinite-length text string', '7f ff', "cbor: indefinite-length UTF-8 text string isn't allowed"],
  ])('with refuseIndefiniteLength, an %s', (_name, hex, message) => {
    const error = thrownBy(() => decodeCbor(fromHex(hex), { refuseIndefiniteLength: true }));
    expect(error).toBeInstanceOf(CborDecodeError);
    expect(error.message).toBe(message);
  });

  it.each([
    // fxamacker checks well-formedness over the whole input before decoding any value.
    ['extraneous bytes win over a duplicate key before them', 'a2 4161 01 4161 02 00', 'cbor: 1 bytes of extraneous data starting at index 7'],
    ['a later NaN wins over earlier invalid UTF-8', '82 6180 f97e00', 'cbor: data item of cbor type primitives is not accepted by protocol: floating-point NaN'],
    ['a later truncation wins over an earlier duplicate key', '82 a2 4161 01 4161 02 41', 'unexpected EOF'],
  ])('in kube\'s order: %s', (_name, hex, message) => {
    expect(thrownBy(() => decodeCbor(fromHex(hex))).message).toBe(message);
  });
});

// ---- decoder: values -----------------------------------------------------------------------

describe('decoder', () => {
  it.each([
    ['int64 max', '1b7fffffffffffffff', 9223372036854775807],
    ['int64 min', '3b7fffffffffffffff', -9223372036854775808],
    ['a half-precision float', 'f93e00', 1.5],
    ['the smallest float16 subnormal', 'f90001', 2 ** -24],
    ['a single-precision float', 'fa47c35040', 100000.5],
    ['an untagged byte string, as its UTF-8 text', '4668c3a96c6c6f', 'héllo'],
    ['a byte string with invalid UTF-8, with U+FFFD', '42ff61', '\ufffda'],
    ['a leading U+FEFF, kept', '63efbbbf', '\ufeff'],
    ['tag 22: base64', 'd6 43010203', 'AQID'],
    ['tag 21: base64url without padding', 'd5 42fbff', '-_8'],
    ['tag 23: lowercase hex', 'd7 4201ab', '01ab'],
    ['tag 22 around an array applies to its byte strings', 'd6 82 41ff 41fe', ['/w==', '/g==']],
    ['the nearest tag 21-23 wins', 'd5 82 d6 41ff 41fe', ['/w==', '_g']],
    ['tag 22 does not change a text string', 'd6 6161', 'a'],
    ['tag 0: its RFC 3339 text', 'c0 74323030362d30312d30325431353a30343a30355a', '2006-01-02T15:04:05Z'],
    ['tag 1: RFC 3339 in UTC', 'c1 1a43b940e5', '2006-01-02T15:04:05Z'],
    ['tag 1 with a fraction', 'c1 fb41d0ee5039600000', '2006-01-02T15:04:05.5Z'],
    ['an unknown tag: its content', 'c4 82 21 196ab3', [-2, 27315]],
    ['55799 anywhere', 'd9d9f7 a1 4161 d9d9f7 01', { a: 1 }],
    ['a null key, as Go decodes it into a string: ""', 'a1 f6 01', { '': 1 }],
    ['indefinite-length items (kube accepts them)', 'bf 4161 9f 01 02 ff 4162 7f 6161 6162 ff 4163 5f 4161 4162 ff ff', { a: [1, 2], b: 'ab', c: 'ab' }],
    ['64 nested arrays', NESTED(64), JSON.parse(`${'['.repeat(64)}0${']'.repeat(64)}`)],
    ['64 nested arrays in the self-described tag', `d9d9f7 ${NESTED(64)}`, JSON.parse(`${'['.repeat(64)}0${']'.repeat(64)}`)],
  ])('%s', (_name, hex, value) => {
    expect(decodeCbor(fromHex(hex))).toEqual(value);
  });

  it('reads an item with or without the self-described prefix', () => {
    const bytes = encodeCbor({ kind: 'ConfigMap', data: { a: '1' } });
    expect(decodeCbor(bytes.subarray(3))).toEqual(decodeCbor(bytes));
  });

  it('keeps a "__proto__" key as an own member, not as the prototype', () => {
    const decoded = decodeCbor(fromHex('a2 495f5f70726f746f5f5f a1 4178 01 4179 02')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.hasOwn(decoded, '__proto__')).toBe(true);
    expect(JSON.stringify(decoded)).toBe('{"__proto__":{"x":1},"y":2}');
  });
});
