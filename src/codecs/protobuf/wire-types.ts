/** The wire types kube's messages use (groups, 3 and 4, are not among them). */
export const WireType = { Varint: 0, Fixed64: 1, LengthDelimited: 2, Fixed32: 5 } as const;
export type WireType = (typeof WireType)[keyof typeof WireType];

/** 2^32: the weight of a 64-bit varint's high half. */
export const TWO_32 = 4294967296;
