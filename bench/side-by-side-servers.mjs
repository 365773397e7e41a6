// The two servers of the side-by-side sections, started the same way: the reference
// kube-apiserver v1.32.13 + etcd from ../shared/kube (its start and stop scripts) and
// edge-apiserver (workerd through Miniflare), both over HTTPS with static bearer tokens and RBAC
// on. The load runs as the ordinary user `bench`, bound cluster-wide to a ClusterRole for
// ConfigMaps, so every request is authorized by RBAC on both (the admin, in system:masters, only
// sets up). Each server reports its processes, for CPU seconds (/proc/<pid>/stat utime + stime)
// and resident memory: kube-apiserver + etcd; workerd.
//
// Both keep their state on tmpfs (/dev/shm, or BENCH_STATE_DIR): workerd's local SQLite commits
// fsync on its only thread (a create at one client took 14 ms on this machine's disk against 1.4
// ms on tmpfs), which the platform does not (Durable Object storage replicates, off the isolate),
// and etcd's WAL on a real deployment sits on a fast disk of its own.
//
// Settings: REF_PORT, REF_ETCD_PORT (6443, 23790), REF_RUN (kube's run directory: default a fresh
// one in the state directory), KUBE_BIN (where ../shared/kube unpacks its binaries).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot, startServer } from '../scripts/server.mjs';
import { credentialBindings, randomToken, signingKeyPem } from '../scripts/local-credentials.mjs';
import { residentMiB, startedWorkerd } from './memory.mjs';
import { call } from './tls-client.mjs';

const run = promisify(execFile);
export const kubeDirectory = path.resolve(projectRoot, '..', 'shared', 'kube');
const clockTicks = 100;

/** Where the servers keep their state: tmpfs when the machine has one. */
export function stateDirectory() {
  return process.env.BENCH_STATE_DIR ?? (existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
}

/** Why the reference kube cannot run here, or null when it can. */
export function kubeMissing() {
  if (!existsSync(path.join(kubeDirectory, 'start-apiserver.sh'))) return `no reference kube at ${kubeDirectory}`;
  if (!existsSync(path.join(kubeDirectory, 'bin')) && !existsSync(path.join(process.env.KUBE_BIN ?? '.cache/kube-bin', 'kube-apiserver'))) {
    return 'no kube-apiserver binaries (../shared/kube/bin or KUBE_BIN)';
  }
  return null;
}

/** CPU seconds (user + system) used so far by `pids`. */
export function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return ticks / clockTicks;
}

/** Resident memory (MiB) of a server's processes. */
export const serverResidentMiB = (server) => residentMiB(server.pids());

const benchRole = {
  apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'bench-configmaps' },
  rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'] }],
};
const benchBinding = {
  apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'bench-configmaps' },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'bench-configmaps' },
  subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'bench' }],
};

/** Grants `bench` the ConfigMap verbs; makes `namespaces` (as the admin). */
export async function prepare(server, namespaces = []) {
  const admin = { method: 'POST', token: server.adminToken };
  await call(`${server.url}/apis/rbac.authorization.k8s.io/v1/clusterroles`, { ...admin, body: benchRole });
  await call(`${server.url}/apis/rbac.authorization.k8s.io/v1/clusterrolebindings`, { ...admin, body: benchBinding });
  for (const name of namespaces) await call(`${server.url}/api/v1/namespaces`, { ...admin, body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } });
  // RBAC caches (kube's informers, edge's policy snapshot) may lag the binding by a moment.
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(`${server.url}/api/v1/namespaces/default/configmaps?limit=1`, { token: server.token });
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Starts edge-apiserver over HTTPS with `bench` and the admin as static token users, RBAC on, no
 * rate limit; `options` go to startServer (e.g. inspectorPort; `bindings` add to the server's).
 * HTTPS is served as `npm start` serves it: by the HTTPS front (src/front/https-front.ts) in a
 * process of its own, which admits requests into workerd a few at a time, fairly between flows;
 * with `front: false`, by the TLS byte pipe (src/front/tls-pipe.ts), the cheapest TLS termination.
 */
export async function startEdge(options = {}) {
  const adminToken = randomToken();
  const token = randomToken();
  const bindings = {
    ...credentialBindings({ adminToken, signingKey: signingKeyPem(), extraUsers: [{ token, name: 'bench', uid: 'bench' }] }),
    AUTHORIZATION_MODE: 'RBAC', RATE_LIMIT_QPS: '1000000000', RATE_LIMIT_BURST: '1000000000', WATCH_LIMIT_PER_USER: '1000000',
    ...options.bindings,
  };
  const persistTo = mkdtempSync(path.join(stateDirectory(), 'edge-bench-'));
  const { front = true, ...serverOptions } = options;
  const { result: server, pids: workerd } = await startedWorkerd(() => startServer({ ...serverOptions, persistTo, bindings, https: true, front }));
  // workerd and the TLS front's process: kube's figures include its own TLS too.
  const pids = [...workerd, String(server.frontPid ?? server.tlsPid)];
  const stop = async () => {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
  return { name: 'edge', url: server.url, token, adminToken, pids: () => pids, stop };
}

/** Starts the reference kube-apiserver + etcd, with the same two users in its token file. */
export async function startKube() {
  const runDirectory = process.env.REF_RUN ?? mkdtempSync(path.join(stateDirectory(), 'edge-bench-ref-'));
  mkdirSync(runDirectory, { recursive: true });
  const adminToken = randomToken();
  const token = randomToken();
  const tokens = path.join(runDirectory, 'bench-tokens.csv');
  writeFileSync(tokens, `${adminToken},admin,admin-uid,"system:masters"\n${token},bench,bench-uid\n`, { mode: 0o600 });
  const port = process.env.REF_PORT ?? '6443';
  const env = {
    ...process.env, REF_RUN: runDirectory, REF_PORT: port, REF_ETCD_PORT: process.env.REF_ETCD_PORT ?? '23790',
    REF_KUBECONFIG: path.join(runDirectory, 'kubeconfig'), REF_TOKEN: adminToken,
    // The later --token-auth-file wins: the script's file (admin only) is replaced by ours (admin and bench).
    REF_APISERVER_ARGS: `--token-auth-file=${tokens} ${process.env.REF_APISERVER_ARGS ?? ''}`,
  };
  await run(path.join(kubeDirectory, 'start-apiserver.sh'), [], { env, cwd: projectRoot });
  const pid = (name) => Number(readFileSync(path.join(runDirectory, `${name}.pid`), 'utf8'));
  const pids = [pid('kube-apiserver'), pid('etcd')];
  const stop = () => run(path.join(kubeDirectory, 'stop.sh'), [], { env: { ...env, REF_CLEAN: '1' } });
  return { name: 'kube', url: `https://127.0.0.1:${port}`, token, adminToken, pids: () => pids, stop };
}

/** Starts a server by name ('kube' or 'edge') and prepares it; stops it again if preparing fails. */
export async function startPrepared(name, namespaces, edgeOptions = {}) {
  const server = name === 'kube' ? await startKube() : await startEdge(edgeOptions);
  try {
    await prepare(server, namespaces);
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}
