// `npm run snapshot -- save FILE | restore FILE | import [--from KUBECONFIG] [--keep FILE]  [--kubeconfig K]`
// (docs/backups.md): a consistent snapshot of the cluster (or tenant) of the kubeconfig K (default
// ./kubeconfig, what `npm start` writes; a tenant's kubeconfig names /clusters/NAME) into FILE,
// gzip'd NDJSON; its restore into an empty cluster; a copy of a running kube-apiserver's objects
// (the kubeconfig --from) into an empty edge cluster. Progress on stderr: objects, bytes, rate.
// The file is read whole and checked before a restore writes anything.
import { createReadStream, createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { build } from 'esbuild';
import { KubeConfig } from '@kubernetes/client-node';
import { projectRoot } from './server.mjs';

/** src/backup/index.ts bundled for Node (src/ names its modules by their .js names). */
export async function backups() {
  const outfile = path.join(projectRoot, '.wrangler', 'bundle', 'backups.mjs');
  await build({ entryPoints: [path.join(projectRoot, 'src', 'backup', 'index.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node22', outfile, logLevel: 'warning' });
  return import(outfile);
}

/** A client of the API server a kubeconfig names: `stream(method, path, body)` answers { status, headers, body }. */
export function clientOf(file) {
  const config = new KubeConfig();
  config.loadFromFile(file);
  const server = new URL(config.getCurrentCluster().server);
  const base = server.pathname.replace(/\/$/, '');
  const stream = async (method, pathname, body) => {
    const options = { method, headers: { accept: 'application/json' } };
    await config.applyToHTTPSOptions(options);
    if (body !== undefined) options.headers['content-type'] = 'application/json';
    const url = new URL(base + pathname, server);
    return new Promise((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, options, (response) => resolve({ status: response.statusCode, headers: response.headers, body: response }));
      request.on('error', reject);
      request.end(body === undefined ? undefined : JSON.stringify(body));
    });
  };
  const json = async (method, pathname, body) => {
    const response = await stream(method, pathname, body);
    const chunks = [];
    for await (const chunk of response.body) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    if (response.status >= 300) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 500)}`);
    return JSON.parse(text);
  };
  return { server: config.getCurrentCluster().server, stream, json };
}

/** Progress on one line of stderr: what is done, and the rate since `started`. */
function reporter(label) {
  const started = Date.now();
  let last = 0;
  return (done, final = done.final ?? false) => {
    const now = Date.now();
    if (!final && now - last < 250) return;
    last = now;
    const seconds = Math.max((now - started) / 1000, 0.001);
    const mb = done.bytes / 1e6;
    process.stderr.write(`\r${label}: ${done.objects} objects, ${mb.toFixed(1)} MB, ${(done.objects / seconds).toFixed(0)} objects/s, ${(mb / seconds).toFixed(2)} MB/s${final ? '\n' : ''}`);
  };
}

/** The lines of a gzip'd file, as often as asked. */
// zlib, not DecompressionStream: a scheduled backup's parts concatenated are several gzip members.
const fileLines = (lib, file) => () => lib.textLines(Readable.toWeb(createReadStream(file).pipe(createGunzip())));

/** Saves the snapshot of the kubeconfig's cluster into `file` (written beside it, checked, then renamed). */
export async function save(lib, client, file) {
  const response = await client.stream('GET', '/edge-apiserver/v1/snapshot');
  if (response.status !== 200) {
    const chunks = [];
    for await (const chunk of response.body) chunks.push(chunk);
    throw new Error(`snapshot: ${response.status} ${Buffer.concat(chunks).toString('utf8')}`);
  }
  const total = Number(response.headers['x-snapshot-objects']);
  const partial = `${file}.partial`;
  const progress = reporter(`saving ${total} objects at resourceVersion ${response.headers['x-snapshot-resource-version']}`);
  const done = { objects: 0, bytes: 0 };
  // Objects are counted as they arrive: the bytes also go through a gunzip that counts lines.
  const counter = createGunzip();
  counter.on('data', (text) => {
    for (let at = text.indexOf(10); at >= 0; at = text.indexOf(10, at + 1)) done.objects += 1;
  });
  counter.on('error', () => {}); // a damaged download is reported by the check below
  response.body.on('data', (chunk) => {
    done.bytes += chunk.length;
    progress(done);
  });
  response.body.pipe(counter);
  await pipeline(response.body, createWriteStream(partial));
  progress(done, true);
  try {
    const header = await lib.checkSnapshot(fileLines(lib, partial), reporter('checking'));
    renameSync(partial, file);
    return header;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Restores `file` into the kubeconfig's cluster; the report per type. */
export async function restore(lib, client, file) {
  const checking = reporter('checking');
  const progress = reporter('restoring');
  const call = (body) => client.json('POST', '/edge-apiserver/v1/restore', body);
  const reports = await lib.restoreSnapshot(fileLines(lib, file), call, (done) => (done.phase === 'check' ? checking(done) : progress(done)));
  return reports;
}

/**
 * Writes a snapshot file of a running kube-apiserver's objects: each type's lines into a body file
 * first (counts go in the header), then header, body and trailer gzip'd into `file`. Returns the
 * types it skipped and why.
 */
export async function exportKube(lib, source, file) {
  const get = (pathname) => source.json('GET', pathname);
  const types = await lib.kubeTypes(get);
  const copied = types.filter((type) => !type.skip);
  const tally = new lib.TypeTally(copied.length);
  const bodyFile = `${file}.body`;
  const body = createWriteStream(bodyFile);
  const progress = reporter(`reading ${source.server}`);
  const done = { objects: 0, bytes: 0 };
  for (const [index, type] of copied.entries()) {
    for await (const { key, json } of lib.kubeObjects(get, type)) {
      const line = lib.itemLine(index, key, json);
      tally.add(index, line);
      if (!body.write(`${line}\n`)) await new Promise((resolve) => body.once('drain', resolve));
      done.objects += 1;
      done.bytes += line.length + 1;
      progress(done);
    }
  }
  await new Promise((resolve) => body.end(resolve));
  progress(done, true);
  const trailer = tally.trailer();
  const header = {
    kind: lib.snapshotKind, formatVersion: lib.formatVersion, cluster: source.server, resourceVersion: 0, createdAt: new Date().toISOString(),
    types: copied.map((type, index) => ({ group: type.group, resource: type.resource, count: trailer.counts[index] })), source: `kube-apiserver ${source.server}`,
  };
  async function* whole() {
    yield `${JSON.stringify(header)}\n`;
    for await (const chunk of createReadStream(bodyFile)) yield chunk;
    yield `${JSON.stringify(trailer)}\n`;
  }
  await pipeline(Readable.from(whole()), createGzip(), createWriteStream(file));
  rmSync(bodyFile);
  return types.filter((type) => type.skip);
}

function printReports(reports, skipped = []) {
  const rows = [['TYPE', 'IN FILE', 'WRITTEN', 'REPLACED', 'SKIPPED', 'FAILED', 'WHY'],
    ...reports.map((r) => [r.type, r.inFile, r.written, r.replaced, r.skipped, r.failed, r.why.join('; ')]),
    ...skipped.map((type) => [type.group ? `${type.resource}.${type.group}` : type.resource, '-', 0, 0, 'all', 0, type.skip])];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  for (const row of rows) console.log(row.map((cell, column) => String(cell).padEnd(widths[column])).join('  ').trimEnd());
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const option = (name) => {
    const index = rest.indexOf(`--${name}`);
    return index < 0 ? undefined : rest[index + 1];
  };
  const positional = rest.filter((arg, index) => !arg.startsWith('--') && !rest[index - 1]?.startsWith('--'));
  const kubeconfig = option('kubeconfig') ?? path.join(projectRoot, 'kubeconfig');
  const file = positional[0];
  if (!['save', 'restore', 'import'].includes(command) || (command !== 'import' && !file)) {
    console.error('usage: npm run snapshot -- save FILE | restore FILE | import --from KUBECONFIG [--keep FILE]   [--kubeconfig K]');
    process.exit(2);
  }
  const lib = await backups();
  const client = clientOf(kubeconfig);
  if (command === 'save') {
    const header = await save(lib, client, file);
    console.log(`saved ${file}: cluster ${header.cluster} at resourceVersion ${header.resourceVersion}, ${header.types.reduce((sum, type) => sum + type.count, 0)} objects of ${header.types.filter((type) => type.count).length} types, ${statSync(file).size} bytes`);
  } else if (command === 'restore') {
    printReports(await restore(lib, client, file));
  } else {
    const from = option('from') ?? process.env.KUBECONFIG;
    if (!from) throw new Error('import needs --from KUBECONFIG (the kube-apiserver to copy)');
    const keep = option('keep') ?? path.join(projectRoot, '.wrangler', `import-${Date.now()}.ndjson.gz`);
    const skipped = await exportKube(lib, clientOf(from), keep);
    printReports(await restore(lib, client, keep), skipped);
    if (!option('keep')) rmSync(keep);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(`\n${error.message}`);
    process.exit(1);
  });
}
