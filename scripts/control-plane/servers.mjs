// The two API servers the control plane scripts compare: edge-apiserver (in-memory state, behind
// the HTTPS front, authentication on with a fresh admin token, rate limits out of the way of a
// whole control plane acting as one user) and the reference kube-apiserver v1.32.13 with etcd
// (../shared/kube/start-apiserver.sh on free ports, in its own run directory). Each resolves
// with { url, token, stop }, and edge's HTTPS front's frontPid, the reference's pids().
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { credentialBindings, randomToken, signingKeyPem } from '../local-credentials.mjs';
import { startServer } from '../server.mjs';
import { sharedKube } from './controllers.mjs';

const run = promisify(execFile);

/**
 * edge-apiserver; `builtinControllers` is its BUILTIN_CONTROLLERS ('auto', 'on' or 'off'),
 * `inspectorPort` opens workerd's DevTools inspector (for CPU profiles), `host` is the address it listens on (default 127.0.0.1).
 */
export async function startEdge({ builtinControllers = 'auto', port = 0, host, inspectorPort, bindings: extra = {} } = {}) {
  const token = randomToken();
  const bindings = {
    ...credentialBindings({ adminToken: token, signingKey: signingKeyPem() }),
    RATE_LIMIT_QPS: '1000000', RATE_LIMIT_BURST: '1000000', WATCH_LIMIT_PER_USER: '100000', BUILTIN_CONTROLLERS: builtinControllers, ...extra,
  };
  const server = await startServer({ port, host, bindings, front: true, inspectorPort });
  return { url: server.url, token, frontPid: server.frontPid, stop: server.stop };
}

/** kube-apiserver + etcd, fresh (start-apiserver.sh wipes etcd's data), stopped with stop.sh. */
export async function startReference({ binaries, runDir, port, etcdPort }) {
  const env = {
    ...process.env, KUBE_BIN: binaries.dir, REF_RUN: runDir, REF_KUBECONFIG: path.join(runDir, 'kubeconfig'),
    REF_PORT: String(port ?? process.env.REF_PORT ?? await freePort()), REF_ETCD_PORT: String(etcdPort ?? process.env.REF_ETCD_PORT ?? await freePort(2)),
  };
  await run(path.join(sharedKube, 'start-apiserver.sh'), [], { env });
  return {
    url: `https://127.0.0.1:${env.REF_PORT}`, token: readFileSync(path.join(runDir, 'admin-token'), 'utf8').trim(),
    /** kube-apiserver's and etcd's process ids. */
    pids: () => ['kube-apiserver', 'etcd'].map((name) => Number(readFileSync(path.join(runDir, `${name}.pid`), 'utf8'))),
    stop: async () => { await run(path.join(sharedKube, 'stop.sh'), [], { env }); },
  };
}

/** A free loopback port; with `span` > 1, the first of that many consecutive free ports (etcd's peer port is the next one). */
export async function freePort(span = 1) {
  for (;;) {
    const port = await listenOnce(0);
    let free = true;
    for (let offset = 1; offset < span && free; offset++) free = (await listenOnce(port + offset).catch(() => null)) !== null;
    if (free) return port;
  }
}

function listenOnce(port) {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(port, '127.0.0.1', () => {
      const chosen = server.address().port;
      server.close(() => resolve(chosen));
    });
  });
}
