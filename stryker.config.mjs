// Mutation testing (`npm run mutation`, not part of `npm test`): StrykerJS mutates the pure parts of
// the storage and watch core and server-side apply, and runs the unit tests that cover each mutant
// (vitest.mutation.config.ts: only code that runs in the vitest process can be mutated, so the
// Durable Object and Worker code is checked by deliberate breaks instead, see issue 22).
// STRYKER_MUTATE (comma-separated globs) picks other files. Reports: reports/mutation/.
const defaultMutate = [
  'src/durable/clock.ts', 'src/storage/cacher/watch-events.ts', 'src/durable/watch-protocol.ts', 'src/endpoints/watch/watch-options.ts',
  'src/apply/merge.ts', 'src/apply/remove.ts', 'src/apply/conflict.ts', 'src/apply/field-set.ts', 'src/apply/managed-fields.ts', 'src/apply/apply.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: process.env.STRYKER_MUTATE?.split(',') ?? defaultMutate,
  coverageAnalysis: 'perTest',
  // Mutants run while modules load or fixtures are built (outside any test) would each need the
  // whole unit suite; they are reported as ignored (STRYKER_STATIC=1 runs them too).
  ignoreStatic: process.env.STRYKER_STATIC !== '1',
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // Stryker would prepend // @ts-nocheck to source files; generated files are compared byte for byte by tests.
  disableTypeChecks: false,
  ignorePatterns: ['.wrangler', '.cache', 'reports', 'bench/results', 'kubeconfig'],
  cleanTempDir: true,
};
