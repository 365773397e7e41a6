/**
 * Ports, IP addresses and CIDRs as k8s.io/apimachinery/pkg/util/validation and k8s.io/utils/net
 * (ParseIPSloppy, which still accepts IPv4 octets with leading zeros in v1.32) judge them.
 */
import { fieldError, type FieldError } from '../../core/field-errors.js';
import { maxLenError } from '../../core/validation/names.js';

/** validation.InclusiveRangeError. */
export function inclusiveRangeError(low: number, high: number): string {
  return `must be between ${low} and ${high}, inclusive`;
}

/** validation.IsValidPortNum. */
export function isValidPortNumber(port: number): string[] {
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)];
}

/** validation.IsValidPortName: IANA service names, 1-15 lower-case letters, digits and single inner hyphens. */
export function isValidPortName(port: string): string[] {
  const errors: string[] = [];
  if (port.length > 15) errors.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errors.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errors.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errors.push('must not contain consecutive hyphens');
  if (port.startsWith('-') || port.endsWith('-')) errors.push('must not begin or end with a hyphen');
  return errors;
}

/** ValidatePortNumOrName for an IntOrString port (a probe's or a Service's targetPort). */
export function validatePortNumberOrName(port: unknown, path: string): FieldError[] {
  // An absent IntOrString is the integer 0.
  if (typeof port !== 'string') {
    const number = typeof port === 'number' ? port : 0;
    return isValidPortNumber(number).map((message) => fieldError.invalid(path, number, message));
  }
  return isValidPortName(port).map((message) => fieldError.invalid(path, port, message));
}

/** netutils.ParseIPSloppy: the address's bytes (4 or 16), or null. */
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

/** True for an IPv6 address (netutils.IsIPv6String). */
export function isIPv6(text: string): boolean {
  return parseIP(text)?.length === 16;
}

/** validation.IsValidIP. */
export function validateIP(text: string, path: string): FieldError[] {
  return parseIP(text) ? [] : [fieldError.invalid(path, text, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')];
}

/** A parsed CIDR: network bytes and prefix length. */
export interface Cidr {
  bytes: number[];
  prefix: number;
}

/** netutils.ParseCIDRSloppy, or null. */
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

/** ValidateNonSpecialIP (Endpoints, externalIPs): not unspecified, loopback or link-local. */
export function validateNonSpecialIP(text: string, path: string): FieldError[] {
  const bytes = parseIP(text);
  if (!bytes) return [fieldError.invalid(path, text, 'must be a valid IP address')];
  const errors: FieldError[] = [];
  const ipv4 = bytes.length === 4 ? bytes : mappedIPv4(bytes);
  if (bytes.every((byte) => byte === 0) || (ipv4 && ipv4.every((byte) => byte === 0))) {
    errors.push(fieldError.invalid(path, text, `may not be unspecified (${text})`));
  }
  if (ipv4 ? ipv4[0] === 127 : bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1) {
    errors.push(fieldError.invalid(path, text, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
  }
  if (ipv4 ? ipv4[0] === 169 && ipv4[1] === 254 : bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) {
    errors.push(fieldError.invalid(path, text, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
  }
  if (ipv4 ? ipv4[0] === 224 && ipv4[1] === 0 && ipv4[2] === 0 : bytes[0] === 0xff && (bytes[1]! & 0x0f) === 2) {
    errors.push(fieldError.invalid(path, text, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  }
  return errors;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), as Go's To4 finds it. */
function mappedIPv4(bytes: number[]): number[] | null {
  const prefix = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return prefix ? bytes.slice(12) : null;
}
