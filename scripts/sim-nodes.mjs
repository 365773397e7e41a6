// `npm run sim-nodes -- [--nodes 3] [--prefix sim-node] [--pod-cidr 10.244.0.0/16] [--kubeconfig ./kubeconfig]
//  [--run-seconds 1] [--honour-grace] [--delete-on-exit]`:
// simulated kubelets (scripts/control-plane/sim-nodes.mjs) against the server of a kubeconfig
// (its first cluster and a bearer token user), so a scheduler and controller manager have nodes
// to place pods on. Runs until interrupted.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { load as parseYaml } from 'js-yaml';
import { ApiClient } from './control-plane/api-client.mjs';
import { startSimulatedNodes } from './control-plane/sim-nodes.mjs';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '3' }, prefix: { type: 'string', default: 'sim-node' },
    'pod-cidr': { type: 'string', default: '10.244.0.0/16' }, kubeconfig: { type: 'string', default: './kubeconfig' },
    'run-seconds': { type: 'string', default: '1' }, 'honour-grace': { type: 'boolean', default: false },
    'delete-on-exit': { type: 'boolean', default: false },
  },
});

const { url, token } = serverOf(values.kubeconfig);
const nodes = await startSimulatedNodes({
  url, token, count: Number(values.nodes), prefix: values.prefix, podCIDR: values['pod-cidr'],
  runSeconds: Number(values['run-seconds']), honourGracePeriod: values['honour-grace'], log: (line) => console.error(line),
});
console.log(`${nodes.names.length} simulated nodes on ${url}: ${nodes.names.join(', ')} (Ctrl-C stops them)`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await nodes.stop();
    if (values['delete-on-exit']) await deleteNodes(nodes.names);
    console.log(`stopped; pods started ${nodes.stats.started}, ended ${nodes.stats.ended}, deletions completed ${nodes.stats.deleted}`);
    process.exit(0);
  });
}

/** The server URL and bearer token of a kubeconfig's current context. */
function serverOf(file) {
  const config = parseYaml(readFileSync(file, 'utf8'));
  const context = config.contexts.find((item) => item.name === config['current-context'])?.context ?? config.contexts[0].context;
  const cluster = config.clusters.find((item) => item.name === context.cluster).cluster;
  const user = config.users.find((item) => item.name === context.user).user;
  if (!user.token) throw new Error(`${file}: the user of the current context has no bearer token`);
  return { url: cluster.server, token: user.token };
}

async function deleteNodes(names) {
  const client = new ApiClient({ url, token });
  await Promise.all(names.map((name) => client.request('DELETE', `/api/v1/nodes/${name}`)));
  client.close();
}
