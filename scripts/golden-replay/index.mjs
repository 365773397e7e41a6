#!/usr/bin/env node
// Replays golden recordings (../shared/golden/kube-v1.32.13 by default) against a running server
// and reports where its answers differ from kube-apiserver's (replay.mjs), volatile values masked.
//
//   node scripts/golden-replay/index.mjs [--server URL] [--token T] [--golden DIR] [--only REGEX] [--json FILE]
//
// Defaults: https://127.0.0.1:8787, the admin token of .wrangler/credentials.json. The server must
// be fresh (no namespace `golden` or `tables`). Exits 1 when something differs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { replayGoldens } from './replay.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function parseArguments(argv) {
  const options = { server: 'https://127.0.0.1:8787', golden: path.resolve(projectRoot, '../shared/golden/kube-v1.32.13') };
  for (let index = 0; index < argv.length; index += 2) options[argv[index].replace(/^--/, '')] = argv[index + 1];
  options.token ??= JSON.parse(readFileSync(path.join(projectRoot, '.wrangler/credentials.json'), 'utf8')).adminToken;
  return options;
}

function show(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 240 ? `${text.slice(0, 240)}...` : text;
}

const options = parseArguments(process.argv.slice(2));
const only = options.only ? new RegExp(options.only) : null;
const results = (await replayGoldens(options)).filter((result) => !only || only.test(result.file));
for (const { file, differences } of results) {
  if (differences.length === 0) continue;
  console.log(`${file}: ${differences.length} difference(s)`);
  for (const difference of differences) console.log(`  ${difference.path}\n    kube: ${show(difference.recorded)}\n    live: ${show(difference.live)}`);
}
const differing = results.filter((result) => result.differences.length > 0).length;
console.log(`\n${results.length} recordings replayed against ${options.server}: ${results.length - differing} identical, ${differing} differ`);
if (options.json) writeFileSync(options.json, JSON.stringify(results, null, 2));
process.exit(differing ? 1 : 0);
