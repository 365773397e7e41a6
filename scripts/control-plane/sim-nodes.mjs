// Simulated nodes: N kubelets without containers, for control planes without real nodes. Each
// registers its Node (capacity, addresses, Ready), renews its Lease in kube-node-lease, reports
// node status heartbeats, starts the pods bound to it (Running and Ready, a Pod IP from its slice
// of the pod CIDR), ends pods whose containers exit (Job pods succeed), and completes graceful
// deletion as a kubelet does (DELETE with grace 0 and a uid precondition). One watch on pods and
// one on nodes serve every simulated node; a deleted Node is taken as gone for good (its pods are
// left to the pod garbage collector, as with a node that disappeared).
import { ApiClient } from './api-client.mjs';
import { heartbeatPatch, leaseObject, nodeConditions, nodeObject, simulatedLabel, subnetOf, addressIn } from './node-object.mjs';
import { PodRunner } from './pod-runner.mjs';

const defaults = {
  count: 3, prefix: 'sim-node', podCIDR: '10.244.0.0/16', hostCIDR: '172.20.0.0/16',
  capacity: { cpu: '4', memory: '16Gi', pods: '110', 'ephemeral-storage': '100Gi' },
  leaseRenewSeconds: 10, statusReportSeconds: 60, runSeconds: 1, honourGracePeriod: false, concurrency: 16,
};

/**
 * Starts the simulated nodes against `url` with `token`; resolves once every Node and Lease
 * exists and both watches are in sync. Returns { names, stop(), stats }.
 */
export async function startSimulatedNodes(options) {
  const settings = { ...defaults, ...options, capacity: { ...defaults.capacity, ...options.capacity } };
  const log = settings.log ?? (() => {});
  const client = new ApiClient({ url: settings.url, token: settings.token, maxSockets: settings.concurrency });
  const nodes = new Map();
  for (let index = 0; index < settings.count; index++) {
    const name = `${settings.prefix}-${index}`;
    nodes.set(name, { name, index, hostIP: addressIn(settings.hostCIDR, index + 2), podCIDR: subnetOf(settings.podCIDR, index), timers: [], gone: false });
  }
  await inBatches([...nodes.values()], settings.concurrency, (node) => register(client, node, settings));
  const runner = new PodRunner(client, nodes, settings, log);
  const nodeWatch = client.reflect(`/api/v1/nodes?labelSelector=${encodeURIComponent(`${simulatedLabel}=true`)}`, (type, object) => {
    const node = nodes.get(object.metadata.name);
    if (!node || node.uid !== object.metadata.uid) return;
    if (type === 'DELETED') retire(node);
    else node.object = object;
  }, { onError: (error) => log(`nodes watch: ${error.message}`) });
  const podWatch = client.reflect('/api/v1/pods', (type, pod) => runner.observe(type, pod), { onError: (error) => log(`pods watch: ${error.message}`) });
  await Promise.all([nodeWatch.synced, podWatch.synced]);
  for (const node of nodes.values()) keepAlive(client, node, settings, log);
  return {
    names: [...nodes.keys()],
    stats: runner.stats,
    async stop() {
      nodeWatch.stop();
      podWatch.stop();
      for (const node of nodes.values()) retire(node);
      runner.stop();
      client.close();
    },
  };
}

/** Registers the Node (or takes over an existing one, marking it Ready) and its Lease. */
async function register(client, node, settings) {
  const now = new Date();
  const wanted = nodeObject({ name: node.name, hostIP: node.hostIP, podCIDR: node.podCIDR, capacity: settings.capacity, now });
  let answer = await client.request('POST', '/api/v1/nodes', { body: wanted });
  if (answer.status === 409) {
    const patch = { status: { ...wanted.status, conditions: nodeConditions(now) } };
    answer = await client.expect('PATCH', `/api/v1/nodes/${node.name}/status`, { body: patch, contentType: 'application/strategic-merge-patch+json' });
  } else if (answer.status !== 201) {
    throw new Error(`registering node ${node.name}: ${answer.status} ${answer.body?.message}`);
  }
  node.object = answer.body;
  node.uid = answer.body.metadata.uid;
  await renewLease(client, node);
}

/** Creates or renews the node's Lease (a conflict re-reads it once). */
async function renewLease(client, node) {
  const path = `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${node.name}`;
  const lease = leaseObject(node.object, new Date());
  if (node.lease) {
    const answer = await client.request('PUT', path, { body: { ...lease, metadata: { ...node.lease.metadata, ...lease.metadata } } });
    if (answer.status === 200) return void (node.lease = answer.body);
  }
  const current = await client.request('GET', path);
  const answer = current.status === 200
    ? await client.request('PUT', path, { body: { ...lease, metadata: { ...current.body.metadata, ownerReferences: lease.metadata.ownerReferences } } })
    : await client.request('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', { body: lease });
  if (answer.status >= 300) throw new Error(`lease of ${node.name}: ${answer.status} ${answer.body?.message}`);
  node.lease = answer.body;
}

/** Lease renewals and status heartbeats, spread over each period so nodes do not renew together. */
function keepAlive(client, node, settings, log) {
  const every = (seconds, work) => {
    const period = seconds * 1000;
    const start = setTimeout(() => {
      const tick = () => { if (!node.gone) work().catch((error) => log(`${node.name}: ${error.message}`)); };
      node.timers.push(setInterval(tick, period));
    }, Math.floor(Math.random() * period));
    node.timers.push(start);
  };
  every(settings.leaseRenewSeconds, () => renewLease(client, node));
  every(settings.statusReportSeconds, async () => {
    const answer = await client.expect('PATCH', `/api/v1/nodes/${node.name}/status`, { body: heartbeatPatch(node.object, new Date()), contentType: 'application/strategic-merge-patch+json' });
    node.object = answer.body;
  });
}

/** The node stops: no renewals, no pod handling. */
function retire(node) {
  node.gone = true;
  for (const timer of node.timers) clearTimeout(timer), clearInterval(timer);
  node.timers = [];
}

async function inBatches(items, size, work) {
  for (let start = 0; start < items.length; start += size) await Promise.all(items.slice(start, start + size).map(work));
}
