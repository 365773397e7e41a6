// kubectl 1.32 (KUBECTL, else kubectl.1.32 beside the kubectl on PATH, else that kubectl) with a
// given kubeconfig and its own cache directory; answers { code, stdout, stderr } and never throws.
import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** The kubectl binary to use. */
export function kubectlBinary() {
  if (process.env.KUBECTL) return process.env.KUBECTL;
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = path.join(dir, 'kubectl');
    if (!existsSync(candidate)) continue;
    const beside = path.join(path.dirname(realpathSync(candidate)), 'kubectl.1.32');
    return existsSync(beside) ? beside : candidate;
  }
  throw new Error('kubectl not found on PATH');
}

/** A function running kubectl (`binary`, default kubectlBinary()) with `kubeconfig`: (args, { input }) => { code, stdout, stderr }. */
export function kubectlWith(kubeconfig, cacheDir, binary = kubectlBinary()) {
  return (args, { input } = {}) => new Promise((resolve) => {
    const child = execFile(binary, ['--kubeconfig', kubeconfig, '--cache-dir', cacheDir, ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}
