#!/usr/bin/env node
/**
 * Builds data/catalog.json, the catalog of built-in resource types, from kube-apiserver's
 * OpenAPI v3 documents plus the aggregated discovery recordings.
 *
 *   node scripts/build-catalog.mjs [outPath] [--openapi=DIR] [--discovery=DIR]
 *   (env OPENAPI_DIR / DISCOVERY_DIR work too; defaults: reference/openapi/v3 and
 *    reference/golden/kube-v1.26.0, relative to the project; outPath defaults to data/catalog.json)
 *
 * Contract: everything OpenAPI carries comes from OpenAPI (group, version, kind, list kind,
 * plural, scope, verbs, subresources and their kinds and verbs). The discovery recordings
 * (`*discovery-aggregated-api.json`, `*discovery-aggregated-apis.json`) only supply short
 * names, categories, the /apis group order, and are used to print warnings where the two
 * disagree. Only GA group-versions (`vN`) are kept. The output is deterministic: same inputs,
 * same bytes. Dropping in a newer document set needs no code change.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// Resources kube stores under another group's key ("cohabitating" resources in
// pkg/kubeapiserver/default_storage_factory_builder.go): their storageVersionHash is the
// hash of the storage GVK, not the served one. events.k8s.io/v1 events hash as core v1 Event.
const STORAGE_COHABITATION = { 'events.k8s.io/events': { group: '', resource: 'events' } };

// Discovery facts for GA resources newer than the v1.26 recordings (kube's Categories() /
// ShortNames() in pkg/registry). Used only when the recordings have no entry for the resource.
const DISCOVERY_SUPPLEMENT = {
  'admissionregistration.k8s.io/validatingadmissionpolicies': { categories: ['api-extensions'] },
  'admissionregistration.k8s.io/validatingadmissionpolicybindings': { categories: ['api-extensions'] },
};

const NOTICE =
  'Derived by scripts/build-catalog.mjs from the Kubernetes OpenAPI v3 documents and discovery ' +
  'recordings (Apache License 2.0, The Kubernetes Authors).';

// ---- inputs ------------------------------------------------------------------------------

function parseArgs(argv) {
  const opts = {
    out: join(PROJECT, 'data/catalog.json'),
    openapi: process.env.OPENAPI_DIR ?? join(PROJECT, 'reference/openapi/v3'),
    discovery: process.env.DISCOVERY_DIR ?? join(PROJECT, 'reference/golden/kube-v1.32.13'),
  };
  for (const arg of argv) {
    const m = /^--(openapi|discovery)=(.+)$/.exec(arg);
    if (m) opts[m[1]] = m[2];
    else opts.out = resolve(arg);
  }
  return opts;
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** A recording is `{request, response: {body}}`; a plain document is accepted as well. */
const bodyOf = (json) => json?.response?.body ?? json;

const isGA = (version) => /^v\d+$/.test(version);

/** Kube version priority for GA versions: higher major first (autoscaling: v2, v1). */
const byVersionPriority = (a, b) => Number(b.slice(1)) - Number(a.slice(1));

// ---- OpenAPI paths -> resources ----------------------------------------------------------

/**
 * Splits `/api/v1/...` or `/apis/{group}/{version}/...` into its parts, or null for paths that
 * name no resource (discovery roots). Handles the `watch/` prefix and `namespaces/{namespace}/`.
 */
function splitPath(path) {
  const m = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))\/(.+)$/.exec(path);
  if (!m) return null;
  const group = m[2] ?? '';
  const version = m[1] ?? m[3];
  let segs = m[4].split('/');
  const watch = segs[0] === 'watch';
  if (watch) segs = segs.slice(1);
  const namespaced = segs.length > 2 && segs[0] === 'namespaces' && segs[1] === '{namespace}';
  if (namespaced) segs = segs.slice(2);
  const [resource, name, subresource] = segs;
  if (!resource || (name !== undefined && name !== '{name}')) return null;
  return { group, version, resource, watch, namespaced, subresource };
}

const ACTION_VERBS = {
  get: 'get', list: 'list', watch: 'watch', watchlist: 'watch', post: 'create', put: 'update',
  patch: 'patch', delete: 'delete', deletecollection: 'deletecollection',
};
// `connect` operations (exec, attach, proxy...) take their verb from the HTTP method, as
// kube's installer does; HEAD and OPTIONS have no verb.
const CONNECT_VERBS = { get: 'get', post: 'create', put: 'update', patch: 'patch', delete: 'delete' };

const verbOf = (method, action) =>
  action === 'connect' ? CONNECT_VERBS[method] : ACTION_VERBS[action];

/** The kind of a list operation's 200 response schema (its x-kubernetes-group-version-kind). */
function listKindOf(op, schemas) {
  const content = op.responses?.['200']?.content ?? {};
  const ref = content['application/json']?.schema?.$ref;
  if (!ref) return undefined;
  const name = ref.replace('#/components/schemas/', '');
  return schemas[name]?.['x-kubernetes-group-version-kind']?.[0]?.kind ?? name.split('.').pop();
}

function entryFor(byKey, p) {
  const key = `${p.group}/${p.version}/${p.resource}`;
  let e = byKey.get(key);
  if (!e) {
    e = { group: p.group, version: p.version, resource: p.resource, kind: undefined,
      listKind: undefined, namespaced: false, verbs: new Set(), subresources: new Map() };
    byKey.set(key, e);
  }
  return e;
}

/** Folds one operation into the resource (or subresource) it belongs to. */
function addOperation(byKey, p, method, op, schemas) {
  const action = op['x-kubernetes-action'];
  const gvk = op['x-kubernetes-group-version-kind'];
  const verb = verbOf(method, action);
  if (!action || !gvk || !verb) return;
  const e = entryFor(byKey, p);
  e.namespaced ||= p.namespaced;
  if (p.subresource) {
    let sub = e.subresources.get(p.subresource);
    if (!sub) e.subresources.set(p.subresource, (sub = { gvk, verbs: new Set() }));
    sub.verbs.add(verb);
    return;
  }
  e.kind ??= gvk.kind;
  if (e.kind !== gvk.kind) warn(`${p.group}/${p.version}/${p.resource}: kinds ${e.kind} and ${gvk.kind}`);
  if (action === 'list') e.listKind ??= listKindOf(op, schemas);
  e.verbs.add(verb);
}

function collectResources(dir) {
  const byKey = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const doc = readJson(join(dir, file));
    const schemas = doc.components?.schemas ?? {};
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      const p = splitPath(path);
      if (!p || !isGA(p.version)) continue;
      for (const [method, op] of Object.entries(item)) {
        if (method !== 'parameters') addOperation(byKey, p, method, op, schemas);
      }
    }
  }
  return [...byKey.values()].filter((e) => e.kind !== undefined);
}

// ---- discovery recordings ----------------------------------------------------------------

function loadDiscovery(dir) {
  const files = readdirSync(dir).filter((f) => /discovery-aggregated-apis?\.json$/.test(f)).sort();
  const groupOrder = [];
  const byGVR = new Map(); // "group/version/resource" -> APIResourceDiscovery
  const byGR = new Map(); // "group/resource" -> first APIResourceDiscovery in any version
  for (const file of files) {
    for (const item of bodyOf(readJson(join(dir, file))).items ?? []) {
      const group = item.metadata?.name ?? '';
      if (group !== '' && !groupOrder.includes(group)) groupOrder.push(group);
      for (const v of item.versions ?? []) {
        for (const r of v.resources ?? []) {
          byGVR.set(`${group}/${v.version}/${r.resource}`, r);
          if (!byGR.has(`${group}/${r.resource}`)) byGR.set(`${group}/${r.resource}`, r);
        }
      }
    }
  }
  return { groupOrder, byGVR, byGR };
}

// ---- assembly ----------------------------------------------------------------------------

/** staging/src/k8s.io/apiserver/pkg/endpoints/discovery/storageversionhash.go */
const storageVersionHash = (group, version, kind) =>
  createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');

/** Groups in kube order: core first, then the recorded /apis order, then the rest by name. */
function buildGroups(entries, groupOrder) {
  const versions = new Map();
  for (const e of entries) versions.set(e.group, [...new Set([...(versions.get(e.group) ?? []), e.version])]);
  const rank = (g) => (g === '' ? -1 : groupOrder.includes(g) ? groupOrder.indexOf(g) : groupOrder.length);
  return [...versions.keys()]
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => {
      const vs = versions.get(name).sort(byVersionPriority);
      return { name, versions: vs, preferredVersion: vs[0] };
    });
}

// Every resource kube keeps in storage can be watched; the rest (reviews, bindings,
// componentstatuses) are computed per request, have no storage and no storageVersionHash.
const isVirtual = (e) => !e.verbs.has('watch');
const keyOf = (e) => `${e.group}/${e.version}/${e.resource}`;

/**
 * storageVersionHash per stored resource: the hash of its storage GVK, which is the group's
 * most preferred version serving the resource (so autoscaling v1 and v2 HPAs share the v2
 * hash), after redirecting cohabitating resources to the group they are stored under.
 */
function storageHashes(entries, groups) {
  const byKey = new Map(entries.map((e) => [keyOf(e), e]));
  const hashes = new Map();
  for (const e of entries.filter((x) => !isVirtual(x))) {
    const target = STORAGE_COHABITATION[`${e.group}/${e.resource}`] ?? e;
    const versions = groups.find((g) => g.name === target.group)?.versions ?? [];
    const stored = versions.map((v) => byKey.get(`${target.group}/${v}/${target.resource}`)).find(Boolean) ?? e;
    hashes.set(keyOf(e), storageVersionHash(stored.group, stored.version, stored.kind));
  }
  return hashes;
}

function subresourceRecords(e) {
  return [...e.subresources.keys()].sort().map((name) => {
    const { gvk, verbs } = e.subresources.get(name);
    const sub = { name, kind: gvk.kind };
    if (gvk.group !== e.group || gvk.version !== e.version) Object.assign(sub, { group: gvk.group, version: gvk.version });
    sub.verbs = [...verbs].sort();
    return sub;
  });
}

/** The JSON record of one resource; key order is the documented ResourceType order. */
function toRecord(e, discovery, hash) {
  const seen = discovery.byGVR.get(keyOf(e)) ??
    discovery.byGR.get(`${e.group}/${e.resource}`) ?? DISCOVERY_SUPPLEMENT[`${e.group}/${e.resource}`];
  const rec = { group: e.group, version: e.version, resource: e.resource, kind: e.kind };
  if (e.listKind) rec.listKind = e.listKind;
  rec.singularName = e.kind.toLowerCase();
  rec.namespaced = e.namespaced;
  rec.verbs = [...e.verbs].sort();
  if (seen?.shortNames?.length) rec.shortNames = seen.shortNames;
  if (seen?.categories?.length) rec.categories = seen.categories;
  if (hash) rec.storageVersionHash = hash;
  const subs = subresourceRecords(e);
  if (subs.length) rec.subresources = subs;
  if (isVirtual(e)) rec.virtual = true;
  return rec;
}

function buildCatalog(opts) {
  const entries = collectResources(opts.openapi);
  const discovery = loadDiscovery(opts.discovery);
  const groups = buildGroups(entries, discovery.groupOrder);
  const order = (e) => [groups.findIndex((g) => g.name === e.group), groups.find((g) => g.name === e.group).versions.indexOf(e.version)];
  entries.sort((a, b) => {
    const [ga, va] = order(a);
    const [gb, vb] = order(b);
    return ga - gb || va - vb || (a.resource < b.resource ? -1 : 1);
  });
  const hashes = storageHashes(entries, groups);
  const resources = entries.map((e) => toRecord(e, discovery, hashes.get(keyOf(e))));
  verifyAgainstDiscovery(resources, discovery);
  return { notice: NOTICE, groups, resources };
}

// ---- verification and output -------------------------------------------------------------

function warn(message) {
  process.stderr.write(`build-catalog: ${message}\n`);
}

/** Prints (never fails on) disagreements between OpenAPI-derived data and the recordings. */
function verifyAgainstDiscovery(resources, discovery) {
  const ours = new Set(resources.map((r) => `${r.group}/${r.version}/${r.resource}`));
  for (const [key, seen] of discovery.byGVR) {
    if (!isGA(key.split('/')[1])) continue;
    const rec = resources.find((r) => `${r.group}/${r.version}/${r.resource}` === key);
    if (!rec) warn(`${key} is in discovery but not in OpenAPI; left out`);
    else if (seen.verbs.join() !== rec.verbs.join()) warn(`${key}: verbs ${rec.verbs} vs discovery ${seen.verbs}`);
  }
  for (const key of ours) if (!discovery.byGVR.has(key)) warn(`${key} is not in the discovery recordings`);
  // Kube lists resources of a group-version sorted by name; so do we.
  const gvOf = (key) => key.slice(0, key.lastIndexOf('/'));
  for (const gv of new Set([...discovery.byGVR.keys()].map(gvOf))) {
    const theirs = [...discovery.byGVR.keys()].filter((k) => gvOf(k) === gv && ours.has(k));
    const mine = [...ours].filter((k) => gvOf(k) === gv && discovery.byGVR.has(k));
    if (theirs.join() !== mine.join()) warn(`${gv}: resource order differs from discovery`);
  }
}

/** Pretty but small: one line per group and per resource, stable key order. */
function render(catalog) {
  const list = (items) => `[\n    ${items.map((x) => JSON.stringify(x)).join(',\n    ')}\n  ]`;
  return `{\n  "notice": ${JSON.stringify(catalog.notice)},\n  "groups": ${list(catalog.groups)},\n  "resources": ${list(catalog.resources)}\n}\n`;
}

const opts = parseArgs(process.argv.slice(2));
const text = render(buildCatalog(opts));
mkdirSync(dirname(opts.out), { recursive: true });
writeFileSync(opts.out, text);
process.stderr.write(`build-catalog: wrote ${opts.out} (${text.length} bytes)\n`);
