/** `kubectl get -w` (Table watch events) against a real local server. */
import { spawn } from 'node:child_process';
import { beforeAll, expect, inject, it } from 'vitest';
import { type Kubectl, kubectlBinary, kubectlFor } from './kubectl.js';

const serverUrl = inject('serverUrl');
const ns = `watch-${Date.now().toString(36)}`;
let k: Kubectl;

beforeAll(async () => {
  k = kubectlFor(serverUrl);
  await k('create', 'namespace', ns);
});

it('kubectl get -w prints ADDED, MODIFIED and DELETED as they happen', async () => {
  const child = spawn(kubectlBinary(), ['--kubeconfig', k.kubeconfig, '--cache-dir', k.cacheDir, 'get', 'configmaps', '-n', ns, '--watch-only', '--output-watch-events', '--no-headers'], { detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await k('create', 'configmap', 'w1', '-n', ns, '--from-literal=a=1');
  await k('patch', 'configmap', 'w1', '-n', ns, '--type=merge', '-p', '{"data":{"a":"2"}}');
  await k('delete', 'configmap', 'w1', '-n', ns);
  const deadline = Date.now() + 10_000;
  while (!output.includes('DELETED') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  process.kill(-child.pid!);
  const events = output.trim().split('\n').map((line) => line.split(/\s+/).slice(0, 2).join(' '));
  expect(events).toEqual(['ADDED w1', 'MODIFIED w1', 'DELETED w1']);
});
