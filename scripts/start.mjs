// `npm start`: the server on http://127.0.0.1:8787 with Durable Object state persisted under
// .wrangler/state (shared with `wrangler dev`), and a ./kubeconfig pointing at it with the local
// admin token (scripts/local-credentials.mjs; the same token and signing key on every start).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { credentialBindings, localCredentials } from './local-credentials.mjs';
import { projectRoot, startServer } from './server.mjs';
import { identityOptions } from './identity-options.mjs';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const persistTo = path.join(projectRoot, '.wrangler', 'state', 'v3');

const credentials = localCredentials();
// The HTTPS front keeps idle connections open as kube-apiserver does (controllers, kubectl drain).
// BUILTIN_CONTROLLERS=off|on|auto and SHARDED_TYPES=... npm start override wrangler.toml's
// (the built-in controllers beside kube-controller-manager; types spread over storage shards).
const overrides = Object.fromEntries(['BUILTIN_CONTROLLERS', 'SHARDED_TYPES'].filter((name) => process.env[name]).map((name) => [name, process.env[name]]));
const identity = identityOptions(process.env);
const { url, stop } = await startServer({ port, host, persistTo, bindings: { ...credentialBindings(credentials), ...overrides, ...identity.bindings }, front: true, ...identity.options });
writeFileSync(path.join(projectRoot, 'kubeconfig'), kubeconfig(url, credentials.adminToken), { mode: 0o600 });
console.log(`edge-apiserver listening on ${url}`);
console.log(`state: ${path.relative(projectRoot, persistTo)}   kubeconfig: ./kubeconfig (user admin, system:masters)`);
console.log('try: kubectl --kubeconfig ./kubeconfig get namespaces');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await stop();
    process.exit(0);
  });
}

function kubeconfig(server, token) {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: edge-apiserver',
    '  cluster:',
    `    server: ${server}`,
    '    insecure-skip-tls-verify: true',
    'users:',
    '- name: edge-apiserver',
    '  user:',
    `    token: ${token}`,
    'contexts:',
    '- name: edge-apiserver',
    '  context: {cluster: edge-apiserver, user: edge-apiserver}',
    'current-context: edge-apiserver',
    '',
  ].join('\n');
}
