/**
 * kube's IP and CIDR libraries (apiserver/pkg/cel/library/ip.go, cidr.go): ip(), isIP(),
 * ip.isCanonical(), family(), isUnspecified(), isLoopback(), isLinkLocalMulticast(),
 * isLinkLocalUnicast(), isGlobalUnicast(), string(ip); cidr(), isCIDR(), containsIP(),
 * containsCIDR(), ip(), masked(), prefixLength(), string(cidr). Zones and IPv4-mapped IPv6
 * addresses are refused, with kube's texts.
 */
import { EvalError, Opaque, type Value } from '../values/kinds.js';
import { addrString, is4In6, masked, parseAddr, parsePrefix, prefixContains, type Addr, type Prefix } from './netip.js';
import type { RuntimeLibrary } from './types.js';

export class IPValue extends Opaque {
  readonly typeName = 'net.IP';
  constructor(readonly addr: Addr) {
    super();
  }
  equals(other: Opaque): boolean {
    return other instanceof IPValue && addrString(other.addr) === addrString(this.addr);
  }
}

export class CIDRValue extends Opaque {
  readonly typeName = 'net.CIDR';
  constructor(readonly prefix: Prefix) {
    super();
  }
  equals(other: Opaque): boolean {
    return other instanceof CIDRValue && other.prefix.bits === this.prefix.bits && addrString(other.prefix.addr) === addrString(this.prefix.addr);
  }
}

/** kube's parseIPAddr. */
function toIP(text: string): IPValue | EvalError {
  const addr = parseAddr(text);
  if (typeof addr === 'string') return new EvalError(`IP Address ${JSON.stringify(text)} parse error during conversion from string: ${addr}`);
  if (addr.zone) return new EvalError(`IP address ${JSON.stringify(text)} with zone value is not allowed`);
  if (is4In6(addr)) return new EvalError(`IPv4-mapped IPv6 address ${JSON.stringify(text)} is not allowed`);
  return new IPValue(addr);
}

/** kube's parseCIDR. */
function toCIDR(text: string): CIDRValue | EvalError {
  const prefix = parsePrefix(text);
  if (typeof prefix === 'string') return new EvalError(`network address parse error during conversion from string: ${prefix}`);
  if (is4In6(prefix.addr)) return new EvalError(`IPv4-mapped IPv6 address ${JSON.stringify(text)} is not allowed`);
  return new CIDRValue(prefix);
}

const v4 = (addr: Addr): number[] | undefined => (addr.bytes.length === 4 ? addr.bytes : undefined);
const allZero = (bytes: number[]): boolean => bytes.every((byte) => byte === 0);
const isLoopback = (addr: Addr): boolean => (v4(addr) ? addr.bytes[0] === 127 : allZero(addr.bytes.slice(0, 15)) && addr.bytes[15] === 1);
const isMulticast = (addr: Addr): boolean => (v4(addr) ? (addr.bytes[0]! & 0xf0) === 0xe0 : addr.bytes[0] === 0xff);
const isLinkLocalUnicast = (addr: Addr): boolean => (v4(addr) ? addr.bytes[0] === 169 && addr.bytes[1] === 254 : addr.bytes[0] === 0xfe && (addr.bytes[1]! & 0xc0) === 0x80);

const predicates: Record<string, (addr: Addr) => boolean> = {
  isUnspecified: (addr) => allZero(addr.bytes),
  isLoopback,
  isLinkLocalMulticast: (addr) => (v4(addr) ? addr.bytes[0] === 224 && addr.bytes[1] === 0 && addr.bytes[2] === 0 : addr.bytes[0] === 0xff && (addr.bytes[1]! & 0x0f) === 0x02),
  isLinkLocalUnicast,
  isGlobalUnicast: (addr) => !allZero(addr.bytes) && !(v4(addr) && addr.bytes.every((byte) => byte === 255)) && !isLoopback(addr) && !isMulticast(addr) && !isLinkLocalUnicast(addr),
};

const ipOf = (value: Value | undefined): IPValue | EvalError | undefined => (value instanceof IPValue ? value : typeof value === 'string' ? toIP(value) : undefined);
const cidrOf = (value: Value | undefined): CIDRValue | EvalError | undefined => (value instanceof CIDRValue ? value : typeof value === 'string' ? toCIDR(value) : undefined);

export const ipCidrLibrary: RuntimeLibrary = {
  ip(target, [text]) {
    if (target instanceof CIDRValue) return new IPValue(target.prefix.addr);
    return typeof text === 'string' && target === undefined ? toIP(text) : undefined;
  },
  isIP: (_target, [text]) => (typeof text === 'string' ? toIP(text) instanceof IPValue : undefined),
  'ip.isCanonical'(_target, [text]) {
    if (typeof text !== 'string') return undefined;
    const ip = toIP(text);
    return ip instanceof IPValue ? addrString(ip.addr) === text : ip;
  },
  family: (target) => (target instanceof IPValue ? (target.addr.bytes.length === 4 ? 4n : 6n) : undefined),
  ...Object.fromEntries(Object.entries(predicates).map(([name, test]) => [name, (target: Value | undefined) => (target instanceof IPValue ? test(target.addr) : undefined)])),
  string(_target, [value]) {
    if (value instanceof IPValue) return addrString(value.addr);
    return value instanceof CIDRValue ? `${addrString(value.prefix.addr)}/${value.prefix.bits}` : undefined;
  },
  cidr: (_target, [text]) => (typeof text === 'string' ? toCIDR(text) : undefined),
  isCIDR: (_target, [text]) => (typeof text === 'string' ? toCIDR(text) instanceof CIDRValue : undefined),
  containsIP(target, [other]) {
    const ip = ipOf(other);
    if (!(target instanceof CIDRValue) || !ip) return undefined;
    return ip instanceof EvalError ? ip : prefixContains(target.prefix, ip.addr);
  },
  containsCIDR(target, [other]) {
    const cidr = cidrOf(other);
    if (!(target instanceof CIDRValue) || !cidr) return undefined;
    if (cidr instanceof EvalError) return cidr;
    return target.prefix.bits <= cidr.prefix.bits && prefixContains(target.prefix, cidr.prefix.addr);
  },
  masked: (target) => (target instanceof CIDRValue ? new CIDRValue(masked(target.prefix)) : undefined),
  prefixLength: (target) => (target instanceof CIDRValue ? BigInt(target.prefix.bits) : undefined),
};
