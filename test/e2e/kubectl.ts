/**
 * The real kubectl 1.32 (`kubectl.1.32` beside the machine's kubectl dispatcher, or KUBECTL; older
 * and newer minors, kubectl.1.27 .. kubectl.1.33, sit beside it), its version checked, run with a
 * private kubeconfig and cache directory against the test server.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { tokenOf } from '../helpers/test-users.mjs';

const run = promisify(execFile);

const checked = new Map<string, string>();

/**
 * The kubectl binary of minor `minor` (default 1.32, the suites' version): for 1.32 KUBECTL from
 * the environment if set, else `kubectl.<minor>` beside the machine's kubectl dispatcher. It must
 * exist and report that client version; there is no fallback to another kubectl.
 */
export function kubectlBinary(minor = '1.32'): string {
  let binary = checked.get(minor);
  if (!binary) {
    binary = assertVersion(minor === '1.32' && process.env.KUBECTL ? process.env.KUBECTL : besideDispatcher(minor), minor);
    checked.set(minor, binary);
  }
  return binary;
}

function besideDispatcher(minor: string): string {
  const beside = path.join(path.dirname(realpathSync(whichKubectl())), `kubectl.${minor}`);
  if (!existsSync(beside)) throw new Error(`kubectl ${minor} not found: no ${beside}${minor === '1.32' ? ' (or set KUBECTL to a kubectl 1.32 binary)' : ''}`);
  return beside;
}

/** Returns `binary` if `kubectl version --client` reports minor `minor`, else throws. */
function assertVersion(binary: string, minor: string): string {
  const output = execFileSync(binary, ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
  const { clientVersion } = JSON.parse(output) as { clientVersion: { major: string; minor: string; gitVersion: string } };
  if (`${clientVersion.major}.${clientVersion.minor}` !== minor) {
    throw new Error(`${binary} is kubectl ${clientVersion.gitVersion}, expected ${minor}`);
  }
  return binary;
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
 * admin; null: no credentials), of kubectl minor version `minor`. The test server's certificate
 * is self-signed.
 */
export function kubectlFor(serverUrl: string, user: string | null = 'admin', minor = '1.32'): Kubectl {
  return kubectlWithConfig([
    'apiVersion: v1', 'kind: Config',
    'clusters:', '- name: t', '  cluster:', `    server: ${serverUrl}`, '    insecure-skip-tls-verify: true',
    'users:', '- name: t', ...(user === null ? ['  user: {}'] : ['  user:', `    token: ${tokenOf(user)}`]),
    'contexts:', '- name: t', '  context: {cluster: t, user: t}',
    'current-context: t', '',
  ].join('\n'), minor);
}

/** A kubectl (minor version `minor`) with the kubeconfig `text` (e.g. one a ControlPlane's Secret delivered), and its own cache. */
export function kubectlWithConfig(text: string, minor = '1.32'): Kubectl {
  const dir = mkdtempSync(path.join(tmpdir(), 'edge-kubectl-'));
  const kubeconfig = path.join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, text);
  const binary = kubectlBinary(minor);
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

