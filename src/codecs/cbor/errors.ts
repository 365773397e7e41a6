/**
 * Errors of the CBOR codec, with the texts of fxamacker/cbor (the library kube-apiserver decodes
 * with), because the message of a CborDecodeError reaches the client in a 400 Status. A
 * CborEncodeError means the server holds a value CBOR cannot carry (NaN, a function...): a 500.
 */
import { typeName } from './major.js';

/** The bytes are not an acceptable kube CBOR item. */
export class CborDecodeError extends Error {
  override readonly name = 'CborDecodeError';
}

/** A value cannot be written as kube's CBOR. */
export class CborEncodeError extends Error {
  override readonly name = 'CborEncodeError';
}

const fail = (message: string): CborDecodeError => new CborDecodeError(message);

/** Go's io.EOF (an empty body) and io.ErrUnexpectedEOF (a truncated item). */
export const emptyInput = (): CborDecodeError => fail('EOF');
export const unexpectedEnd = (): CborDecodeError => fail('unexpected EOF');

export const extraneousData = (count: number, index: number): CborDecodeError =>
  fail(`cbor: ${count} bytes of extraneous data starting at index ${index}`);

export const invalidAdditionalInformation = (info: number, major: number): CborDecodeError =>
  fail(`cbor: invalid additional information ${info} for type ${typeName(major)}`);

export const unexpectedBreak = (): CborDecodeError => fail('cbor: unexpected "break" code');

export const invalidSimpleValue = (value: number): CborDecodeError =>
  fail(`cbor: invalid simple value ${value} for type primitives`);

export const indefiniteLengthRefused = (major: number): CborDecodeError =>
  fail(`cbor: indefinite-length ${typeName(major)} isn't allowed`);

export const wrongChunkType = (chunk: number, major: number): CborDecodeError =>
  fail(`cbor: wrong element type ${typeName(chunk)} for indefinite-length ${typeName(major)}`);

export const indefiniteChunk = (major: number): CborDecodeError =>
  fail(`cbor: indefinite-length ${typeName(major)} chunk is not definite-length`);

/** A length of 2^63 or more (Go's int would overflow); fxamacker words it apart for containers. */
export const lengthOverflow = (major: number, length: bigint): CborDecodeError =>
  fail(`cbor: ${typeName(major)} length ${length} is too large, ${major >= 4 ? 'it would cause' : 'causing'} integer overflow`);

export const nestedTooDeep = (max: number): CborDecodeError => fail(`cbor: exceeded max nested level ${max}`);

/** fxamacker's UnacceptableDataItemError (NaN, infinities, rejected simple values, bignums). */
export const notAccepted = (major: number, what: string): CborDecodeError =>
  fail(`cbor: data item of cbor type ${typeName(major)} is not accepted by protocol: ${what}`);

export const invalidUtf8 = (): CborDecodeError => fail('cbor: invalid UTF-8 string');

export const duplicateKey = (key: string, index: number): CborDecodeError =>
  fail(`cbor: found duplicate map key "${key}" at map element index ${index}`);

/** An item that cannot land in a Go value of `goType` (a non-string map key, an int64 overflow). */
export const cannotUnmarshal = (major: number, goType: string, detail?: string): CborDecodeError =>
  fail(`cbor: cannot unmarshal ${typeName(major)} into Go value of type ${goType}${detail ? ` (${detail})` : ''}`);

export const tagContent = (tag: number, want: string, major: number): CborDecodeError =>
  fail(`cbor: tag number ${tag} must be followed by ${want}, got ${typeName(major)}`);
