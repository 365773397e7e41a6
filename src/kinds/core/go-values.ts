/**
 * JSON values printed the way github.com/google/go-cmp's reporter prints the Go values they
 * decode to (cmp.Diff in ValidatePodUpdate's message): strings quoted (or raw when shorter), nil
 * for absent pointers, slices and maps, structs as `{Field: value}` with zero fields left out.
 * Nested Go field names are derived from JSON names; resource quantities print as `s"100m"`.
 */
import { goQuote } from '../../apimachinery/go-format.js';
import { asRecord } from '../json-values.js';

/** JSON names whose Go field name is not the JSON name with a capital first letter. */
const goNames: Record<string, string> = {
  tty: 'TTY', hostIP: 'HostIP', hostIPs: 'HostIPs', podIP: 'PodIP', podIPs: 'PodIPs', ip: 'IP', uid: 'UID',
  httpGet: 'HTTPGet', tcpSocket: 'TCPSocket', grpc: 'GRPC', dnsConfig: 'DNSConfig', dnsPolicy: 'DNSPolicy',
  fsGroup: 'FSGroup', fsGroupChangePolicy: 'FSGroupChangePolicy', seLinuxOptions: 'SELinuxOptions', os: 'OS',
  iscsi: 'ISCSI', nfs: 'NFS', csi: 'CSI', fc: 'FC', rbd: 'RBD', cephfs: 'CephFS', downwardAPI: 'DownwardAPI',
  apiVersion: 'APIVersion', httpHeaders: 'HTTPHeaders', configMapKeyRef: 'ConfigMapKeyRef', setHostnameAsFQDN: 'SetHostnameAsFQDN',
};

/** The Go field name of a JSON field. */
function goFieldName(json: string): string {
  return goNames[json] ?? json.charAt(0).toUpperCase() + json.slice(1);
}

/** go-cmp's formatString: a quoted string, or a raw one when quoting would escape something printable. */
function goString(text: string): string {
  const quoted = goQuote(text);
  if (quoted.length === text.length + 2) return quoted;
  const rawInvalid = [...text].some((character) => character === '`' || character === '\n' || (character < ' ' && character !== '\t'));
  return rawInvalid ? quoted : `\`${text}\``;
}

/** How the top of a value prints: with its Go type (a changed value) or without (an identical one). */
export interface GoValueStyle {
  /** The Go type of the value, e.g. `[]string` or `*core.Probe`; omitted for identical values. */
  type?: string;
  /** The value is a resource list, whose quantities print through their String method. */
  quantities?: boolean;
  /** How Go prints the field when the JSON leaves it out: nil, "", 0, false, or an empty struct. */
  zero?: 'nil' | '""' | '0' | 'false' | 'struct';
}

/** A JSON value as go-cmp prints it on one line. */
export function formatGoValue(value: unknown, style: GoValueStyle = {}): string {
  const type = style.type ?? '';
  if ((value === undefined || value === null) && style.zero && style.zero !== 'nil') {
    return style.zero === 'struct' ? `${type}{}` : style.zero;
  }
  const pointer = type.startsWith('*');
  const body = formatBody(value, pointer ? type.slice(1) : type, style.quantities ?? false);
  if (body === 'nil') return body;
  return pointer ? `&${body}` : body;
}

function formatBody(value: unknown, type: string, quantities: boolean): string {
  if (value === undefined || value === null) return 'nil';
  if (typeof value === 'string') return quantities ? `s${goString(value)}` : goString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const prefix = type.startsWith('[]') || type.startsWith('map[') || type.startsWith('core.') ? type : '';
  if (Array.isArray(value)) return `${prefix}{${value.map((item) => formatBody(item, '', false)).join(', ')}}`;
  const record = asRecord(value) ?? {};
  if (type.startsWith('map[') || quantities || type === 'core.ResourceList') {
    const entries = Object.keys(record).sort().map((key) => `${goQuote(key)}: ${formatBody(record[key], '', type === 'core.ResourceList' || quantities)}`);
    return `${prefix}{${entries.join(', ')}}`;
  }
  const fields = Object.entries(record)
    .filter(([key, item]) => !isZero(item) && !(isEmptyStruct(item) && !pointerFields.has(key)))
    .map(([key, item]) => `${goFieldName(key)}: ${formatBody(item, '', key === 'limits' || key === 'requests')}`);
  return `${prefix}{${fields.join(', ')}}`;
}

/** Nested fields that are pointers in Go, so that `{}` is not their zero value. */
const pointerFields = new Set(['securityContext', 'emptyDir', 'sessionAffinityConfig', 'seccompProfile', 'appArmorProfile', 'windowsOptions']);

/** An empty JSON object: Go's zero value for a struct field (go-cmp leaves zero fields out). */
function isEmptyStruct(value: unknown): boolean {
  const record = asRecord(value);
  return record !== undefined && Object.keys(record).length === 0;
}

/** Go's zero value for a JSON field: absent, null, '', 0, false. */
function isZero(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 0 || value === false;
}

/**
 * Go's %#v of a map[string]string (keys sorted), as field errors print a map bad value. Keys sort
 * by UTF-16 code unit; Go (and workloads/go-literals.ts goStringMapText) sorts by UTF-8 byte, which
 * differs only for keys mixing U+E000..U+FFFF with characters above U+FFFF.
 */
export function goStringMapLiteral(map: Record<string, string> | undefined): string {
  if (!map) return 'map[string]string(nil)';
  const entries = Object.keys(map).sort().map((key) => `${goQuote(key)}:${goQuote(map[key]!)}`);
  return `map[string]string{${entries.join(', ')}}`;
}

/** Go's %#v of a resource.Quantity bad value (field errors print the struct: its String method needs a pointer). */
export function goQuantityLiteral(mantissa: bigint, exponent: number, format: string, text: string): string {
  return `resource.Quantity{i:resource.int64Amount{value:${mantissa}, scale:${exponent}}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:${goQuote(text)}, Format:${goQuote(format)}}`;
}

/**
 * The bad value of a nil pointer: field.Error prints it as the string "null", quoted (so
 * `Invalid value: "null"`); passing JavaScript null to fieldError would print it bare.
 */
export const nilValue = 'null';
