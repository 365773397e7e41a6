/**
 * IP addresses and CIDRs as k8s.io/utils/net's ParseIPSloppy / ParseCIDRSloppy read them (Go's
 * net.ParseIP, also accepting IPv4 octets with leading zeros), as 16-byte addresses.
 */

export interface ParsedIP {
  /** 16 bytes; IPv4 as an IPv4-mapped IPv6 address, as Go holds it. */
  bytes: number[];
  /** Written in dotted IPv4 form, or an IPv4-mapped IPv6 address (Go's To4() != nil). */
  isIPv4: boolean;
}

const v4MappedPrefix = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/** ParseIPSloppy, or undefined when the text is not an IP address. */
export function parseIP(text: string): ParsedIP | undefined {
  const v4 = parseIPv4(text);
  if (v4) return { bytes: [...v4MappedPrefix, ...v4], isIPv4: true };
  const v6 = parseIPv6(text);
  if (!v6) return undefined;
  return { bytes: v6, isIPv4: v6.slice(0, 12).every((byte, index) => byte === v4MappedPrefix[index]) };
}

function parseIPv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^[0-9]{1,3}$/.test(part))) return undefined;
  const bytes = parts.map((part) => Number.parseInt(part, 10));
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

function parseIPv6(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/** Colon-separated 16-bit groups; a trailing dotted IPv4 counts as two groups. */
function groupsOf(text: string): number[] | undefined {
  if (text === '') return [];
  const parts = text.split(':');
  const groups: number[] = [];
  for (const [index, part] of parts.entries()) {
    const v4 = index === parts.length - 1 ? parseIPv4(part) : undefined;
    if (v4) groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    else if (/^[0-9a-fA-F]{1,4}$/.test(part)) groups.push(Number.parseInt(part, 16));
    else return undefined;
  }
  return groups;
}

export interface ParsedCIDR {
  ip: ParsedIP;
  /** Prefix length within the address family (0-32 for IPv4, 0-128 for IPv6). */
  prefix: number;
}

/** ParseCIDRSloppy, or undefined when the text is not `address/prefix`. */
export function parseCIDR(text: string): ParsedCIDR | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const ip = parseIP(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (!ip || !/^[0-9]{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number.parseInt(prefixText, 10);
  return prefix <= (ip.isIPv4 ? 32 : 128) ? { ip, prefix } : undefined;
}

/** The first `bits` bits of two addresses are equal. */
function samePrefix(left: number[], right: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const index = Math.floor(bit / 8);
    const mask = 0x80 >> (bit % 8);
    if ((left[index]! & mask) !== (right[index]! & mask)) return false;
  }
  return true;
}

/** IPNet.Contains on the network of `outer` and mask lengths: `inner` lies strictly within `outer`. */
export function isStrictSubnet(outer: ParsedCIDR, inner: ParsedCIDR): boolean {
  if (outer.ip.isIPv4 !== inner.ip.isIPv4) return false;
  const offset = outer.ip.isIPv4 ? 96 : 0;
  return samePrefix(outer.ip.bytes, inner.ip.bytes, offset + outer.prefix) && outer.prefix < inner.prefix;
}

/** ValidateEndpointIP's ranges: unspecified, loopback, link-local unicast and multicast. */
export function endpointIPProblems(text: string, ip: ParsedIP): string[] {
  const [a, b, c] = ip.isIPv4 ? ip.bytes.slice(12) : ip.bytes;
  const problems: string[] = [];
  const zero = ip.isIPv4 ? ip.bytes.slice(12).every((byte) => byte === 0) : ip.bytes.every((byte) => byte === 0);
  if (zero) problems.push(`may not be unspecified (${text})`);
  const loopback = ip.isIPv4 ? a === 127 : ip.bytes.slice(0, 15).every((byte) => byte === 0) && ip.bytes[15] === 1;
  if (loopback) problems.push('may not be in the loopback range (127.0.0.0/8, ::1/128)');
  const linkLocal = ip.isIPv4 ? a === 169 && b === 254 : a === 0xfe && (b! & 0xc0) === 0x80;
  if (linkLocal) problems.push('may not be in the link-local range (169.254.0.0/16, fe80::/10)');
  const multicast = ip.isIPv4 ? a === 224 && b === 0 && c === 0 : a === 0xff && (b! & 0x0f) === 0x02;
  if (multicast) problems.push('may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)');
  return problems;
}
