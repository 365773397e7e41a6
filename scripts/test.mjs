// `npm test`: the three vitest projects, as two vitest runs side by side (workers; unit then e2e).
//
// Why two processes: vitest runs its projects one file at a time on a 2-core machine (maxWorkers
// defaults to cores - 1), and the end-to-end project, whose files share one server, runs after the
// others. The workers project's tests run in one workerd process and the end-to-end suites against
// their own servers (other workerd processes), so the two chains use a core each when they run at
// once: the CI run took 25 minutes one after the other.
//
// Each child's output is passed on a whole line at a time, so the two reports interleave by line.
// Arguments (`npm test -- FILE...`, `--project NAME`) run one plain `vitest run` with them instead.
import './offline-env.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const vitest = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'vitest', 'vitest.mjs');
const args = process.argv.slice(2);
// The unit project goes with e2e: on a quiet 2-core machine workers took 1,047 s and e2e 591 s.
const runs = args.length ? [args] : [['--project', 'workers'], ['--project', 'unit', '--project', 'e2e']];

const codes = await Promise.all(runs.map((extra) => run([vitest, 'run', ...extra])));
const failed = codes.find((code) => code !== 0);
process.exit(failed ?? 0);

/** Runs node with `argv`, passing its output on by whole lines; resolves to its exit code. */
function run(argv) {
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  passLines(child.stdout, process.stdout);
  passLines(child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

function passLines(from, to) {
  let pending = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const text = pending + chunk;
    const end = text.lastIndexOf('\n') + 1;
    if (end) to.write(text.slice(0, end));
    pending = text.slice(end);
  });
  from.on('end', () => {
    if (pending) to.write(`${pending}\n`);
  });
}
