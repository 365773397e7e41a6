// The replay of golden recordings against a server: each recorded request sent in order, as
// recorded, and the answer compared with the recorded one once volatile values are masked
// (normalize.mjs). A Table recording (2NN-table-*) first creates its `request.createdWith`
// object in namespace `tables`; resourceVersions and uids in recorded requests are mapped to the
// live ones seen for the same exchanges. The server must be fresh (no namespace `golden` or `tables`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { send } from './http.mjs';
import { liveBody, recordedBody } from './decode.mjs';
import { normalize, VolatileValues } from './normalize.mjs';
import { diff } from './diff.mjs';

const comparedHeaders = ['content-type', 'warning'];

/**
 * Replays every `NNN-*.json` recording of `golden` against `server` (bearer `token`), in order;
 * resolves with `[{ file, differences: [{ path, recorded, live }] }]`.
 */
export async function replayGoldens({ server, token, golden }) {
  const options = { server, token };
  const files = readdirSync(golden).filter((file) => /^\d{3}-.*\.json$/.test(file)).sort();
  const state = { versions: new Map(), namespaces: new Set(), creates: new Map(), recordedVolatile: new VolatileValues(), liveVolatile: new VolatileValues() };
  const results = [];
  for (const file of files) {
    const recording = JSON.parse(readFileSync(path.join(golden, file), 'utf8'));
    results.push({ file, differences: await replay(recording, state, options) });
  }
  return results;
}

/** Replays one recording; returns its differences. */
async function replay(recording, state, options) {
  const { request, response } = recording;
  const differences = [];
  if (request.createdWith !== undefined) differences.push(...(await createFirst(request, state, options)));
  await unlessAddressHeld(request, state, options);
  const live = await sendUntilSettled(mapVolatileReferences(request, state.versions), response, options);
  const isWatch = /[?&]watch=(1|true)/.test(request.path);
  const recordedValue = recordedBody(response.body, response.headers['content-type']);
  const liveValue = liveBody(live.body, live.headers['content-type'], isWatch);
  state.recordedVolatile.collect(recordedValue);
  state.liveVolatile.collect(liveValue);
  rememberVersions(recordedValue, liveValue, state.versions);
  if (request.method === 'POST' && live.status === 201 && liveValue?.metadata?.name) state.creates.set(`${request.path.split('?')[0]}/${liveValue.metadata.name}`, request);
  if (live.status !== response.status) differences.push({ path: 'status', recorded: response.status, live: live.status });
  for (const name of comparedHeaders) {
    const recordedHeader = response.headers[name];
    if (recordedHeader !== undefined && recordedHeader !== live.headers[name]) differences.push({ path: `header ${name}`, recorded: recordedHeader, live: live.headers[name] ?? '(absent)' });
  }
  differences.push(...diff(normalize(recordedValue, state.recordedVolatile), normalize(liveValue, state.liveVolatile), 'body'));
  return differences;
}

/** Creates a Table recording's object in its collection (namespace `tables` made when needed). */
async function createFirst(request, state, options) {
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

/**
 * A recording that sets a Service's clusterIP to an address shows that the address cannot change.
 * This server derives a Service's address from its uid (src/kinds/core/cluster-ip.ts), so about one
 * replay in 238 the Service already holds that address and the request changes nothing: the
 * Service is then created again from its recorded create (another uid, another address) first.
 */
async function unlessAddressHeld(request, state, options) {
  const wanted = request.body?.spec?.clusterIP;
  const create = state.creates.get(request.path);
  if (typeof wanted !== 'string' || !create) return;
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await send(options.server, options.token, { method: 'GET', path: request.path });
    if (JSON.parse(current.body.toString('utf8')).spec?.clusterIP !== wanted) return;
    await send(options.server, options.token, { method: 'DELETE', path: request.path });
    await send(options.server, options.token, create);
  }
}

// A recording that waited for a condition (the CRD becoming Established) is retried until the
// live answer has the same condition statuses, for up to 15 s.
async function sendUntilSettled(request, response, options) {
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

