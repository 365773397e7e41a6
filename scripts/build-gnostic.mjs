#!/usr/bin/env node
/**
 * Builds data/gnostic-openapi-v2.json, the field tables of gnostic's OpenAPI v2 messages (the
 * `openapi.v2.Document` kube-apiserver serves at /openapi/v2 as
 * application/com.github.proto-openapi.spec.v2.v1.0+protobuf), from
 * reference/gnostic/OpenAPIv2.proto. The runtime encoder (src/endpoints/openapi/openapi-v2/gnostic.ts) walks
 * them.
 *
 *   node scripts/build-gnostic.mjs [outPath]
 *
 * Output (deterministic): { messages: { Name: [[number, jsonKey, type, repeated?], ...] } },
 * fields in number order. jsonKey is the Swagger key gnostic reads the field from: the proto
 * name in lowerCamelCase, `_ref` as `$ref`. type is a scalar (string bool double int64) or a
 * message name (package openapi.v2, without it; `google.protobuf.Any` as `protobuf.Any`).
 * Fields without a key of their own are kept under their proto name: `vendor_extension` (the
 * `x-` keys), `additional_properties` (every key of a map-like message), `path` and
 * `response_code` (the keys of Paths and Responses), the oneof members (chosen by the encoder).
 * (Schema's single `additional_properties` is the `additionalProperties` key.)
 */
import protobuf from 'protobufjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(PROJECT, 'reference/gnostic/OpenAPIv2.proto');
const out = process.argv[2] ?? join(PROJECT, 'data/gnostic-openapi-v2.json');

const NOTICE = 'Derived by scripts/build-gnostic.mjs from github.com/google/gnostic-models openapiv2/OpenAPIv2.proto (Apache License 2.0, Google LLC).';
const KEYLESS = new Set(['vendor_extension', 'additional_properties', 'path', 'response_code']);

const camel = (name) => name.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());

function jsonKey(type, field) {
  if (field.name === '_ref') return '$ref';
  if ((KEYLESS.has(field.name) && field.repeated) || field.partOf) return field.name;
  return camel(field.name);
}

function typeName(field) {
  field.resolve();
  if (!field.resolvedType) return field.type;
  return field.resolvedType.fullName.replace(/^\.openapi\.v2\./, '').replace(/^\.google\./, '');
}

const root = new protobuf.Root().loadSync(source, { keepCase: true });
const ns = root.lookup('openapi.v2');
const messages = {};
for (const type of ns.nestedArray.filter((nested) => nested instanceof protobuf.Type).sort((a, b) => (a.name < b.name ? -1 : 1))) {
  messages[type.name] = type.fieldsArray
    .sort((a, b) => a.id - b.id)
    .map((field) => [field.id, jsonKey(type, field), typeName(field), ...(field.repeated ? [1] : [])]);
}
mkdirSync(dirname(out), { recursive: true });
const lines = Object.entries(messages).map(([name, fields]) => `    ${JSON.stringify(name)}: ${JSON.stringify(fields)}`);
writeFileSync(out, `{\n  "notice": ${JSON.stringify(NOTICE)},\n  "messages": {\n${lines.join(',\n')}\n  }\n}\n`);
process.stderr.write(`build-gnostic: wrote ${out} (${Object.keys(messages).length} messages)\n`);
