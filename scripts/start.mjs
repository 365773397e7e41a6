// `npm start`: the server on http://127.0.0.1:8787 with Durable Object state persisted under
// .wrangler/state (shared with `wrangler dev`), and a ./kubeconfig pointing at it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot, startServer } from './server.mjs';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const persistTo = path.join(projectRoot, '.wrangler', 'state', 'v3');

const { url, stop } = await startServer({ port, host, persistTo });
writeFileSync(path.join(projectRoot, 'kubeconfig'), kubeconfig(url));
console.log(`edge-apiserver listening on ${url}`);
console.log(`state: ${path.relative(projectRoot, persistTo)}   kubeconfig: ./kubeconfig`);
console.log('try: kubectl --kubeconfig ./kubeconfig get namespaces');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await stop();
    process.exit(0);
  });
}

function kubeconfig(server) {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: edge-apiserver',
    '  cluster:',
    `    server: ${server}`,
    'users:',
    '- name: edge-apiserver',
    '  user: {}',
    'contexts:',
    '- name: edge-apiserver',
    '  context: {cluster: edge-apiserver, user: edge-apiserver}',
    'current-context: edge-apiserver',
    '',
  ].join('\n');
}
