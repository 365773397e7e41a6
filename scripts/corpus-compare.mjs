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

/** A line diff of kube's (-) and edge's (+) text: the lines each lacks, in order (a simple LCS). */
function unifiedDiff(a, b) {
  const x = a.split('\n');
  const y = b.split('\n');
  if (x.length * y.length > 4e6) return `- ${x.length} lines\n+ ${y.length} lines (too long to diff here)`;
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) for (let j = y.length - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) { i++; j++; } else if (j < y.length && (i === x.length || lcs[i][j + 1] >= lcs[i + 1][j])) out.push(`+ ${y[j++]}`); else out.push(`- ${x[i++]}`);
  }
  return out.join('\n');
}
