// A real-world CRD set through kubectl, side by side on two running servers (issue 34's surprise
// that server-side apply of Argo CD's 1.9 MB install took about 90 s on edge; item 14's CRD
// deletion speed): per server, in a fresh namespace, `kubectl apply --server-side` of the install
// (create), the same again (no change), a client-side apply, then 20 AppProjects and the
// deletion of the three Argo CD CRDs with them (`kubectl delete --wait`). Each step's wall time,
// rounds interleaved, medians and edge/kube ratios. Nothing is asserted.
//
//   node bench/crd-set-apply.mjs --edge ./kubeconfig --kube $REF_KUBECONFIG [--rounds 3]
// Start both servers first (npm start; ../shared/kube/start-apiserver.sh).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const install = path.join(root, 'test/fixtures/corpus/argo-cd/install/install.yaml');
const crds = ['applications.argoproj.io', 'applicationsets.argoproj.io', 'appprojects.argoproj.io'];

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const servers = { edge: option('edge', path.join(root, 'kubeconfig')), kube: option('kube', process.env.REF_KUBECONFIG) };
const rounds = Number(option('rounds', '3'));
const kubectlBinary = process.env.KUBECTL ?? 'kubectl.1.32';

async function kubectl(kubeconfig, args, input) {
  const child = run(kubectlBinary, ['--kubeconfig', kubeconfig, '--cache-dir', path.join(root, '.cache', 'bench-kubectl'), ...args], { maxBuffer: 64 << 20 });
  if (input !== undefined) child.child.stdin.end(input);
  return child;
}

async function timed(step) {
  const started = performance.now();
  await step();
  return (performance.now() - started) / 1000;
}

const project = (ns, i) => `apiVersion: argoproj.io/v1alpha1\nkind: AppProject\nmetadata: {name: p${i}, namespace: ${ns}}\nspec: {sourceRepos: ['*']}\n`;

async function oneRound(kubeconfig, round) {
  const ns = `bench-argo-${Date.now().toString(36)}-${round}`;
  await kubectl(kubeconfig, ['create', 'namespace', ns]);
  const apply = (extra) => kubectl(kubeconfig, ['apply', ...extra, '-n', ns, '-f', install]);
  const figures = {};
  figures['server-side apply (create)'] = await timed(() => apply(['--server-side', '--force-conflicts']));
  figures['server-side apply (no change)'] = await timed(() => apply(['--server-side', '--force-conflicts']));
  figures['client-side apply'] = await timed(() => apply([]).catch(() => undefined)); // the applicationsets CRD is too big for client-side apply on both
  await kubectl(kubeconfig, ['apply', '-f', '-'], Array.from({ length: 20 }, (_, i) => project(ns, i)).join('---\n'));
  figures['delete 3 CRDs with 20 objects'] = await timed(() => kubectl(kubeconfig, ['delete', 'crd', ...crds, '--wait']));
  await kubectl(kubeconfig, ['delete', 'namespace', ns, '--wait=false']);
  return figures;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const results = { edge: [], kube: [] };
for (let round = 0; round < rounds; round++) {
  for (const name of ['kube', 'edge']) results[name].push(await oneRound(servers[name], round));
}
console.log(`Argo CD install (${(1917766 / 1e6).toFixed(1)} MB) through kubectl, ${rounds} rounds, medians (s):`);
for (const step of Object.keys(results.edge[0])) {
  const edge = median(results.edge.map((r) => r[step]));
  const kube = median(results.kube.map((r) => r[step]));
  console.log(`  ${step.padEnd(32)} edge ${edge.toFixed(2).padStart(7)}  kube ${kube.toFixed(2).padStart(7)}  edge/kube ${(edge / kube).toFixed(2)}`);
}
