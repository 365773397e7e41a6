/**
 * Go's net/netip as kube's IP and CIDR libraries use it: ParseAddr (strict: no leading zeros in
 * IPv4 fields), Addr.String (RFC 5952 for IPv6), ParsePrefix, Prefix.Masked and containment.
 * kube rejects zones and IPv4-mapped IPv6 addresses on top.
 */
import { parseIP } from '../../apimachinery/validation/ip-addresses.js';

export interface Addr {
  bytes: number[];
  zone: string;
}

/** ParseAddr, or Go's error text. */
export function parseAddr(text: string): Addr | string {
  const fail = (reason: string): string => `ParseAddr(${JSON.stringify(text)}): ${reason}`;
  const [address = '', zone = ''] = text.includes(':') ? text.split('%', 2) : [text, ''];
  if (text.includes('%') && (!text.includes(':') || zone === '')) return fail('unable to parse IP');
  const dotted = address.includes('.') ? address.slice(address.lastIndexOf(':') + 1).split('.') : [];
  if (dotted.some((field) => field.length > 1 && field.startsWith('0'))) return fail('IPv4 field has octet with leading zero');
  if (dotted.some((field) => /^[0-9]+$/.test(field) && Number(field) > 255)) return fail('IPv4 field has value >255');
  const bytes = parseIP(address);
  return bytes ? { bytes, zone } : fail('unable to parse IP');
}

/** Addr.Is4In6. */
export const is4In6 = (addr: Addr): boolean => addr.bytes.length === 16 && addr.bytes.slice(0, 10).every((byte) => byte === 0) && addr.bytes[10] === 0xff && addr.bytes[11] === 0xff;

/** Addr.String. */
export function addrString(addr: Addr): string {
  if (addr.bytes.length === 4) return addr.bytes.join('.');
  if (is4In6(addr)) return `::ffff:${addr.bytes.slice(12).join('.')}`;
  const groups = [0, 1, 2, 3, 4, 5, 6, 7].map((index) => (addr.bytes[index * 2]! << 8) | addr.bytes[index * 2 + 1]!);
  let [bestStart, bestLength] = [-1, 1];
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = (list: number[]): string => list.map((group) => group.toString(16)).join(':');
  const text = bestStart < 0 ? hex(groups) : `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLength))}`;
  return addr.zone ? `${text}%${addr.zone}` : text;
}

export interface Prefix {
  addr: Addr;
  bits: number;
}

/** ParsePrefix, or Go's error text. */
export function parsePrefix(text: string): Prefix | string {
  const fail = (reason: string): string => `netip.ParsePrefix(${JSON.stringify(text)}): ${reason}`;
  const slash = text.lastIndexOf('/');
  if (slash < 0) return fail('no \'/\'');
  const addr = parseAddr(text.slice(0, slash));
  if (typeof addr === 'string') return fail(addr);
  if (addr.zone) return fail('IPv6 zones cannot be present in a prefix');
  const bitsText = text.slice(slash + 1);
  if (!/^(0|[1-9][0-9]*)$/.test(bitsText)) return fail(`bad bits after slash: ${JSON.stringify(bitsText)}`);
  const bits = Number(bitsText);
  if (bits > addr.bytes.length * 8) return fail('prefix length out of range');
  return { addr, bits };
}

/** Prefix.Masked. */
export function masked(prefix: Prefix): Prefix {
  const bytes = prefix.addr.bytes.map((byte, index) => {
    const keep = Math.max(0, Math.min(8, prefix.bits - index * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return { addr: { bytes, zone: '' }, bits: prefix.bits };
}

/** Prefix.Contains: same family and the first `bits` bits equal. */
export function prefixContains(prefix: Prefix, addr: Addr): boolean {
  if (prefix.addr.bytes.length !== addr.bytes.length || addr.zone) return false;
  const mine = masked(prefix).addr.bytes;
  const theirs = masked({ addr, bits: prefix.bits }).addr.bytes;
  return mine.every((byte, index) => byte === theirs[index]);
}
