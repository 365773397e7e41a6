#!/usr/bin/env node
/**
 * Records the OpenAPI documents a kube-apiserver publishes, as the project's reference data:
 * every document of /openapi/v3 into reference/openapi/v3 (one file per path, named as in
 * kubernetes' api/openapi-spec/v3: `apis/apps/v1` -> `apis__apps__v1_openapi.json`), and
 * /openapi/v2 as JSON and as Protobuf into reference/golden/kube-v1.32.13-openapi-v2. Ask a
 * fresh server: custom resources' group-versions would be recorded as built-in ones.
 *
 *   node scripts/record-openapi.mjs --server https://127.0.0.1:6443 --token TOKEN [--v3 DIR] [--v2 DIR]
 *   (then: npm run catalog; node scripts/build-openapi.mjs; node scripts/build-schemas.mjs)
 *
 * Documents are written with two-space indentation; a version-3 file that the server no longer
 * publishes is removed, so the folder is exactly what the server serves.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'node:https';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function options(argv) {
  const parsed = { v3: path.join(root, 'reference/openapi/v3'), v2: path.join(root, 'reference/golden/kube-v1.32.13-openapi-v2') };
  for (let index = 0; index < argv.length; index += 2) parsed[argv[index].replace(/^--/, '')] = argv[index + 1];
  if (!parsed.server || !parsed.token) throw new Error('usage: record-openapi.mjs --server URL --token TOKEN [--v3 DIR] [--v2 DIR]');
  return parsed;
}

const { server, token, v3, v2 } = options(process.argv.slice(2));
/** The body of a GET (the reference serves a self-signed certificate on loopback). */
function get(urlPath, accept = 'application/json') {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, accept };
    request(new URL(urlPath, server), { headers, rejectUnauthorized: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`GET ${urlPath}: ${response.statusCode}`))));
    }).on('error', reject).end();
  });
}

const fileName = (documentPath) => `${documentPath.split('/').join('__')}_openapi.json`;

const index = JSON.parse(await get('/openapi/v3'));
mkdirSync(v3, { recursive: true });
const written = new Set();
for (const [documentPath, { serverRelativeURL }] of Object.entries(index.paths)) {
  const document = JSON.parse(await get(serverRelativeURL));
  writeFileSync(path.join(v3, fileName(documentPath)), `${JSON.stringify(document, null, 2)}\n`);
  written.add(fileName(documentPath));
}
for (const name of readdirSync(v3)) if (name.endsWith('_openapi.json') && !written.has(name)) rmSync(path.join(v3, name));
console.log(`wrote ${written.size} OpenAPI v3 documents to ${path.relative(root, v3)}`);

mkdirSync(v2, { recursive: true });
writeFileSync(path.join(v2, 'openapi-v2.json.gz'), gzipSync(await get('/openapi/v2')));
writeFileSync(path.join(v2, 'openapi-v2.pb.gz'), gzipSync(await get('/openapi/v2', 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf')));
console.log(`wrote /openapi/v2 (JSON and Protobuf) to ${path.relative(root, v2)}`);
