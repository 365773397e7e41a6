/**
 * The real kubectl 1.32 (the binary beside the machine's kubectl dispatcher), run with a private
 * kubeconfig and cache directory against the test server.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { tokenOf } from '../helpers/test-users.mjs';

const run = promisify(execFile);

/** The kubectl 1.32 binary, or KUBECTL from the environment. */
export function kubectlBinary(): string {
  if (process.env.KUBECTL) return process.env.KUBECTL;
  const dispatcher = whichKubectl();
  const beside = path.join(path.dirname(realpathSync(dispatcher)), 'kubectl.1.32');
  return existsSync(beside) ? beside : dispatcher;
}

function whichKubectl(): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = path.join(dir, 'kubectl');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('kubectl not found on PATH');
}

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Kubectl {
  (...args: string[]): Promise<KubectlResult>;
  kubeconfig: string;
  cacheDir: string;
  /** kubectl with `input` on stdin. */
  withInput(input: string, ...args: string[]): Promise<KubectlResult>;
  /** kubectl with extra environment variables (KUBE_EDITOR for `kubectl edit`). */
  withEnv(env: Record<string, string>, ...args: string[]): Promise<KubectlResult>;
}

/**
 * A kubectl bound to `serverUrl` with its own kubeconfig and cache, as a test user (default
 * admin; null: no credentials). The test server's certificate is self-signed.
 */
export function kubectlFor(serverUrl: string, user: string | null = 'admin'): Kubectl {
  return kubectlWithConfig([
    'apiVersion: v1', 'kind: Config',
    'clusters:', '- name: t', '  cluster:', `    server: ${serverUrl}`, '    insecure-skip-tls-verify: true',
    'users:', '- name: t', ...(user === null ? ['  user: {}'] : ['  user:', `    token: ${tokenOf(user)}`]),
    'contexts:', '- name: t', '  context: {cluster: t, user: t}',
    'current-context: t', '',
  ].join('\n'));
}

/** A kubectl with the kubeconfig `text` (e.g. one a ControlPlane's Secret delivered), and its own cache. */
export function kubectlWithConfig(text: string): Kubectl {
  const dir = mkdtempSync(path.join(tmpdir(), 'edge-kubectl-'));
  const kubeconfig = path.join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, text);
  const binary = kubectlBinary();
  const cacheDir = path.join(dir, 'cache');
  const base = ['--kubeconfig', kubeconfig, '--cache-dir', cacheDir, '--request-timeout=30s'];
  const invoke = async (input: string | undefined, args: string[], env?: Record<string, string>): Promise<KubectlResult> => {
    try {
      const child = run(binary, [...base, ...args], { maxBuffer: 64 * 1024 * 1024, env: env && { ...process.env, ...env } });
      if (input !== undefined) {
        child.child.stdin?.end(input);
      }
      const { stdout, stderr } = await child;
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failure = error as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof failure.code === 'number' ? failure.code : 1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
    }
  };
  const kubectl = ((...args: string[]) => invoke(undefined, args)) as Kubectl;
  kubectl.kubeconfig = kubeconfig;
  kubectl.cacheDir = cacheDir;
  kubectl.withInput = (input, ...args) => invoke(input, args);
  kubectl.withEnv = (env, ...args) => invoke(undefined, args, env);
  return kubectl;
}

