/**
 * The corpus steps (docs/corpus.md): for each project of test/fixtures/corpus/projects.json,
 * what a user does with its released manifests and its documentation's examples, with kubectl
 * 1.32 against one server. Each step's outcome (exit code, output) is recorded in a transcript
 * normalized so that two servers that answer alike give equal transcripts: server-chosen values
 * (uid, resourceVersion, timestamps) are replaced, file paths are made relative.
 *
 * Shared by test/e2e/corpus.test.ts (edge against the recorded kube transcript) and
 * scripts/corpus-compare.mjs (the reference kube-apiserver and edge, live).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadAll } from 'js-yaml';

const run = promisify(execFile);
export const corpusDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

/** The projects, each with its install folder (`install` or `crds`) and its examples folder, if any. */
export function corpusProjects() {
  const { projects } = JSON.parse(readFileSync(path.join(corpusDir, 'projects.json'), 'utf8'));
  return projects.map((project) => {
    const folders = readdirSync(path.join(corpusDir, project.name));
    return { ...project, install: folders.find((f) => f === 'install' || f === 'crds'), examples: folders.includes('examples') ? 'examples' : undefined };
  });
}

/** Every document of the YAML files in `folder` (of project `name`), in kubectl's file order. */
function documentsIn(name, folder) {
  const dir = path.join(corpusDir, name, folder);
  return readdirSync(dir).sort().flatMap((file) => loadAll(readFileSync(path.join(dir, file), 'utf8')).filter(Boolean));
}

/**
 * Runs project `project`'s steps with `kubectl` ({binary, kubeconfig, cacheDir}) and returns
 * its transcript: [{step, code, out}], `out` being stdout and stderr normalized.
 */
export async function runProject(kubectl, project) {
  const transcript = [];
  const step = async (label, args) => {
    const result = await invoke(kubectl, args);
    transcript.push({ step: label, code: result.code, out: normalizeOutput(result.stdout, result.stderr) });
    return result;
  };
  const install = path.join(corpusDir, project.name, project.install);
  const examples = project.examples && path.join(corpusDir, project.name, project.examples);
  const ns = ['-n', project.namespace];
  const installDocuments = documentsIn(project.name, project.install);
  const crds = installDocuments.filter((d) => d.kind === 'CustomResourceDefinition').map((d) => `crd/${d.metadata.name}`);
  if (!installDocuments.some((d) => d.kind === 'Namespace' && d.metadata.name === project.namespace)) {
    await step('create namespace', ['create', 'namespace', project.namespace]);
  }
  await step('apply install (client-side)', ['apply', '-f', install, ...ns]);
  await step('apply install (server-side)', ['apply', '--server-side', '--force-conflicts', '-f', install, ...ns]);
  if (crds.length > 0) await step('wait CRDs Established', ['wait', '--for=condition=Established', '--timeout=60s', ...crds]);
  await step('diff install', ['diff', '-f', install, ...ns]);
  if (examples) {
    await step('apply examples (client-side)', ['apply', '-f', examples, ...ns]);
    await step('apply examples (server-side)', ['apply', '--server-side', '-f', examples, ...ns]);
    const got = await invoke(kubectl, ['get', '-f', examples, ...ns, '-o', 'json']);
    transcript.push({ step: 'get examples', code: got.code, out: got.code === 0 ? normalizeObjects(got.stdout) : normalizeOutput(got.stdout, got.stderr) });
    await step('get examples (table)', ['get', '-f', examples, ...ns]);
    await step('diff examples (client-side)', ['diff', '-f', examples, ...ns]);
    await step('diff examples (server-side)', ['diff', '--server-side', '-f', examples, ...ns]);
    // Objects with finalizers (Argo CD's Application) wait for their controller, which is not
    // running: the user removes the finalizers, as the projects' docs say to.
    await step('delete examples', ['delete', '-f', examples, ...ns, '--wait=false']);
    if (documentsIn(project.name, project.examples).some((d) => d.metadata?.finalizers)) {
      await step('remove finalizers', ['patch', '-f', examples, ...ns, '--type=merge', '-p', '{"metadata":{"finalizers":null}}']);
    }
    await step('wait examples deleted', ['wait', '--for=delete', '-f', examples, ...ns, '--timeout=60s']);
  }
  await step('delete install', ['delete', '-f', install, ...ns, '--ignore-not-found', '--timeout=120s']);
  await step('delete namespace', ['delete', 'namespace', project.namespace, '--ignore-not-found', '--wait=false']);
  return transcript;
}

async function invoke({ binary, kubeconfig, cacheDir }, args) {
  try {
    const { stdout, stderr } = await run(binary, ['--kubeconfig', kubeconfig, '--cache-dir', cacheDir, '--request-timeout=60s', ...args], { maxBuffer: 256 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: typeof error.code === 'number' ? error.code : 1, stdout: error.stdout ?? '', stderr: error.stderr ?? '' };
  }
}

/** kubectl's text output with the corpus folder, temporary diff folders and durations replaced. */
export function normalizeOutput(stdout, stderr) {
  return `${stdout}${stderr ? `--- stderr\n${stderr}` : ''}`
    .replaceAll(corpusDir, '<corpus>')
    .replace(/\/tmp\/[A-Z-]+\d+\//g, '<tmp>/')
    .replace(/^([IWE])\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ /gm, '$1 ')
    .replace(/\b\d+(ms|s|m)\d*s?\b(?=\s|$)/g, '<age>');
}

const serverChosen = new Set(['uid', 'resourceVersion', 'creationTimestamp', 'time', 'lastTransitionTime', 'deletionTimestamp']);

/** A `kubectl get -o json` answer with the values each server chooses for itself replaced. */
export function normalizeObjects(text) {
  const replace = (value) => {
    if (Array.isArray(value)) return value.map(replace);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, serverChosen.has(key) && typeof v === 'string' ? '<server>' : replace(v)]));
  };
  return JSON.stringify(replace(JSON.parse(text)), null, 1);
}

/** The steps of two transcripts of one project that differ: [{step, kube, edge}]. */
export function differences(kube, edge) {
  const found = [];
  const count = Math.max(kube.length, edge.length);
  for (let i = 0; i < count; i++) {
    const a = kube[i];
    const b = edge[i];
    if (a?.step !== b?.step || a.code !== b.code || a.out !== b.out) found.push({ step: a?.step ?? b?.step, kube: a, edge: b });
  }
  return found;
}
