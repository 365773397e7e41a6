/**
 * The real-world corpus (docs/corpus.md): released manifests and documentation examples of widely
 * used projects (test/fixtures/corpus, each with its repository and commit) applied client-side and
 * server-side, waited for, read, diffed and deleted with kubectl 1.32 against this server. Every
 * step must come out as it did on kube-apiserver v1.32.13 (test/fixtures/corpus/kube-transcript.json,
 * recorded by `npm run corpus -- --record`), except the differences listed with their reason in
 * known-differences.json; a listed difference that no longer shows fails too, so the list stays true.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
// @ts-expect-error: plain JavaScript shared with scripts/corpus-compare.mjs, no declarations.
import { corpusDir, corpusProjects, differences, runProject } from '../../scripts/corpus/steps.mjs';
import { kubectlBinary, kubectlFor } from './kubectl.js';

interface Step { step: string; code: number; out: string }
interface Project { name: string; namespace: string }

const serverUrl = inject('serverUrl');
const recorded = JSON.parse(readFileSync(path.join(corpusDir, 'kube-transcript.json'), 'utf8')) as Record<string, Step[]>;
const known = JSON.parse(readFileSync(path.join(corpusDir, 'known-differences.json'), 'utf8')) as Record<string, Record<string, string>>;
// npm test runs three projects (3-5 minutes on a shared machine); CORPUS=all runs every project
// (about 20 minutes: Argo CD's and prometheus-operator's multi-megabyte CRDs).
const quick = ['gateway-api', 'keda', 'knative-serving'];
const projects = (corpusProjects() as Project[]).filter((project) => recorded[project.name] && (process.env.CORPUS === 'all' || quick.includes(project.name)));

describe('real-world corpus, step by step as on kube-apiserver v1.32.13', () => {
  it('has a kube transcript for at least eight projects', () => {
    expect(Object.keys(recorded).length).toBeGreaterThanOrEqual(8);
  });

  // Two projects at a time: kubectl's work is mostly client-side and the machine is shared.
  describe.concurrent.each(projects)('$name', (project) => {
    it('answers every step as kube did, or as listed in known-differences.json', { timeout: 600_000 }, async () => {
      const k = kubectlFor(serverUrl);
      const edge = (await twoAtATime(() => runProject({ binary: kubectlBinary(), kubeconfig: k.kubeconfig, cacheDir: k.cacheDir }, project))) as Step[];
      const found = differences(recorded[project.name], edge) as { step: string; kube?: Step; edge?: Step }[];
      const listed = known[project.name] ?? {};
      expect(found.filter((d) => !listed[d.step])).toEqual([]);
      expect(Object.keys(listed).filter((step) => !found.some((d) => d.step === step))).toEqual([]);
    });
  });
});

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when fewer than two others run. */
async function twoAtATime<T>(task: () => Promise<T>): Promise<T> {
  while (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}
