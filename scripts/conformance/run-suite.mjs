// Runs ../shared/kube/e2e/run-conformance.sh (kubernetes' own e2e.test v1.32.13) against one
// kubeconfig, in a process group of its own so that an interrupted run stops e2e.test and the
// kubectl it spawns with it. Its reports go to `out` (report.json is ginkgo's JSON report). With
// `procs` > 1 it runs as that many e2e.test processes sharing the specs, as `ginkgo -p` would
// (./parallel-host.mjs); process 1 writes the reports of the whole run.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sharedKube } from '../control-plane/controllers.mjs';
import { unpackBinary, verifyChecksums } from '../control-plane/unpack.mjs';
import { startParallelHost } from './parallel-host.mjs';

const running = new Set();

/**
 * Runs the selection (`focus`/`skip`: ginkgo regexes, the script's defaults when unset) against
 * `kubeconfig` in `procs` parallel processes; the output goes to `out`/e2e.log (and to stdout with
 * `echo`). Resolves with the exit code (with several processes: process 1's, else the first other
 * non-zero one).
 */
export async function runConformance({ kubeconfig, out, focus, skip, binDir, procs = 1, echo = false, extraArgs = [] }) {
  mkdirSync(out, { recursive: true });
  // Unpacked here, atomically, so that run-conformance.sh finds it current and never unpacks it itself.
  verifyChecksums(path.join(sharedKube, 'e2e'));
  unpackBinary(path.join(sharedKube, 'e2e', 'e2e.test.xz'), binDir);
  const env = { ...process.env, OUT: out, E2E_BIN: binDir };
  for (const [name, value] of [['FOCUS', focus], ['SKIP', skip]]) {
    if (value) env[name] = value;
    else delete env[name];
  }
  const log = createWriteStream(path.join(out, 'e2e.log'));
  log.setMaxListeners(2 * procs + 10); // every process's stdout and stderr pipe into it
  const host = procs > 1 ? await startParallelHost({ total: procs, log: echoed(log, echo) }) : undefined;
  // ginkgo's processes speak Go's net/rpc to the host unless told HTTP, which parallel-host.mjs serves.
  if (host) env.GINKGO_PARALLEL_PROTOCOL = 'HTTP';
  // One seed for all: each process orders the specs by it (top-level containers shuffled) and runs
  // the specs at the indices the host hands it, so different seeds would run some specs twice and
  // others never (ginkgo's CLI passes its seed to every process alike).
  const seed = extraArgs.find((arg) => arg.startsWith('--ginkgo.seed=')) ? [] : [`--ginkgo.seed=${Math.floor(Date.now() / 1000) % 100000}`];
  const codes = [];
  for (let index = 1; index <= procs; index++) {
    const parallel = host ? [`--ginkgo.parallel.process=${index}`, `--ginkgo.parallel.total=${procs}`, `--ginkgo.parallel.host=${host.url}`, ...seed] : [];
    codes.push(runProcess({ kubeconfig, args: [...parallel, ...extraArgs], env, out, log, echo }).then((code) => {
      host?.exited(index);
      return code;
    }));
  }
  const exits = await Promise.all(codes);
  await host?.close();
  log.end();
  return exits[0] || exits.find((code) => code !== 0) || 0;
}

/** One e2e.test process (through run-conformance.sh); resolves with its exit code. */
function runProcess({ kubeconfig, args, env, out, log, echo }) {
  const child = spawn(path.join(sharedKube, 'e2e', 'run-conformance.sh'), [kubeconfig, ...args], { env, cwd: out, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    if (echo) stream.pipe(process.stdout, { end: false });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => {
    running.delete(child);
    resolve(code ?? (signal ? 128 : 1));
  }));
}

/** `log`, also copied to stdout when `echo`. */
function echoed(log, echo) {
  return echo ? { write: (text) => { process.stdout.write(text); return log.write(text); } } : log;
}

/** Stops every suite still running (each process's whole group). */
export function stopSuites() {
  for (const child of running) {
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  }
}
