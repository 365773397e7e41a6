// The servers the conformance run compares, each with the control plane the suite needs beside
// it: the real kube-controller-manager and kube-scheduler with patient leader election (a 45 s
// renewal deadline: on two busy cores kcm lost a 6 s one and exited mid-run) and three
// simulated nodes (scripts/control-plane/harness.mjs). edge-apiserver is served as `npm start`
// serves it (workerd behind the HTTPS front; in-memory state, a fresh admin token, rate limits
// raised as for any whole control plane acting as one user), optionally in a tenant or with
// SHARDED_TYPES; the reference is kube-apiserver v1.32.13 + etcd (../shared/kube/start-apiserver.sh).
// Each resolves with { label, url, kubeconfig, stop }.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient, sleep } from '../control-plane/api-client.mjs';
import { patientLeaderElection } from '../control-plane/controllers.mjs';
import { startControlPlane } from '../control-plane/harness.mjs';
import { startEdge, startReference } from '../control-plane/servers.mjs';

/** edge-apiserver (`host`, `port`, `shardedTypes`), in tenant `tenant` when set, with its control plane. */
export async function edgeTarget({ binaries, runDir, host, port, tenant, shardedTypes, onStop }) {
  const server = await startEdge({ host, port, bindings: { ...(shardedTypes ? { SHARDED_TYPES: shardedTypes } : {}), TENANT_RATE_LIMIT_QPS: '1000000', TENANT_RATE_LIMIT_BURST: '1000000' } });
  onStop(server.stop);
  let { url, token } = server;
  let kubeconfig;
  if (tenant) {
    ({ url, token, kubeconfig } = await makeTenant(server, tenant));
    kubeconfig = writeTenantKubeconfig(path.join(runDir, 'tenant-kubeconfig'), kubeconfig);
  }
  // kube-controller-manager publishes its root CA as every namespace's kube-root-ca.crt; edge's
  // kubeconfig skips TLS verification (a self-signed front), so it would publish an empty ca.crt,
  // which the spec 'should guarantee kube-root-ca.crt exist in any namespace' waits out. The
  // control plane's signer (written before kcm starts) stands in for it.
  const controllerArgs = [`--root-ca-file=${path.join(runDir, 'pki', 'signer.crt')}`];
  const plane = await startControlPlane({ binaries, url, token, runDir, controllerArgs, election: patientLeaderElection });
  onStop(() => plane.stop());
  return { label: tenant ? `edge tenant ${tenant}` : 'edge', url, kubeconfig: kubeconfig ?? plane.kubeconfig };
}

/** kube-apiserver + etcd on `port`/`etcdPort` in `refRun`, with its control plane in `runDir`. */
export async function referenceTarget({ binaries, runDir, refRun, port, etcdPort, onStop }) {
  const server = await startReference({ binaries, runDir: refRun, port, etcdPort });
  onStop(server.stop);
  // The reference's keys, as start-controllers.sh hands them to kube-controller-manager.
  const pki = path.join(refRun, 'pki');
  const controllerArgs = [`--service-account-private-key-file=${pki}/sa.key`, `--root-ca-file=${pki}/ca.crt`];
  const plane = await startControlPlane({ binaries, url: server.url, token: server.token, runDir, controllerArgs, election: patientLeaderElection });
  onStop(() => plane.stop());
  return { label: 'reference', url: server.url, kubeconfig: plane.kubeconfig };
}

/**
 * Creates ControlPlane `name` on the default plane and waits for its kubeconfig Secret: resolves
 * with the tenant's URL, its admin token and the kubeconfig the Secret delivers.
 */
async function makeTenant(server, name) {
  const client = new ApiClient({ url: server.url, token: server.token });
  try {
    await client.expect('POST', '/apis/tenancy.edge-apiserver.dev/v1alpha1/controlplanes', {
      body: { apiVersion: 'tenancy.edge-apiserver.dev/v1alpha1', kind: 'ControlPlane', metadata: { name } },
    });
    for (let attempt = 0; attempt < 600; attempt++) {
      const answer = await client.request('GET', `/api/v1/namespaces/tenancy-system/secrets/${name}-kubeconfig`);
      if (answer.status === 200) {
        const field = (key) => Buffer.from(answer.body.data[key], 'base64').toString();
        return { url: `${server.url}/clusters/${name}`, token: field('token'), kubeconfig: field('value') };
      }
      await sleep(100);
    }
    throw new Error(`tenant ${name} was not provisioned`);
  } finally {
    client.close();
  }
}

function writeTenantKubeconfig(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text, { mode: 0o600 });
  return file;
}
