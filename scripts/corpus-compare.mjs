// `npm run corpus`: the corpus steps (scripts/corpus/steps.mjs) against the reference
// kube-apiserver and against edge-apiserver, one project at a time on both at once, and every
// step whose outcome differs, printed as a unified diff of the two transcripts.
//
//   node scripts/corpus-compare.mjs [--kube KUBECONFIG] [--edge KUBECONFIG] [--only NAME,...] [--record]
//
// --kube defaults to $REF_KUBECONFIG (../shared/kube/start-apiserver.sh), --edge to ./kubeconfig
// (npm start). --record writes kube's transcript to test/fixtures/corpus/kube-transcript.json,
// which test/e2e/corpus.test.ts holds edge to. Exit code 1 when a difference is not listed in
// test/fixtures/corpus/known-differences.json (each listed one has its reason in docs/corpus.md).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { corpusDir, corpusProjects, differences, runProject } from './corpus/steps.mjs';
import { unifiedDiff } from './text-diff.mjs';

const { values } = parseArgs({ options: {
  kube: { type: 'string', default: process.env.REF_KUBECONFIG ?? '/tmp/ref-kubeconfig' },
  edge: { type: 'string', default: 'kubeconfig' },
  only: { type: 'string' },
  record: { type: 'boolean', default: false },
} });

const binary = path.join(path.dirname(realpathSync(execFileSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).trim())), 'kubectl.1.32');
const kubectlOf = (kubeconfig) => ({ binary, kubeconfig: path.resolve(kubeconfig), cacheDir: mkdtempSync(path.join(tmpdir(), 'corpus-kubectl-')) });
const kube = kubectlOf(values.kube);
const edge = kubectlOf(values.edge);
const known = JSON.parse(readFileSync(path.join(corpusDir, 'known-differences.json'), 'utf8'));
const only = values.only?.split(',');

const recorded = {};
let unexplained = 0;
let total = 0;
for (const project of corpusProjects().filter((p) => !only || only.includes(p.name))) {
  const started = Date.now();
  const [kubeSteps, edgeSteps] = await Promise.all([runProject(kube, project), runProject(edge, project)]);
  recorded[project.name] = kubeSteps;
  const found = differences(kubeSteps, edgeSteps);
  total += kubeSteps.length;
  console.log(`${project.name}: ${kubeSteps.length} steps, ${found.length} differ (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const { step, kube: a, edge: b } of found) {
    const reason = known[project.name]?.[step];
    if (!reason) unexplained++;
    console.log(`  ${step}: ${reason ? `known: ${reason}` : 'UNEXPLAINED'}`);
    console.log(indent(unifiedDiff(render(a), render(b))));
  }
}
if (values.record) {
  const file = path.join(corpusDir, 'kube-transcript.json');
  const previous = JSON.parse(readFileSync(file, 'utf8').trim() || '{}');
  writeFileSync(file, `${JSON.stringify({ ...previous, ...recorded }, null, 1)}\n`);
  console.log(`recorded kube's transcript: ${path.relative(process.cwd(), file)}`);
}
console.log(`${total} steps; ${unexplained} unexplained difference(s)`);
process.exitCode = unexplained > 0 ? 1 : 0;

function render(entry) {
  return entry ? `exit ${entry.code}\n${entry.out}` : '(no step)';
}

function indent(text) {
  return text.split('\n').map((line) => `    ${line.length > 400 ? `${line.slice(0, 400)}...` : line}`).join('\n');
}
