// `npm run reshard -- --type configmaps --from 1 --to 4:name [--server URL] [--token T] [--erase]`:
// moves a resource type's objects to another shard layout, batch by batch, through the server's
// POST /edge-apiserver/v1/reshard (src/storage/sharding/reshard.ts, docs/shards.md "Changing a type's layout").
// Stop writes to the type first; after the copy, set SHARDED_TYPES to the new layout and deploy;
// then run again with --erase to empty the old layout's shards.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './server.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, index, all) => {
  if (arg.startsWith('--')) pairs.push([arg.slice(2), all[index + 1]?.startsWith('--') || all[index + 1] === undefined ? 'true' : all[index + 1]]);
  return pairs;
}, []));
const server = args.server ?? 'https://127.0.0.1:8787';
const token = args.token ?? JSON.parse(readFileSync(path.join(projectRoot, '.wrangler', 'credentials.json'), 'utf8')).adminToken;
const [resource, ...groupParts] = (args.type ?? '').split('.');
if (!resource || !args.from || !args.to) {
  console.error('usage: npm run reshard -- --type resource[.group] --from COUNT[:namespace|name] --to COUNT[:namespace|name] [--erase] [--server URL] [--token T]');
  process.exit(2);
}
if (server.startsWith('https://127.0.0.1') || server.startsWith('https://localhost')) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const base = { group: groupParts.join('.'), resource, from: args.from, to: args.to };

async function call(body) {
  const response = await fetch(`${server}/edge-apiserver/v1/reshard`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text}`);
  return JSON.parse(text);
}

if (args.erase === 'true') {
  const { erased } = await call({ ...base, erase: 'from' });
  console.log(`erased ${erased} shard(s) of the old layout ${args.from}`);
} else {
  let step = {};
  let copied = 0;
  let skipped = 0;
  for (;;) {
    const progress = await call({ ...base, ...step });
    copied += progress.copied;
    skipped += progress.skipped;
    process.stdout.write(`\rcopied ${copied}, already there ${skipped}`);
    if (progress.done) break;
    step = { at: progress.at, after: progress.after };
  }
  console.log(`\ndone: ${args.type} copied from ${args.from} to ${args.to}; now set SHARDED_TYPES, deploy, and run again with --erase`);
}
