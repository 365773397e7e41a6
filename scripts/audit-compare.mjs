// `npm run audit-compare`: the acceptance kit's full request set, audited at RequestResponse by the
// reference kube-apiserver (--audit-log-path) and by edge-apiserver (AUDIT_LOG_PATH), under the same
// policy (scripts/audit-compare/policy.yaml) and the same admin token, then both logs compared
// request by request and stage by stage (scripts/audit-compare/events.mjs: pairing, the ignored
// fields and why). Prints the counts and every difference; the full report goes to OUT/report.json.
//
//   node scripts/audit-compare.mjs [--kube-log FILE] [--edge-log FILE] [--no-controllers] [--sequential]
//
// --kube-log / --edge-log compare a log kept from an earlier run instead of starting that server
// (OUT keeps both logs of each run). Both servers run with kube-controller-manager and the
// scheduler (--no-controllers: without; edge's built-in controllers then do what the kit needs),
// so Deployments, Pods, kube-root-ca.crt and namespace deletion go alike on both. Settings: PORT (edge), REF_PORT, REF_ETCD_PORT, REF_RUN, CTRL_RUN,
// KUBE_BIN, OUT (default .cache/audit-compare), ACCEPTANCE_KIT (../shared/acceptance/run.sh).
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { align, compare, harnessRequest, ignoredKeys, requestsOf } from './audit-compare/events.mjs';
import { credentialBindings, randomToken, signingKeyPem } from './local-credentials.mjs';
import { projectRoot, startServer } from './server.mjs';

const run = promisify(execFile);
const { values } = parseArgs({ options: {
  'kube-log': { type: 'string' }, 'edge-log': { type: 'string' },
  'no-controllers': { type: 'boolean', default: false }, sequential: { type: 'boolean', default: false },
} });
const kubeDirectory = path.resolve(projectRoot, '..', 'shared', 'kube');
const kit = process.env.ACCEPTANCE_KIT ?? path.resolve(projectRoot, '..', 'shared', 'acceptance', 'run.sh');
const out = path.resolve(process.env.OUT ?? path.join(projectRoot, '.cache', 'audit-compare'));
const policyFile = path.join(projectRoot, 'scripts', 'audit-compare', 'policy.yaml');
const user = 'admin';
mkdirSync(out, { recursive: true });

const token = randomToken();
const logs = { kube: values['kube-log'], edge: values['edge-log'] };
const runs = [];
if (!logs.kube) runs.push(() => runKube(path.join(out, 'kube-audit.log')).then((file) => (logs.kube = file)));
if (!logs.edge) runs.push(() => runEdge(path.join(out, 'edge-audit.log')).then((file) => (logs.edge = file)));
if (values.sequential) for (const step of runs) await step();
else {
  // Both run to their end (each stops its server) before a failure is reported.
  const failed = (await Promise.allSettled(runs.map((step) => step()))).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
report(readFileSync(logs.kube, 'utf8'), readFileSync(logs.edge, 'utf8'));

/** The kit against `url`; its output to OUT/<name>-kit.txt, its last line printed. */
async function runKit(name, url) {
  const file = path.join(out, `${name}-kit.txt`);
  const started = Date.now();
  const text = await new Promise((resolve, reject) => {
    const child = spawn(kit, [url], { env: { ...process.env, TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', reject);
    child.on('exit', () => resolve(Buffer.concat(chunks).toString()));
  });
  writeFileSync(file, text);
  const summary = text.trim().split('\n').at(-1);
  console.log(`${name}: kit ${summary} (${((Date.now() - started) / 1000).toFixed(0)} s; ${path.relative(projectRoot, file)})`);
}

async function runKube(log) {
  rmSync(log, { force: true });
  const refRun = process.env.REF_RUN ?? mkdtempSync(path.join(tmpdir(), 'audit-compare-ref-'));
  const env = {
    ...process.env, REF_RUN: refRun, REF_TOKEN: token, REF_KUBECONFIG: path.join(refRun, 'kubeconfig'),
    CTRL_RUN: refRun, KCM_PORT: '0', SCHED_PORT: '0', LEADER_ELECT: 'false',
    REF_APISERVER_ARGS: `${process.env.REF_APISERVER_ARGS ?? ''} --audit-policy-file=${policyFile} --audit-log-path=${log} --audit-log-format=json --audit-log-mode=blocking --audit-log-maxsize=0`,
  };
  const stop = () => run(path.join(kubeDirectory, 'stop.sh'), [], { env: { ...env, REF_CLEAN: '1' } });
  try {
    await run(path.join(kubeDirectory, 'start-apiserver.sh'), [], { env });
    if (!values['no-controllers']) await run(path.join(kubeDirectory, 'start-controllers.sh'), [], { env });
    await runKit('kube', `https://127.0.0.1:${env.REF_PORT ?? 6443}`);
    await settle();
  } finally {
    await stop();
  }
  return log;
}

async function runEdge(log) {
  rmSync(log, { force: true });
  const persistTo = mkdtempSync(path.join(tmpdir(), 'audit-compare-edge-'));
  const bindings = {
    ...credentialBindings({ adminToken: token, signingKey: signingKeyPem() }),
    // kube's start script names the admin's uid so.
    STATIC_TOKENS: `${token},admin,admin-uid,"system:masters"\n`,
    AUDIT_POLICY: readFileSync(policyFile, 'utf8'), AUDIT_LOG: 'true',
  };
  const server = await startServer({ port: Number(process.env.PORT ?? 0), persistTo, bindings, front: true, auditLogPath: log });
  // kcm and the scheduler against edge too (BUILTIN_CONTROLLERS=auto leaves them their work), as on kube.
  const controllers = {
    ...process.env, CTRL_RUN: process.env.CTRL_RUN ?? path.join(persistTo, 'ctrl'), KCM_PORT: '0', SCHED_PORT: '0', LEADER_ELECT: 'false',
    CONTROLLERS_KUBECONFIG: path.join(persistTo, 'kubeconfig'),
  };
  try {
    if (!values['no-controllers']) {
      writeFileSync(controllers.CONTROLLERS_KUBECONFIG, kubeconfig(server.url, token), { mode: 0o600 });
      await run(path.join(kubeDirectory, 'start-controllers.sh'), [], { env: controllers });
    }
    await runKit('edge', server.url);
    await settle();
  } finally {
    if (!values['no-controllers']) await run(path.join(kubeDirectory, 'stop.sh'), ['controllers'], { env: controllers });
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
  return log;
}

function kubeconfig(server, bearer) {
  return `apiVersion: v1
kind: Config
clusters: [{name: edge, cluster: {server: "${server}", insecure-skip-tls-verify: true}}]
users: [{name: admin, user: {token: "${bearer}"}}]
contexts: [{name: edge, context: {cluster: edge, user: admin}}]
current-context: edge
`;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

function report(kubeText, edgeText) {
  // The kit's requests: the admin's, not those of kcm and the scheduler (which use the admin's kubeconfig).
  const keep = (event) => event.user?.username === user && !/^kube-(controller-manager|scheduler)\//.test(event.userAgent ?? '') && !harnessRequest(event);
  const kube = requestsOf(kubeText, keep);
  const edge = requestsOf(edgeText, keep);
  const pairs = align(kube, edge);
  const paired = pairs.filter(([a, b]) => a && b);
  const found = compare(pairs);
  const events = paired.reduce((sum, [a, b]) => sum + new Set([...Object.keys(a.stages), ...Object.keys(b.stages)]).size, 0);
  console.log(`ignored fields: ${Object.entries(ignoredKeys).map(([key, why]) => `${key} (${why})`).join('; ')}`);
  console.log(`requests: kube ${kube.length}, edge ${edge.length}, paired ${paired.length}; events compared ${events}, equal ${events - found.length}, differing ${found.length}`);
  const groups = new Map();
  for (const { key, stage, diffs } of found) {
    for (const diff of diffs) {
      const id = JSON.stringify([diff.path, diff.a, diff.b]);
      const group = groups.get(id) ?? { ...diff, where: [] };
      group.where.push(`${stage} ${key}`);
      groups.set(id, group);
    }
  }
  const byPath = new Map();
  for (const group of groups.values()) byPath.set(group.path, [...(byPath.get(group.path) ?? []), group]);
  console.log(`\n${byPath.size} differing field(s), ${groups.size} distinct difference(s):`);
  for (const [field, list] of [...byPath].sort()) {
    console.log(`${field}: ${list.reduce((n, g) => n + g.where.length, 0)} event(s)`);
    for (const g of list) console.log(`  kube ${clip(g.a)}\n  edge ${clip(g.b)}\n    in ${g.where.length}: ${[...new Set(g.where)].slice(0, 5).join(' | ')}${g.where.length > 5 ? ' ...' : ''}`);
  }
  const unpaired = (side, index) => countBy(pairs.filter((pair) => pair[index] && !pair[1 - index]).map((pair) => pair[index].key));
  for (const [side, index] of [['kube', 0], ['edge', 1]]) {
    const only = unpaired(side, index);
    console.log(`\nrequests only on ${side}: ${[...only.values()].reduce((a, b) => a + b, 0)}`);
    for (const [key, count] of only) console.log(`  ${count}x ${key}`);
  }
  writeFileSync(path.join(out, 'report.json'), JSON.stringify({ found, unpaired: { kube: Object.fromEntries(unpaired('kube', 0)), edge: Object.fromEntries(unpaired('edge', 1)) } }, null, 1));
}

function countBy(keys) {
  const counts = new Map();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

function clip(value) {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}
