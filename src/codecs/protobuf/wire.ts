/**
 * The Protobuf wire format: a bounds-checked reader (wire-reader.ts) and a growable writer
 * (wire-writer.ts). No reflection here; decode.ts / encode.ts walk the descriptors. 64-bit
 * varints travel as two unsigned 32-bit halves (lo, hi) so that no BigInt is needed on the hot
 * path.
 */
export { WireType } from './wire-types.js';
export { WireReader } from './wire-reader.js';
export { WireWriter, varintSize } from './wire-writer.js';
