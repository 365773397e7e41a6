/**
 * Go's net.IP predicates the proxy subresources use: a pod is proxied to only at a global unicast
 * address (pod ResourceLocation), a node not at a loopback or link-local one
 * (proxyutil.IsProxyableIP). Parsing is ParseIPSloppy's (core/validation/ip-addresses.ts).
 */
import { parseIP, to4 } from '../../../apimachinery/validation/ip-addresses.js';

/** net.IP.IsGlobalUnicast of ParseIPSloppy(text); false when it does not parse. */
export function isGlobalUnicast(text: string): boolean {
  const bytes = parseIP(text);
  if (!bytes) return false;
  const v4 = to4(bytes);
  if (v4) return !(v4.every((byte) => byte === 0) || v4[0] === 127 || v4[0]! >= 224 || (v4[0] === 169 && v4[1] === 254));
  return !(bytes.every((byte) => byte === 0) || isIPv6Loopback(bytes) || bytes[0] === 0xff || (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80));
}

/** proxyutil.IsProxyableIP: refuses loopback, link-local unicast and link-local/interface-local multicast. */
export function isProxyableIP(text: string): boolean {
  const bytes = parseIP(text);
  if (!bytes) return true;
  const v4 = to4(bytes);
  if (v4) return !(v4[0] === 127 || (v4[0] === 169 && v4[1] === 254) || (v4[0] === 224 && v4[1] === 0 && v4[2] === 0));
  const multicastScope = bytes[0] === 0xff ? bytes[1]! & 0x0f : -1;
  return !(isIPv6Loopback(bytes) || (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) || multicastScope === 1 || multicastScope === 2);
}

function isIPv6Loopback(bytes: number[]): boolean {
  return bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1;
}
