// Both API servers at once, each with its own control plane (kube-controller-manager,
// kube-scheduler, simulated nodes): the reference kube-apiserver v1.32.13 + etcd (REF_PORT,
// REF_ETCD_PORT, run directory `refRun`) and edge-apiserver (port `port`, BUILTIN_CONTROLLERS=auto,
// so its own controllers stand down while kube-controller-manager leads). Control plane files go
// to `ctrlRun` (reference) and `<ctrlRun>-edge`. Resolves with { planes: { kube, edge }, stop }.
import { rmSync } from 'node:fs';
import { startControlPlane } from './harness.mjs';
import { startEdge, startReference } from './servers.mjs';

export async function startSideBySide({ binaries, refRun, ctrlRun, port = 0, nodes = 3, controllerArgs = [], schedulerArgs = [] }) {
  const started = [];
  const stop = async () => {
    for (const thing of started) await thing.stop().catch((error) => console.error(`stop: ${error.message}`));
  };
  try {
    const [reference, edge] = await Promise.all([startReference({ binaries, runDir: refRun }), startEdge({ port })]);
    started.push(reference, edge);
    const planes = {};
    for (const [label, server, runDir] of [['kube', reference, ctrlRun], ['edge', edge, `${ctrlRun}-edge`]]) {
      rmSync(runDir, { recursive: true, force: true });
      planes[label] = await startControlPlane({ binaries, url: server.url, token: server.token, runDir, nodes, controllerArgs, schedulerArgs });
      started.unshift(planes[label]);
    }
    return { planes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
