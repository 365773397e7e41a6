/**
 * IEEE 754 half precision (float16), which CBOR encodes as major type 7, additional info 25.
 * JavaScript has no float16 type: the conversions work on float32 bits.
 */

const scratch = new DataView(new ArrayBuffer(4));

/**
 * The float16 bits of `value` when float16 holds it exactly (normal or subnormal), else -1.
 * `value` must be finite and exactly representable as a float32 (Math.fround(value) === value).
 */
export function exactHalfBits(value: number): number {
  scratch.setFloat32(0, value);
  const bits = scratch.getUint32(0);
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127;
  const mantissa = bits & 0x7fffff;
  if ((bits & 0x7fffffff) === 0) return sign; // ±0
  if (exponent > 15 || exponent < -24) return -1;
  if (exponent >= -14) {
    if (mantissa & 0x1fff) return -1; // more than float16's 10 mantissa bits
    return sign | ((exponent + 15) << 10) | (mantissa >>> 13);
  }
  // A float16 subnormal: significand × 2^-24, without the implicit exponent.
  const significand = 0x800000 | mantissa;
  const shift = -1 - exponent;
  if (significand & ((1 << shift) - 1)) return -1;
  return sign | (significand >>> shift);
}

/** The number float16 bits stand for (NaN and infinities included). */
export function fromHalfBits(half: number): number {
  const sign = half & 0x8000 ? -1 : 1;
  const exponent = (half >>> 10) & 0x1f;
  const mantissa = half & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? NaN : sign * Infinity;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}
