/**
 * The house rules of src/, checked by dependency-cruiser (`npm run architecture`, and in `npm
 * test` by test/unit/architecture.test.ts): every top-level folder has its layer, and imports run
 * only downward (type imports included); no import circle. docs/architecture.md explains the
 * layers.
 */

/** The layers, top first; folders on one line are siblings and import neither each other nor anything above. */
const layers = [
  ['index.ts', 'front'], // the Worker's entry point; the local HTTPS front (a Node program before workerd)
  ['server'], // HTTP app, filters, routes, and the assembly of everything below
  ['tenancy', 'apiservices', 'flowcontrol', 'backup'], // features, registered into the lower layers by server/assembly
  ['endpoints', 'controllers'], // a verb's handler; the server's own controllers
  ['admission'],
  ['auth'],
  ['metrics'],
  ['crds'],
  ['webhooks'], // the outbound client of admission and conversion webhooks, service references
  ['registry'], // the generic Store, strategies
  ['cluster'], // the cluster as a value
  ['storage'], // ShardRpc -> CachedStorage -> ShardedStorage
  ['durable'], // the two Durable Object classes
  // Pure libraries, no I/O:
  ['codecs'],
  ['kinds'],
  ['admission-policy'],
  ['apply', 'patch', 'cel'],
  ['api'],
  ['schema'],
  ['authn'],
  ['rbac'],
  ['apimachinery'],
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pathOf = (folder) => (folder.endsWith('.ts') ? `^src/${escape(folder)}$` : `^src/${escape(folder)}/`);

/** For each folder: nothing of its own layer (but itself) or of any layer above it. */
const downwardOnly = layers.slice(1).flatMap((folders, above) => folders.map((folder) => ({
  name: `layers: ${folder}`,
  comment: `src/${folder} may import only the layers below it (.dependency-cruiser.mjs lists them)`,
  severity: 'error',
  from: { path: pathOf(folder) },
  to: { path: layers.slice(0, above + 2).flat().filter((other) => other !== folder).map(pathOf) },
})));

/** The local HTTPS front runs in Node, apart from the Worker: it shares only the pure request classification; the Worker never loads it. */
const front = [
  { name: 'front: only the request classification', from: { path: '^src/front/' }, to: { pathNot: ['^src/front/', '^src/apimachinery/', '^src/cluster/names\\.ts$'] } },
  { name: 'front: not in the Worker', from: { pathNot: '^src/front/' }, to: { path: '^src/front/' } },
].map((rule) => ({ severity: 'error', ...rule }));

/** Inside storage/: the storage of several shards knows only the ShardStorage interface; the cache sits on the RPC, not the other way. */
const storageStack = [
  { name: 'storage: sharding takes any ShardStorage', from: { path: '^src/storage/sharding/' }, to: { path: ['^src/storage/rpc\\.ts$', '^src/storage/cacher/'] } },
  { name: 'storage: the cache decorates the RPC', from: { path: '^src/storage/cacher/' }, to: { path: '^src/storage/sharding/' } },
  { name: 'storage: the RPC keeps nothing', from: { path: '^src/storage/rpc\\.ts$' }, to: { path: ['^src/storage/cacher/', '^src/storage/sharding/'] } },
].map((rule) => ({ severity: 'error', ...rule }));

/**
 * Mutual recursion kept as it is in Go (the CEL checker and interpreter, the strategic merge of
 * maps and lists): two files may import each other, and nothing else may join their circle.
 */
const mutualPairs = [
  ['^src/cel/check/calls\\.ts$', '^src/cel/check/checker\\.ts$'],
  ['^src/cel/eval/dispatch\\.ts$', '^src/cel/eval/interpreter\\.ts$'],
  ['^src/patch/strategic/merge-map\\.ts$', '^src/patch/strategic/merge-slice\\.ts$'],
];

const circles = [
  { name: 'no-circular', severity: 'error', from: { pathNot: mutualPairs.flat() }, to: { circular: true } },
  ...mutualPairs.map((pair) => ({
    name: 'no-circular: a pair of mutual recursion stays a pair',
    severity: 'error',
    from: { path: pair },
    // One regular expression: dependency-cruiser reads via's path as one.
    to: { circular: true, via: { pathNot: pair.join('|') } },
  })),
];

export default {
  forbidden: [...downwardOnly, ...front, ...storageStack, ...circles],
  options: {
    includeOnly: '^src/',
    // Type-only imports count: a type that lives too high ties the layers as much as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
