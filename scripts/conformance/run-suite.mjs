// Runs ../shared/kube/e2e/run-conformance.sh (kubernetes' own e2e.test v1.32.13) against one
// kubeconfig, in a process group of its own so that an interrupted run stops e2e.test and the
// kubectl it spawns with it. Its reports go to `out` (report.json is ginkgo's JSON report).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sharedKube } from '../control-plane/controllers.mjs';
import { unpackBinary, verifyChecksums } from '../control-plane/unpack.mjs';

const running = new Set();

/**
 * Runs the selection (`focus`/`skip`: ginkgo regexes, the script's defaults when unset) against
 * `kubeconfig`; its output goes to `out`/e2e.log (and to stdout with `echo`). Resolves with the exit code.
 */
export function runConformance({ kubeconfig, out, focus, skip, binDir, echo = false, extraArgs = [] }) {
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
  const child = spawn(path.join(sharedKube, 'e2e', 'run-conformance.sh'), [kubeconfig, ...extraArgs], { env, cwd: out, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    if (echo) stream.pipe(process.stdout, { end: false });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => {
    running.delete(child);
    log.end();
    resolve(code ?? (signal ? 128 : 1));
  }));
}

/** Stops every suite still running (its whole process group). */
export function stopSuites() {
  for (const child of running) {
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  }
}
