// Pairs and compares two audit logs written for the same client run (the acceptance kit against
// kube-apiserver and against edge-apiserver): `npm run audit-compare` (scripts/audit-compare.mjs).
//
// Requests: a log's events grouped by auditID, in the order each request was received, keyed by
// verb and normalized requestURI. The two sequences are aligned by their keys (a longest common
// subsequence: the kit polls with `eventually`, so the number of polls differs between servers),
// and each aligned pair's stages are compared field by field after normalization.

/**
 * Keys whose values differ between any two runs, dropped wherever they occur, each with why:
 * the comparison must show what the servers decide, not what the run drew.
 */
export const ignoredKeys = {
  auditID: 'a new UUID per request on each server',
  requestReceivedTimestamp: 'wall clock',
  stageTimestamp: 'wall clock',
  uid: 'object uids are random (and a DeleteOptions precondition or an ownerReference names one)',
  resourceVersion: "each store's revision counter (etcd's is shared by every kind and by kube's own writes)",
  creationTimestamp: 'wall clock',
  deletionTimestamp: 'wall clock',
  lastTransitionTime: 'wall clock (CRD conditions)',
  time: 'wall clock (managedFields entries; their order too: see byManager)',
  lastUpdateTime: 'wall clock (Deployment conditions, written by kcm)',
  eventTime: 'wall clock (Events)',
  lastObservedTime: 'wall clock (Event series)',
  'ca.crt': "each server's own CA certificate (kube-root-ca.crt, published by kcm)",
  continue: 'list continue tokens encode a store position',
};

/** Values the kit draws at random, each replaced by a fixed text. */
const randomTexts = [
  [/acc-([a-z0-9]{1,12})-\d+\b/g, 'acc-$1-N'], // run.sh: NS=acc-<scenario>-$RANDOM
  [/\bacc\d+\.example\.com\b/g, 'accN.example.com'], // 07-crd.sh: G=acc$RANDOM.example.com
  [/\bgen-[a-z0-9]{5}\b/g, 'gen-XXXXX'], // generateName: gen-
  [/(-[0-9a-f]{8,10})-[a-z0-9]{5}\b/g, '$1-XXXXX'], // a ReplicaSet's pods: <name>-<template hash>-<random>
  [/(\.)[0-9a-f]{16}\b/g, '$1HEX'], // Event names: <object>.<time in hex>
  [/^127\.0\.0\.1:\d+$/, '127.0.0.1:PORT'], // discovery's serverAddressByClientCIDRs: each server's port
  [/([?&](?:resourceVersion|continue)=)[^&]*/g, '$1X'], // store positions in query strings
  [/([?&]timeoutSeconds=)\d{3,}/g, '$1X'], // kubectl's watches draw their timeout at random (5-10 min)
  [/([?&]hash=)[0-9A-F]+/g, '$1X'], // OpenAPI v3 document hashes: each server's documents (not audited) hash differently
  [/([?&]fieldSelector=)([^&]*)/g, (_, key, value) => key + value.split('%2C').sort().join('%2C')], // kubectl describe's selector terms come from a Go map
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, 'UUID'], // uids inside texts (managedFields keys, messages)
  [/^(\d+[smhd])+$/, 'AGE'], // a Table's Age cells: wall clock
];

export function normalizeText(text) {
  return randomTexts.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** Requests of the harness, not of the kit: start-apiserver.sh polls /readyz with the admin token. */
export const harnessRequest = (event) => event.requestURI === '/readyz';

/** An event (or any value in it) without the ignored keys, its random texts fixed. */
export function normalize(value) {
  if (typeof value === 'string') return normalizeText(value);
  if (Array.isArray(value)) return value.map(normalize);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !(key in ignoredKeys)).map(([key, inner]) => [normalizeText(key), key === 'managedFields' ? byManager(normalize(inner)) : normalize(inner)]));
}

/**
 * managedFields in an order of their own: kube sorts the entries by operation, then by the second
 * of their time, then by manager, so two writes in one second on one server and in two seconds on
 * the other list their managers differently.
 */
function byManager(entries) {
  if (!Array.isArray(entries)) return entries;
  const key = (entry) => JSON.stringify([entry.operation, entry.manager, entry.apiVersion, entry.subresource ?? '']);
  return [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** A log's requests in received order: {key, stages: {stage: event}}, only those `keep` accepts. */
export function requestsOf(text, keep = () => true) {
  const byId = new Map();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line);
    if (!keep(event)) continue;
    let request = byId.get(event.auditID);
    if (!request) byId.set(event.auditID, (request = { key: `${event.verb} ${normalizeText(event.requestURI)}`, received: event.requestReceivedTimestamp, stages: {} }));
    request.stages[event.stage] = event;
  }
  return [...byId.values()].sort((a, b) => (a.received < b.received ? -1 : a.received > b.received ? 1 : 0));
}

/** Aligns two request sequences by key: [[a|null, b|null], ...] in order (longest common subsequence). */
export function align(a, b) {
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i].key === b[j].key ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const pairs = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i].key === b[j].key) pairs.push([a[i++], b[j++]]);
    else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j])) pairs.push([null, b[j++]]);
    else pairs.push([a[i++], null]);
  }
  return pairs;
}

/** The paths where two normalized values differ: [{path, a, b}] (a value absent on one side is undefined). */
export function differences(a, b, path = '') {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const objects = a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
  if (!objects || (Array.isArray(a) && a.length !== b.length)) return [{ path: path || '.', a, b }];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((key) => differences(a[key], b[key], `${path}.${key}`));
}

/** Compares aligned pairs: per pair its stage differences; unpaired requests. */
export function compare(pairs) {
  const found = [];
  for (const [a, b] of pairs) {
    if (!a || !b) continue;
    for (const stage of new Set([...Object.keys(a.stages), ...Object.keys(b.stages)])) {
      const diffs = differences(normalize(a.stages[stage]), normalize(b.stages[stage]));
      if (diffs.length) found.push({ key: a.key, stage, diffs });
    }
  }
  return found;
}
