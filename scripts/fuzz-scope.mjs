// Longer seeded runs of the scope suites than `npm test` makes: the property that nothing outside
// a request's named scope changes (test/e2e/scope-invariant.test.ts) and the fuzz run of malformed
// requests (test/e2e/malformed-fuzz.test.ts), on the e2e project's servers.
//   npm run fuzz:scope -- --runs 5000 --seed 7 [--only property|malformed]
// Failing fuzz cases are written to reports/scope-fuzz/ (replay one: node scripts/scope/replay.mjs FILE URL).
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '2000' }, seed: { type: 'string', default: String(Date.now() % 100_000) }, only: { type: 'string' } } });
const suites = { property: 'test/e2e/scope-invariant.test.ts', malformed: 'test/e2e/malformed-fuzz.test.ts' };
const files = values.only ? [suites[values.only]] : Object.values(suites);
if (files.includes(undefined)) throw new Error('--only property|malformed');
console.log(`seed ${values.seed}, ${values.runs} runs: ${files.join(', ')}`);
const env = { ...process.env, SCOPE_PROPERTY_RUNS: values.runs, SCOPE_PROPERTY_SEED: values.seed, SCOPE_FUZZ_RUNS: values.runs, SCOPE_FUZZ_SEED: values.seed };
const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...files], { env, stdio: 'inherit' });
process.exit(run.status ?? 1);
