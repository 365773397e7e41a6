#!/usr/bin/env node
/**
 * Builds data/schemas.js, the compact schema set the Worker validates, prunes and defaults with,
 * from kube-apiserver's OpenAPI v3 documents.
 *
 *   node scripts/build-schemas.mjs [outPath]
 *   (env OPENAPI_DIR: the documents, default reference/openapi/v3; CATALOG: the catalog whose
 *    GA group-versions are read, default data/catalog.json; outPath defaults to data/schemas.js)
 *
 * Contract:
 * - Input: the document of every group-version data/catalog.json lists (GA only, `vN`).
 * - Output: `kinds` (group -> version -> kind -> root schema name, from
 *   x-kubernetes-group-version-kind, for the catalog's group-versions only) and `packages`
 *   (Go package of a schema, e.g. `io.k8s.api.core.v1` -> ONE JSON string of that package's
 *   schemas keyed by full schema name). A package is the group-version the Go type belongs to
 *   (apps/v1, meta/v1, ...): PodSpec is stored once under core/v1 even though the apps and batch
 *   documents repeat it, and the Worker parses a package's string the first time it needs one
 *   of its schemas.
 * - Each schema keeps only what validation, pruning, defaulting, strategic merge patch and
 *   server-side apply read: type, format, properties, additionalProperties, items, required,
 *   enum, nullable, default, oneOf (IntOrString, Quantity), the x-kubernetes-* extensions listed
 *   in KEPT_EXTENSIONS, and the numeric/string/array limits of JSON schema. Descriptions,
 *   examples and x-kubernetes-unions go. `allOf: [{$ref}]` wrappers become `{$ref: name}` with
 *   the wrapper's other keys kept beside it; `$ref` values are bare schema names.
 * - IntOrString also gets `x-kubernetes-int-or-string: true`, its structural-schema spelling.
 * - Defaults equal to the Go zero value (`0`, `""`, `false`, `{}`, `[]`) are dropped:
 *   openapi-gen writes one for every non-pointer field (e.g. `creationTimestamp: {}` on a
 *   string-typed Time), kube never applies OpenAPI defaults to built-in kinds (their defaulting
 *   is Go code), and applying them would corrupt objects. Real `+default=` markers
 *   (`protocol: "TCP"`) are kept.
 * - Deterministic: packages and schema names sorted, properties in document order; a schema
 *   seen in several documents must compact identically (else the build fails): the documents
 *   come from one server (scripts/record-openapi.mjs).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIR = process.env.OPENAPI_DIR ?? join(PROJECT, 'reference/openapi/v3');
const CATALOG = process.env.CATALOG ?? join(PROJECT, 'data/catalog.json');
const OUT = resolve(process.argv[2] ?? join(PROJECT, 'data/schemas.js'));
const REF_PREFIX = '#/components/schemas/';

/** Keys copied as they are. */
const KEPT_KEYS = [
  'type', 'format', 'required', 'enum', 'nullable',
  'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'multipleOf',
  'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems',
  'maxProperties', 'minProperties',
];
const KEPT_EXTENSIONS = [
  'x-kubernetes-int-or-string',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-patch-strategy',
  'x-kubernetes-patch-merge-key',
];

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** `apps` `v1` -> `apis__apps__v1_openapi.json`; the core group -> `api__v1_openapi.json`. */
function documentFile(group, version) {
  return group === '' ? `api__${version}_openapi.json` : `apis__${group}__${version}_openapi.json`;
}

/** The GA group-versions the catalog serves. */
function servedGroupVersions(catalog) {
  const out = [];
  for (const group of catalog.groups) {
    for (const version of group.versions) if (/^v\d+$/.test(version)) out.push({ group: group.name, version });
  }
  return out;
}

const isZeroValue = (value) =>
  value === 0 || value === '' || value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

function refName(ref) {
  if (!ref.startsWith(REF_PREFIX)) throw new Error(`unexpected $ref ${ref}`);
  return ref.slice(REF_PREFIX.length);
}

/** The compact form of one schema node. */
function compact(node) {
  const out = {};
  const wrapped = Array.isArray(node.allOf) && node.allOf.length === 1 && node.allOf[0].$ref;
  if (node.$ref) out.$ref = refName(node.$ref);
  else if (wrapped) out.$ref = refName(node.allOf[0].$ref);
  else if (node.allOf) throw new Error(`unexpected allOf ${JSON.stringify(node.allOf)}`);
  for (const key of KEPT_KEYS) if (node[key] !== undefined) out[key] = node[key];
  if (node.default !== undefined && !isZeroValue(node.default)) out.default = node.default;
  if (node.oneOf) out.oneOf = node.oneOf.map(compact);
  if (node.format === 'int-or-string') out['x-kubernetes-int-or-string'] = true;
  if (node.properties) {
    out.properties = {};
    for (const [name, property] of Object.entries(node.properties)) out.properties[name] = compact(property);
  }
  if (node.additionalProperties !== undefined) {
    out.additionalProperties = typeof node.additionalProperties === 'boolean' ? node.additionalProperties : compact(node.additionalProperties);
  }
  if (node.items) out.items = compact(node.items);
  for (const key of KEPT_EXTENSIONS) if (node[key] !== undefined) out[key] = node[key];
  return out;
}

/** `io.k8s.api.core.v1.Pod` -> `io.k8s.api.core.v1`. */
const packageOf = (name) => name.slice(0, name.lastIndexOf('.'));

function build() {
  const catalog = readJson(CATALOG);
  const schemas = new Map(); // name -> compact JSON text
  const kinds = {}; // group -> version -> kind -> name
  const served = servedGroupVersions(catalog);
  const servedKeys = new Set(served.map(({ group, version }) => `${group}/${version}`));
  const documents = [];
  for (const { group, version } of served) {
    const file = join(SOURCE_DIR, documentFile(group, version));
    if (!existsSync(file)) {
      console.warn(`no OpenAPI document for ${group || 'core'}/${version} (${relative(PROJECT, file)}): its kinds get no schema`);
      continue;
    }
    documents.push(readJson(file));
  }
  for (const document of documents) {
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      const text = JSON.stringify(compact(schema));
      const seen = schemas.get(name);
      if (seen !== undefined && seen !== text) throw new Error(`schema ${name} differs between documents`);
      if (seen === undefined) schemas.set(name, text);
      for (const gvk of schema['x-kubernetes-group-version-kind'] ?? []) {
        if (!servedKeys.has(`${gvk.group}/${gvk.version}`)) continue;
        const byKind = ((kinds[gvk.group] ??= {})[gvk.version] ??= {});
        if (byKind[gvk.kind] !== undefined && byKind[gvk.kind] !== name) throw new Error(`kind ${gvk.kind} has two schemas`);
        byKind[gvk.kind] = name;
      }
    }
  }
  return { kinds: sortDeep(kinds), packages: groupByPackage(schemas) };
}

/** One JSON text per package, schemas sorted by name. */
function groupByPackage(schemas) {
  const byPackage = new Map();
  for (const name of [...schemas.keys()].sort()) {
    const pkg = packageOf(name);
    if (!byPackage.has(pkg)) byPackage.set(pkg, []);
    byPackage.get(pkg).push(`${JSON.stringify(name)}:${schemas.get(name)}`);
  }
  const packages = {};
  for (const pkg of [...byPackage.keys()].sort()) packages[pkg] = `{${byPackage.get(pkg).join(',')}}`;
  return packages;
}

function sortDeep(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortDeep(value[key])]));
}

function render({ kinds, packages }) {
  const lines = [
    '// Generated by scripts/build-schemas.mjs from the Kubernetes OpenAPI v3 documents',
    '// (Apache License 2.0, The Kubernetes Authors). Do not edit.',
    `export const kinds = ${JSON.stringify(kinds)};`,
    'export const packages = {',
    ...Object.entries(packages).map(([pkg, text]) => `  ${JSON.stringify(pkg)}: ${JSON.stringify(text)},`),
    '};',
    '',
  ];
  return lines.join('\n');
}

const DECLARATIONS = `/** Root schema name of each served kind: group -> version -> kind -> schema name. */
export declare const kinds: Record<string, Record<string, Record<string, string>>>;
/** Go package (\`io.k8s.api.core.v1\`) -> JSON text of its compact schemas keyed by schema name. */
export declare const packages: Record<string, string>;
`;

const built = build();
const output = render(built);
writeFileSync(OUT, output);
writeFileSync(OUT.replace(/\.js$/, '.d.ts'), DECLARATIONS);
const sizes = Object.entries(built.packages).map(([pkg, text]) => ({ pkg, raw: text.length, gzip: gzipSync(text).length }));
sizes.sort((a, b) => b.raw - a.raw);
console.log(`wrote ${relative(PROJECT, OUT)}: ${output.length} bytes, ${gzipSync(output).length} gzipped, ${sizes.length} packages`);
for (const { pkg, raw, gzip } of sizes) console.log(`  ${pkg}: ${raw} bytes, ${gzip} gzipped`);
