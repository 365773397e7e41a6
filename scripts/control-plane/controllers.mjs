// The real kube-controller-manager and kube-scheduler (v1.32.13, ../shared/kube), unmodified,
// as child processes against any API server: binaries unpacked (atomically, ./unpack.mjs) into
// $KUBE_BIN (default <project>/.cache/kube-bin), a kubeconfig with a bearer token, both with
// leader election on (short durations, so a handover takes seconds), logs to files.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackBinary, verifyChecksums } from './unpack.mjs';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const sharedKube = path.resolve(projectRoot, '..', 'shared', 'kube');

/** Leader election that hands over within seconds, yet survives a busy two-core machine. */
export const leaderElection = ['--leader-elect=true', '--leader-elect-lease-duration=8s', '--leader-elect-renew-deadline=6s', '--leader-elect-retry-period=1s'];
/** Leader election for heavy loads, where a renewal may wait behind thousands of writes (benchmarks). */
export const patientLeaderElection = ['--leader-elect=true', '--leader-elect-lease-duration=60s', '--leader-elect-renew-deadline=45s', '--leader-elect-retry-period=2s'];

/** The unpacked binaries: { dir, controllerManager, scheduler, apiserver, etcd }, or { missing: why }. */
export function kubeBinaries() {
  const packed = path.join(sharedKube, 'bin');
  if (!existsSync(packed)) return { missing: `${path.relative(projectRoot, sharedKube)} is absent` };
  const dir = path.resolve(process.env.KUBE_BIN ?? path.join(projectRoot, '.cache', 'kube-bin'));
  verifyChecksums(packed);
  for (const name of readdirSync(packed).filter((file) => file.endsWith('.xz'))) unpackBinary(path.join(packed, name), dir);
  const at = (name) => path.join(dir, name);
  return { dir, controllerManager: at('kube-controller-manager'), scheduler: at('kube-scheduler'), apiserver: at('kube-apiserver'), etcd: at('etcd') };
}

/** A kubeconfig for `url` with a bearer token (TLS not verified: the servers are local and self-signed). */
export function writeKubeconfig(file, { url, token }) {
  writeFileSync(file, [
    'apiVersion: v1', 'kind: Config',
    'clusters:', '- name: c', '  cluster:', `    server: ${url}`, '    insecure-skip-tls-verify: true',
    'users:', '- name: u', '  user:', `    token: ${token}`,
    'contexts:', '- name: c', '  context: {cluster: c, user: u}', 'current-context: c', '',
  ].join('\n'), { mode: 0o600 });
  return file;
}

/**
 * Starts kube-controller-manager: every controller but the OpenShift-only one of this build
 * (README of ../shared/kube), CSRs signed by `signer` ({ cert, key } files), `extraArgs` last.
 */
export function startControllerManager({ binaries, kubeconfig, logFile, signer, election = leaderElection, extraArgs = [], verbosity = 2 }) {
  return startProcess(binaries.controllerManager, [
    `--kubeconfig=${kubeconfig}`, '--controllers=*,-service-ca-certificate-publisher-controller',
    '--use-service-account-credentials=false', '--service-cluster-ip-range=10.0.0.0/24',
    `--cluster-signing-cert-file=${signer.cert}`, `--cluster-signing-key-file=${signer.key}`,
    '--bind-address=127.0.0.1', '--secure-port=0', ...election, `--v=${verbosity}`, ...extraArgs,
  ], logFile);
}

/** Starts kube-scheduler with the default profile. */
export function startScheduler({ binaries, kubeconfig, logFile, election = leaderElection, extraArgs = [], verbosity = 2 }) {
  return startProcess(binaries.scheduler, [
    `--kubeconfig=${kubeconfig}`, '--bind-address=127.0.0.1', '--secure-port=0', ...election, `--v=${verbosity}`, ...extraArgs,
  ], logFile);
}

/** A child process writing stdout and stderr to `logFile`; killed when this process exits. */
function startProcess(binary, args, logFile) {
  const log = openSync(logFile, 'a');
  const child = spawn(binary, args, { stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return {
    pid: child.pid, logFile, exited,
    /** Sends `signal` (default SIGTERM) and waits for the exit (SIGKILL after 10 s). */
    async stop(signal = 'SIGTERM') {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const outcome = await exited;
      clearTimeout(timer);
      return outcome;
    },
  };
}
