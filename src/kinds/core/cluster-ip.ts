/**
 * Service cluster IPs and node ports without shared allocator state.
 *
 * kube keeps a bitmap per range in etcd (pkg/registry/core/service/ipallocator, portallocator)
 * and picks a random free offset, preferring the upper band of the range (the lower band,
 * min(max(16, size/16), 256) addresses, is left for static assignment). Workers share no memory,
 * so here a candidate is a pure function of the Service's uid: FNV-1a of `uid/slot` lands in the
 * same upper band. Uniqueness needs one serialized check, which the Service Durable Object can
 * make because it holds every Service of the cluster: a second live Service with the same
 * clusterIP (or protocol and nodePort) is a conflict; for an address this module chose, the store
 * retries the create (a fresh uid gives a fresh candidate); for a requested one it answers
 * `clusterIPAlreadyAllocated`. Candidates repeat with probability 1/band per pair of Services, so
 * a nearly full range needs more retries than a bitmap would, and kube's repair controller is out
 * of scope.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { parseCIDR, parseIP, type Cidr } from '../../apimachinery/validation/ip-addresses.js';

/** The ranges a cluster allocates from (kube's --service-cluster-ip-range and --service-node-port-range). */
export interface ServiceNetwork {
  clusterIPRange: string;
  nodePortRange: { base: number; size: number };
}

/** 10.0.0.0/24 like the golden recordings' cluster, and kube's default node ports 30000-32767; every cluster's. */
export const defaultServiceNetwork: ServiceNetwork = Object.freeze({ clusterIPRange: '10.0.0.0/24', nodePortRange: Object.freeze({ base: 30000, size: 2768 }) });

/** An IP range as kube's ipallocator sees it: offsets 0..max-1 from the address after the network address. */
interface IPRange {
  cidr: Cidr;
  base: bigint;
  max: number;
  bytes: number;
}

function ipRange(network: ServiceNetwork): IPRange {
  const cidr = parseCIDR(network.clusterIPRange);
  if (!cidr) throw new Error(`invalid service cluster IP range ${network.clusterIPRange}`);
  const bits = cidr.bytes.length * 8;
  const hostBits = bits - cidr.prefix;
  let max = hostBits >= 17 && cidr.bytes.length === 16 ? 65536 : 2 ** hostBits;
  if (cidr.bytes.length === 4) max--; // the broadcast address is never handed out
  max--; // nor is the network address
  const mask = ((1n << BigInt(bits)) - 1n) ^ ((1n << BigInt(hostBits)) - 1n);
  return { cidr, base: (toBigInt(cidr.bytes) & mask) + 1n, max, bytes: cidr.bytes.length };
}

function toBigInt(bytes: number[]): bigint {
  return bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
}

function formatAddress(value: bigint, length: number): string {
  const bytes = Array.from({ length }, (_, index) => Number((value >> BigInt(8 * (length - 1 - index))) & 255n));
  if (length === 4) return bytes.join('.');
  const groups = Array.from({ length: 8 }, (_, index) => ((bytes[2 * index]! << 8) | bytes[2 * index + 1]!).toString(16));
  return compressIPv6(groups);
}

/** Go's IPv6 text: the longest run of two or more zero groups becomes `::`. */
function compressIPv6(groups: string[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < groups.length; start++) {
    let length = 0;
    while (groups[start + length] === '0') length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  if (bestStart < 0) return groups.join(':');
  return `${groups.slice(0, bestStart).join(':')}::${groups.slice(bestStart + bestLength).join(':')}`;
}

/** FNV-1a, 32 bits: a stable spread of uids over a band. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const character of new TextEncoder().encode(text)) {
    hash ^= character;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** calculateRangeOffset: where the dynamic (upper) band starts. */
function dynamicBandStart(size: number, minimum: number, maximum: number, step: number): number {
  if (size <= minimum) return 0;
  return Math.min(Math.max(minimum, Math.floor(size / step)), maximum);
}

/** The cluster IP this module proposes for the Service with `uid` (the `attempt` moves to another candidate). */
export function clusterIPCandidate(uid: string, attempt = 0, network = defaultServiceNetwork): string {
  const range = ipRange(network);
  const start = dynamicBandStart(range.max + (range.bytes === 4 ? 2 : 1), 16, 256, 16);
  const offset = start + (fnv1a(`${uid}/ip/${attempt}`) % Math.max(1, range.max - start));
  return formatAddress(range.base + BigInt(offset), range.bytes);
}

/** The node port this module proposes for port `slot` of the Service with `uid`. */
export function nodePortCandidate(uid: string, slot: string, network = defaultServiceNetwork): number {
  const { base, size } = network.nodePortRange;
  const start = dynamicBandStart(size, 16, 128, 32);
  return base + start + (fnv1a(`${uid}/port/${slot}`) % Math.max(1, size - start));
}

/** ipallocator.Allocate's range check for a requested address: '' when usable, else kube's error text. */
export function clusterIPRangeError(ip: string, network = defaultServiceNetwork): string {
  const range = ipRange(network);
  const bytes = parseIP(ip);
  const inRange = bytes && bytes.length === range.bytes && toBigInt(bytes) >= range.base && toBigInt(bytes) < range.base + BigInt(range.max);
  if (inRange) return '';
  return `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${network.clusterIPRange}`;
}

/** portallocator.Allocate's range check for a requested node port: '' when usable, else kube's error text. */
export function nodePortRangeError(port: number, network = defaultServiceNetwork): string {
  const { base, size } = network.nodePortRange;
  if (port >= base && port < base + size) return '';
  return `provided port is not in the valid range. The range of valid ports is ${base}-${base + size - 1}`;
}

/** The 422 for a requested cluster IP that another Service holds (ipallocator.ErrAllocated). */
export function clusterIPAlreadyAllocated(clusterIPs: string[], ip: string): FieldError {
  return fieldError.invalid('spec.clusterIPs', clusterIPs, `failed to allocate IP ${ip}: provided IP is already allocated`);
}

/** The 422 for a requested node port that another Service holds (portallocator.ErrAllocated). */
export function nodePortAlreadyAllocated(portIndex: number, port: number): FieldError {
  return fieldError.invalid(`spec.ports[${portIndex}].nodePort`, port, 'provided port is already allocated');
}
