/**
 * IP addresses and CIDRs as k8s.io/utils/net reads them (ParseIPSloppy, ParseCIDRSloppy: Go 1.16's
 * parser, which still accepts IPv4 octets with leading zeros in v1.32), and the checks kube builds
 * on them: validation.IsValidIP / IsValidCIDR and the special ranges of ValidateNonSpecialIP and
 * ValidateEndpointIP. An address is its bytes as written: 4 for dotted IPv4 text, 16 for IPv6 text
 * (`::ffff:a.b.c.d` included; to4 finds the IPv4 address inside, as Go's To4 does).
 * Known difference from Go, kept: a dotted IPv4 tail is also accepted before `::` (`1.2.3.4::`).
 * CRD schema formats (`ipv4`, `ipv6`, `cidr`) use Go's strict net.ParseIP instead: src/schema/formats.ts.
 */
import { fieldError, type FieldError } from '../field-errors.js';

/** ParseIPSloppy: the address's bytes (4 or 16, as written), or null. */
export function parseIP(text: string): number[] | null {
  if (text.includes(':')) return parseIPv6(text);
  return parseIPv4(text);
}

function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^[0-9]{1,3}$/.test(part) ? Number(part) : 256));
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

function parseIPv6(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? parseGroups(halves[0]) : [];
  const tail = halves.length === 2 && halves[1] ? parseGroups(halves[1]) : [];
  if (!head || !tail) return null;
  const missing = 16 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 2) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** Colon-separated 16-bit groups as bytes; the last group may be a dotted IPv4 address. */
function parseGroups(text: string): number[] | null {
  const groups = text.split(':');
  const bytes: number[] = [];
  for (const [index, group] of groups.entries()) {
    if (index === groups.length - 1 && group.includes('.')) {
      const ipv4 = parseIPv4(group);
      if (!ipv4) return null;
      bytes.push(...ipv4);
    } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) {
      const value = parseInt(group, 16);
      bytes.push(value >> 8, value & 255);
    } else return null;
  }
  return bytes;
}

const v4MappedPrefix = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/** Go's IP.To4: the IPv4 address (4 bytes) of an IPv4 or IPv4-mapped IPv6 address, else null. */
export function to4(bytes: number[]): number[] | null {
  if (bytes.length === 4) return bytes;
  return bytes.slice(0, 12).every((byte, index) => byte === v4MappedPrefix[index]) ? bytes.slice(12) : null;
}

/** Go's IP.To16: the 16-byte form, IPv4 as an IPv4-mapped IPv6 address. */
export function to16(bytes: number[]): number[] {
  return bytes.length === 4 ? [...v4MappedPrefix, ...bytes] : bytes;
}

/** True for an address written in IPv6 form (an IPv4-mapped one included, unlike Go's IsIPv6String). */
export function isIPv6(text: string): boolean {
  return parseIP(text)?.length === 16;
}

/** validation.IsValidIP. */
export function validateIP(text: string, path: string): FieldError[] {
  return parseIP(text) ? [] : [fieldError.invalid(path, text, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')];
}

/** A parsed CIDR: the address bytes as written and the prefix length. */
export interface Cidr {
  bytes: number[];
  prefix: number;
}

/** ParseCIDRSloppy, or null; the prefix may have leading zeros and is bounded by the written family. */
export function parseCIDR(text: string): Cidr | null {
  const [address = '', prefixText, ...rest] = text.split('/');
  const bytes = parseIP(address);
  if (!bytes || prefixText === undefined || rest.length || !/^[0-9]+$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= bytes.length * 8 ? { bytes, prefix } : null;
}

/** validation.IsValidCIDR. */
export function validateCIDR(text: string, path: string): FieldError[] {
  return parseCIDR(text) ? [] : [fieldError.invalid(path, text, 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)')];
}

/** IPNet.Contains on `outer`'s network, and a longer mask: `inner` lies strictly within `outer` (same family by To4). */
export function isStrictSubnet(outer: Cidr, inner: Cidr): boolean {
  const outerIPv4 = to4(outer.bytes) !== null;
  if (outerIPv4 !== (to4(inner.bytes) !== null)) return false;
  return samePrefix(to16(outer.bytes), to16(inner.bytes), (outerIPv4 ? 96 : 0) + outer.prefix) && outer.prefix < inner.prefix;
}

/** The first `bits` bits of two 16-byte addresses are equal. */
function samePrefix(left: number[], right: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const index = Math.floor(bit / 8);
    const mask = 0x80 >> (bit % 8);
    if ((left[index]! & mask) !== (right[index]! & mask)) return false;
  }
  return true;
}

/** The special ranges an endpoint or external IP may not be in: unspecified, loopback, link-local unicast and multicast. */
export function specialIPProblems(text: string, bytes: number[]): string[] {
  const ipv4 = to4(bytes);
  const problems: string[] = [];
  if (bytes.every((byte) => byte === 0) || (ipv4 && ipv4.every((byte) => byte === 0))) problems.push(`may not be unspecified (${text})`);
  if (ipv4 ? ipv4[0] === 127 : bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1) {
    problems.push('may not be in the loopback range (127.0.0.0/8, ::1/128)');
  }
  if (ipv4 ? ipv4[0] === 169 && ipv4[1] === 254 : bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) {
    problems.push('may not be in the link-local range (169.254.0.0/16, fe80::/10)');
  }
  if (ipv4 ? ipv4[0] === 224 && ipv4[1] === 0 && ipv4[2] === 0 : bytes[0] === 0xff && (bytes[1]! & 0x0f) === 2) {
    problems.push('may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)');
  }
  return problems;
}

/** ValidateNonSpecialIP (Endpoints, externalIPs): a valid address outside the special ranges. */
export function validateNonSpecialIP(text: string, path: string): FieldError[] {
  const bytes = parseIP(text);
  if (!bytes) return [fieldError.invalid(path, text, 'must be a valid IP address')];
  return specialIPProblems(text, bytes).map((message) => fieldError.invalid(path, text, message));
}
