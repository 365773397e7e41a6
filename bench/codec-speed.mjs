// Encoding and decoding a PodList of 5,000 realistic pods in process (the fixture's Pod with
// server metadata, managedFields and status, names, uids and times varied): Protobuf and CBOR
// against JSON.stringify / JSON.parse, median of several runs, in Node (workerd runs the same
// code; its clock does not advance inside synchronous code, so it cannot time it in process). Also prints SHA-256 prefixes of
// the Protobuf bytes (the list and every round-trip fixture) and of the decoded JSON, so that a
// change to the codec can be checked to leave its output byte-for-byte unchanged.
//   node bench/codec-speed.mjs [pods=5000] [runs=9]
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fmt } from './stats.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = `
export { encodeProtobufObject, decodeProtobufObject } from './src/codecs/protobuf/index.ts';
export { encodeCborObject, decodeCborObject } from './src/codecs/cbor/index.ts';
export { roundTripObjects } from './test/fixtures/round-trip-objects.ts';
`;

async function load() {
  const outfile = path.join(projectRoot, '.wrangler', 'bundle', 'codec-speed-entry.mjs');
  await build({
    stdin: { contents: ENTRY, resolveDir: projectRoot, loader: 'ts' },
    bundle: true, format: 'esm', platform: 'neutral', outfile, logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

/** The RFC 3339 time `seconds` after `time`. */
function later(time, seconds) {
  return new Date(Date.parse(time) + seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/** Shifts every RFC 3339 time of an object by `seconds`, in place. */
function shiftTimes(value, seconds) {
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' && /^\d{4}-\d\d-\d\dT[\d:]+Z$/.test(item)) value[key] = later(item, seconds);
    else if (item && typeof item === 'object') shiftTimes(item, seconds);
  }
}

/**
 * count pods cloned from the fixture's Pod, with their own names, uids, resourceVersions and
 * times (created one a minute).
 */
function podList(template, count) {
  const items = [];
  for (let i = 0; i < count; i++) {
    const pod = structuredClone(template);
    shiftTimes(pod, i * 60);
    pod.metadata.name = `web-7d4b9c8f6-${i.toString(36).padStart(5, '0')}`;
    pod.metadata.uid = `6f1c2a3e-8d4b-4c1e-9a57-${i.toString(16).padStart(12, '0')}`;
    pod.metadata.resourceVersion = String(50000 + i);
    pod.status.podIP = `10.244.${(i >> 8) & 255}.${i & 255}`;
    items.push(pod);
  }
  return { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '99999' }, items };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timed(fn, runs) {
  fn();
  const times = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    result = fn();
    times.push(performance.now() - began);
  }
  return { ms: median(times), result };
}

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** Times the codecs on a PodList of `count` pods, median of `runs` runs, and prints the table. */
export async function runCodecSpeed(count = 5000, runs = 9) {
  const codec = await load();
  const list = podList(codec.roundTripObjects[0], count);

  const jsonEncode = timed(() => JSON.stringify(list), runs);
  const cborEncode = timed(() => codec.encodeCborObject(list), runs);
  const protoEncode = timed(() => codec.encodeProtobufObject(list), runs);
  const jsonDecode = timed(() => JSON.parse(jsonEncode.result), runs);
  const protoDecode = timed(() => codec.decodeProtobufObject(protoEncode.result), runs);
  const cborDecode = timed(() => codec.decodeCborObject(cborEncode.result), runs);

  const row = (name, { ms }, size) => console.log(`  ${name.padEnd(16)} ${fmt(ms).padStart(7)} ms${size ? `  ${fmt(size / 1e6, 2)} MB` : ''}`);
  console.log(`codec speed in process: PodList of ${count} pods, median of ${runs} runs (node ${process.version})`);
  row('JSON.stringify', jsonEncode, jsonEncode.result.length);
  row('CBOR encode', cborEncode, cborEncode.result.length);
  row('Protobuf encode', protoEncode, protoEncode.result.length);
  row('JSON.parse', jsonDecode);
  row('CBOR decode', cborDecode);
  row('Protobuf decode', protoDecode);

  const fixtures = createHash('sha256');
  for (const object of codec.roundTripObjects) fixtures.update(codec.encodeProtobufObject(object));
  const digests = { list: sha(protoEncode.result), fixtures: fixtures.digest('hex').slice(0, 16), decoded: sha(JSON.stringify(protoDecode.result.object)) };
  console.log(`  sha256: list ${digests.list}, fixtures ${digests.fixtures}, decoded ${digests.decoded}`);
  return {
    conditions: `in process (Node ${process.version}), a PodList of ${count} realistic pods, median of ${runs} runs after one warm-up`,
    count, runs,
    encodeMs: { json: jsonEncode.ms, cbor: cborEncode.ms, protobuf: protoEncode.ms },
    decodeMs: { json: jsonDecode.ms, cbor: cborDecode.ms, protobuf: protoDecode.ms },
    bytes: { json: jsonEncode.result.length, cbor: cborEncode.result.length, protobuf: protoEncode.result.length },
    sha256: digests,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [count, runs] = process.argv.slice(2).map(Number);
  await runCodecSpeed(count || undefined, runs || undefined);
}
