// `npm run kubectl-compare`: kubectl 1.27, 1.28 and 1.32 reading a Deployment managed by the real
// kube-controller-manager, on the reference kube-apiserver v1.32.13 + etcd and on edge-apiserver
// side by side (both started here, each with kcm, kube-scheduler and simulated nodes, harness in
// scripts/control-plane). The same ServiceAccount and Deployment go to both, then an image update
// (revision 2); once both have rolled out, every command of kubectl-compare/steps.mjs runs with
// every kubectl version on both, outputs are masked (kubectl-compare/normalize.mjs: only what
// legitimately differs) and every difference is printed as a line diff (kube -, edge +).
// Settings: PORT (edge), REF_PORT, REF_ETCD_PORT, REF_RUN, CTRL_RUN (kcm against the reference;
// `<CTRL_RUN>-edge` against edge), KUBECTL_VERSIONS (default 1.27,1.28,1.32), KEEP=1 leaves
// both running until Ctrl-C. Masked outputs go to <CTRL_RUN>/outputs/VERSION/. Exit 1 if any output differs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { kubeBinaries, projectRoot } from './control-plane/controllers.mjs';
import { kubectlWith } from './control-plane/kubectl.mjs';
import { startSideBySide } from './control-plane/side-by-side.mjs';
import { commands, deployment, namespace, serviceAccount, yaml } from './kubectl-compare/steps.mjs';
import { normalizations, normalize, sortedBlocks } from './kubectl-compare/normalize.mjs';
import { unifiedDiff } from './text-diff.mjs';

const binaries = kubeBinaries();
if (binaries.missing) {
  console.error(`cannot compare: ${binaries.missing}`);
  process.exit(2);
}
const versions = (process.env.KUBECTL_VERSIONS ?? '1.27,1.28,1.32').split(',');
const kubectlDir = path.dirname(execFileSync('sh', ['-c', 'readlink -f "$(command -v kubectl)"'], { encoding: 'utf8' }).trim());
const ctrlRun = process.env.CTRL_RUN ?? path.join(projectRoot, '.run', 'ctrl');
const refRun = process.env.REF_RUN ?? path.join(projectRoot, '.run', 'ref');

const { planes, stop } = await startSideBySide({ binaries, refRun, ctrlRun, port: Number(process.env.PORT ?? 0) });
try {
  console.log(`reference ${planes.kube.url}, edge ${planes.edge.url}`);
  await Promise.all(Object.values(planes).map((plane) => rollOut(plane)));
  const results = await compareAll(planes);
  report(results);
  if (process.env.KEEP) await new Promise((resolve) => process.once('SIGINT', resolve));
  process.exitCode = results.some((result) => result.differs) ? 1 : 0;
} finally {
  await stop();
}

/** The ServiceAccount, revision 1 and revision 2 of the Deployment, each rollout awaited. */
async function rollOut(plane) {
  const kubectl = kubectlAt(plane, '1.32');
  const must = async (args, input) => {
    const result = await kubectl(args, { input });
    if (result.code !== 0) throw new Error(`${plane.url}: kubectl ${args.join(' ')}: ${result.stderr}`);
  };
  await must(['create', 'namespace', namespace]);
  await must(['apply', '-f', '-'], yaml(serviceAccount, deployment('nginx:1.25')));
  await must(['-n', namespace, 'rollout', 'status', 'deployment/web', '--timeout=180s']);
  await must(['apply', '-f', '-'], yaml(deployment('nginx:1.26')));
  await must(['-n', namespace, 'rollout', 'status', 'deployment/web', '--timeout=180s']);
  await plane.client.request('GET', `/api/v1/namespaces/${namespace}/pods`);
  for (let tries = 0; tries < 120; tries++) {
    const pods = (await plane.client.request('GET', `/api/v1/namespaces/${namespace}/pods`)).body.items;
    if (pods.length === 3 && pods.every((pod) => !pod.metadata.deletionTimestamp)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${plane.url}: old pods did not go`);
}

/** Every command with every kubectl version on both, at the same moment: [{ version, name, kube, edge, differs }]. */
async function compareAll(planes) {
  const results = [];
  for (const version of versions) {
    for (const command of commands()) {
      const run = (plane) => kubectlAt(plane, version)(['-n', namespace, ...command.args], { input: command.input });
      const [kube, edge] = await Promise.all([run(planes.kube), run(planes.edge)]);
      const [a, b] = [kube, edge].map((out) => `exit ${out.code}\n${sortedBlocks(normalize(out.stdout), command.sort)}\n--- stderr\n${normalize(out.stderr)}`);
      results.push({ version, name: command.name, kube: a, edge: b, differs: a !== b });
      const dir = path.join(ctrlRun, 'outputs', version);
      mkdirSync(dir, { recursive: true });
      for (const [label, text] of [['kube', a], ['edge', b]]) writeFileSync(path.join(dir, `${command.name.replace(/[^\w.=-]+/g, '_')}.${label}.txt`), text);
    }
  }
  return results;
}

function kubectlAt(plane, version) {
  const binary = path.join(kubectlDir, `kubectl.${version}`);
  if (!existsSync(binary)) throw new Error(`${binary} is missing`);
  return kubectlWith(plane.kubeconfig, path.join(path.dirname(plane.kubeconfig), `kubectl-cache-${version}`), binary);
}

function report(results) {
  console.log(`\nmasked before comparing:\n${normalizations.map((why) => `  - ${why}`).join('\n')}\n`);
  for (const result of results) {
    console.log(`${result.differs ? 'DIFFERS ' : 'same    '} kubectl ${result.version}  ${result.name}`);
    if (result.differs) console.log(unifiedDiff(result.kube, result.edge).split('\n').map((line) => `    ${line}`).join('\n'));
  }
  const same = results.filter((result) => !result.differs).length;
  console.log(`\n${results.length} outputs compared (${versions.length} kubectl versions x ${results.length / versions.length} commands): ${same} identical, ${results.length - same} differ`);
}
