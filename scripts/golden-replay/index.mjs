#!/usr/bin/env node
// Replays golden recordings (../shared/golden/kube-v1.32.13 by default) against a running server
// and reports where its answers differ from kube-apiserver's, volatile values masked
// (normalize.mjs). Each recorded request is sent in order, as recorded; a Table recording
// (2NN-table-*) first creates its `request.createdWith` object in namespace `tables`.
// resourceVersions in recorded paths are mapped to the live ones seen for the same exchange.
// The server must be fresh (no namespace `golden` or `tables`).
//
//   node scripts/golden-replay/index.mjs [--server URL] [--token T] [--golden DIR] [--only REGEX] [--json FILE]
//
// Defaults: https://127.0.0.1:8787, the admin token of .wrangler/credentials.json. Exits 1 when
// something differs.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { send } from './http.mjs';
import { liveBody, recordedBody } from './decode.mjs';
import { normalize, VolatileValues } from './normalize.mjs';
import { diff } from './diff.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const options = parseArguments(process.argv.slice(2));
const comparedHeaders = ['content-type', 'warning'];

function parseArguments(argv) {
  const options = { server: 'https://127.0.0.1:8787', golden: path.resolve(projectRoot, '../shared/golden/kube-v1.32.13') };
  for (let index = 0; index < argv.length; index += 2) options[argv[index].replace(/^--/, '')] = argv[index + 1];
  options.token ??= JSON.parse(readFileSync(path.join(projectRoot, '.wrangler/credentials.json'), 'utf8')).adminToken;
  return options;
}

/** Replays one recording; returns its differences. */
async function replay(recording, state) {
  const { request, response } = recording;
  const differences = [];
  if (request.createdWith !== undefined) differences.push(...(await createFirst(request, state)));
  const live = await sendUntilSettled(mapVolatileReferences(request, state.versions), response);
  const isWatch = /[?&]watch=(1|true)/.test(request.path);
  const recordedValue = recordedBody(response.body, response.headers['content-type']);
  const liveValue = liveBody(live.body, live.headers['content-type'], isWatch);
  state.recordedVolatile.collect(recordedValue);
  state.liveVolatile.collect(liveValue);
  rememberVersions(recordedValue, liveValue, state.versions);
  if (live.status !== response.status) differences.push({ path: 'status', recorded: response.status, live: live.status });
  for (const name of comparedHeaders) {
    const recordedHeader = response.headers[name];
    if (recordedHeader !== undefined && recordedHeader !== live.headers[name]) differences.push({ path: `header ${name}`, recorded: recordedHeader, live: live.headers[name] ?? '(absent)' });
  }
  differences.push(...diff(normalize(recordedValue, state.recordedVolatile), normalize(liveValue, state.liveVolatile), 'body'));
  return differences;
}

/** Creates a Table recording's object in its collection (namespace `tables` made when needed). */
async function createFirst(request, state) {
  const collection = request.path.split('?')[0];
  const namespace = /\/namespaces\/([^/]+)\//.exec(collection)?.[1];
  if (namespace && !state.namespaces.has(namespace)) {
    await send(options.server, options.token, { method: 'POST', path: '/api/v1/namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } });
    state.namespaces.add(namespace);
  }
  const created = await send(options.server, options.token, { method: 'POST', path: collection, body: request.createdWith });
  if (created.status === request.createStatus) return [];
  return [{ path: 'create status', recorded: request.createStatus, live: `${created.status} ${created.body.toString('utf8').slice(0, 300)}` }];
}

// A recording that waited for a condition (the CRD becoming Established) is retried until the
// live answer has the same condition statuses, for up to 15 s.
async function sendUntilSettled(request, response) {
  const statuses = (body) => JSON.stringify((body?.status?.conditions ?? []).map((condition) => [condition.type, condition.status]).sort());
  const wanted = statuses(response.body);
  for (let attempt = 0; ; attempt++) {
    const live = await send(options.server, options.token, request);
    if (wanted === '[]' || attempt >= 30) return live;
    if (statuses(JSON.parse(live.body.toString('utf8'))) === wanted) return live;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// The recorder put the uids and resourceVersions it had seen into later requests (a PUT of an
// object read before); the replay puts the live values seen in the same exchanges there.
function mapVolatileReferences(request, versions) {
  const path = request.path.replace(/([?&]resourceVersion=)(\d+)/, (match, prefix, value) => prefix + (versions.get(value) ?? value));
  if (request.body === undefined || typeof request.body === 'string') return { ...request, path };
  const body = JSON.parse(JSON.stringify(request.body), (key, value) => ((key === 'uid' || key === 'resourceVersion') && versions.has(value) ? versions.get(value) : value));
  return { ...request, path, body };
}

function rememberVersions(recorded, live, versions) {
  for (const key of ['resourceVersion', 'uid']) {
    const recordedValue = recorded?.metadata?.[key];
    const liveValue = live?.metadata?.[key];
    if (recordedValue && liveValue) versions.set(recordedValue, liveValue);
  }
}

function show(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 240 ? `${text.slice(0, 240)}...` : text;
}

const files = readdirSync(options.golden).filter((file) => /^\d{3}-.*\.json$/.test(file)).sort();
const only = options.only ? new RegExp(options.only) : null;
const state = { versions: new Map(), namespaces: new Set(), recordedVolatile: new VolatileValues(), liveVolatile: new VolatileValues() };
const results = [];
for (const file of files) {
  const recording = JSON.parse(readFileSync(path.join(options.golden, file), 'utf8'));
  const differences = await replay(recording, state);
  if (only && !only.test(file)) continue;
  results.push({ file, differences });
  if (differences.length === 0) continue;
  console.log(`${file}: ${differences.length} difference(s)`);
  for (const difference of differences) console.log(`  ${difference.path}\n    kube: ${show(difference.recorded)}\n    live: ${show(difference.live)}`);
}
const differing = results.filter((result) => result.differences.length > 0).length;
console.log(`\n${results.length} recordings replayed against ${options.server}: ${results.length - differing} identical, ${differing} differ`);
if (options.json) writeFileSync(options.json, JSON.stringify(results, null, 2));
process.exit(differing ? 1 : 0);
