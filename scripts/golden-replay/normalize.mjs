// Volatile values masked before two responses are compared: what differs on every run of the
// same request against the same server (uids, resourceVersions, timestamps, allocated cluster
// IPs, continue tokens, OpenAPI hashes, ages in Table cells), so that what remains is behaviour.

const volatileKeys = new Set([
  'uid', 'resourceVersion', 'creationTimestamp', 'deletionTimestamp', 'time', 'lastTransitionTime',
  'lastUpdateTime', 'clusterIP', 'clusterIPs', 'continue', 'audit-id', 'date', 'serverAddress',
]);
const uuid = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
const timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const age = /^(\d+(y|d|h|m|s))+$/;
const openapiHash = /hash=[0-9A-F]{32,}/g;
const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Tracks the volatile values a side has shown so far (resourceVersions and uids), to mask them inside messages. */
export class VolatileValues {
  constructor() {
    this.values = new Set();
  }

  /** Remembers the volatile values found in `value`. */
  collect(value) {
    walk(value, (key, item) => {
      if ((key === 'resourceVersion' || key === 'uid') && typeof item === 'string' && item.length >= 2) this.values.add(item);
    });
  }

  /** `text` with every remembered value (as a whole word), uuid, and OpenAPI hash masked. */
  maskText(text) {
    let masked = text.replace(uuid, '<uid>').replace(openapiHash, 'hash=<hash>');
    for (const value of this.values) {
      if (/^\d+$/.test(value)) masked = masked.replace(new RegExp(`\\b${value}\\b`, 'g'), '<rv>');
    }
    return masked;
  }
}

function walk(value, visit, key = '') {
  if (Array.isArray(value)) value.forEach((item) => walk(item, visit, key));
  else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) {
    visit(name, item);
    walk(item, visit, name);
  }
}

/** A copy of `value` with volatile values masked; `volatile` masks remembered values inside strings. */
export function normalize(value, volatile, key = '') {
  if (volatileKeys.has(key) && value !== null && value !== undefined && value !== '') return `<${key}>`;
  if (typeof value === 'string') return normalizeString(value, volatile);
  if (typeof value === 'number' && value > 1.5e9 && value < 3e9 && key === '') return '<seconds>';
  if (Array.isArray(value)) return value.map((item) => normalize(item, volatile, key === 'cells' ? 'cell' : ''));
  if (value && typeof value === 'object') {
    if (typeof value.generateName === 'string' && typeof value.name === 'string' && value.name.startsWith(value.generateName)) {
      value = { ...value, name: `${value.generateName}<random>` };
    }
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, normalize(item, volatile, name)]));
  }
  return value;
}

// go-cmp's diffs (kube's Pod update errors) randomly use a non-breaking space for indentation.
function normalizeString(text, volatile) {
  text = text.replace(/\u00a0/g, ' ');
  if (timestamp.test(text)) return '<timestamp>';
  if (age.test(text)) return '<age>';
  if (ipv4.test(text)) return '<ip>';
  if (/^\d{16}$/.test(text)) return '<rv>';
  return volatile.maskText(text);
}
