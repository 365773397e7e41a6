// A control plane around an API server (edge-apiserver or the reference kube-apiserver): the
// real kube-scheduler and kube-controller-manager with leader election, simulated nodes, kubectl
// and an API client, all with the server's admin token; and a leader handover on demand (a second
// kube-controller-manager starts, the leading one is killed, the lease must move to the second).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ApiClient, sleep } from './api-client.mjs';
import { startControllerManager, startScheduler, writeKubeconfig } from './controllers.mjs';
import { writeSigner } from './fixtures.mjs';
import { kubectlWith } from './kubectl.mjs';
import { startSimulatedNodes } from './sim-nodes.mjs';

const leasePath = '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager';

/**
 * Starts the controllers and `nodes` simulated nodes against `url`; files (kubeconfig, signer,
 * logs) go to `runDir`. Resolves once the controller manager leads and the nodes are registered.
 */
export async function startControlPlane({ binaries, url, token, runDir, nodes = 3, simulation = {}, controllerArgs = [], schedulerArgs = [], election }) {
  mkdirSync(path.join(runDir, 'logs'), { recursive: true });
  const kubeconfig = writeKubeconfig(path.join(runDir, 'kubeconfig'), { url, token });
  const signer = writeSigner(path.join(runDir, 'pki'));
  const client = new ApiClient({ url, token });
  const logFile = (name) => path.join(runDir, 'logs', `${name}.log`);
  const manager = (name) => startControllerManager({ binaries, kubeconfig, signer, election, logFile: logFile(name), extraArgs: controllerArgs });
  const processes = { scheduler: startScheduler({ binaries, kubeconfig, election, logFile: logFile('kube-scheduler'), extraArgs: schedulerArgs }), managers: [manager('kube-controller-manager')] };
  let expected = false;
  const failed = new Promise((resolve, reject) => {
    for (const child of [processes.scheduler, processes.managers[0]]) {
      child.exited.then((code) => expected || reject(new Error(`${path.basename(child.logFile, '.log')} exited (${code}); see ${child.logFile}`)));
    }
  });
  failed.catch(() => {});
  const leader = await leaseHolder(client, (holder) => !!holder, 120);
  if (!leader) throw new Error(`kube-controller-manager did not take the lease; see ${logFile('kube-controller-manager')}`);
  const sim = await startSimulatedNodes({ url, token, count: nodes, ...simulation });
  return {
    url, token, kubeconfig, client, nodes: sim.names, sim, processes,
    logFiles: () => [...processes.managers, processes.scheduler].map((process) => process.logFile),
    /** Rejects if the scheduler or the leading controller manager exits on its own (lost its lease, crashed). */
    failed,
    kubectl: kubectlWith(kubeconfig, path.join(runDir, 'kubectl-cache')),
    /** Starts a second controller manager, kills the leading one; true once the second holds the lease. */
    async failover() {
      const first = await leaseHolder(client, (holder) => !!holder, 30);
      processes.managers.push(manager('kube-controller-manager-2'));
      await sleep(3000);
      expected = true;
      await processes.managers[0].stop('SIGKILL');
      return !!(await leaseHolder(client, (holder) => !!holder && holder !== first, 60));
    },
    async stop() {
      expected = true;
      await sim.stop();
      await Promise.all([processes.scheduler, ...processes.managers].map((process) => process.stop()));
      client.close();
    },
  };
}

/** The controller manager lease's holderIdentity once `accept(holder)` holds (null after `seconds`). */
async function leaseHolder(client, accept, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const answer = await client.request('GET', leasePath).catch(() => null);
    const holder = answer?.status === 200 ? answer.body.spec?.holderIdentity : undefined;
    if (accept(holder)) return holder;
    await sleep(500);
  }
  return null;
}
