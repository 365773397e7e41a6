// What a kubelet (v1.32) registers and keeps fresh for its node: the Node (labels, capacity,
// addresses, the four conditions), the status heartbeat patch, and its Lease in kube-node-lease.
import { microTimestamp, timestamp } from './pod-status.mjs';

/** The label every simulated node carries, so tests and users can tell them apart. */
export const simulatedLabel = 'node.edge-apiserver.dev/simulated';

/** Lease duration of the kubelet (40 s); it renews every quarter of it. */
export const leaseDurationSeconds = 40;

/** The Node a kubelet registers, with its status (node strategy keeps status on create). */
export function nodeObject({ name, hostIP, podCIDR, capacity, now }) {
  const labels = {
    'beta.kubernetes.io/arch': 'amd64', 'beta.kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', [simulatedLabel]: 'true',
  };
  const annotations = { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' };
  return {
    apiVersion: 'v1', kind: 'Node', metadata: { name, labels, annotations },
    spec: { podCIDR, podCIDRs: [podCIDR] },
    status: {
      capacity, allocatable: capacity, conditions: nodeConditions(now),
      addresses: [{ type: 'InternalIP', address: hostIP }, { type: 'Hostname', address: name }],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID: name, systemUUID: name, bootID: name, kernelVersion: '6.1.0-sim', osImage: 'edge-apiserver simulated node',
        containerRuntimeVersion: 'sim://1.0.0', kubeletVersion: 'v1.32.13', kubeProxyVersion: 'v1.32.13', operatingSystem: 'linux', architecture: 'amd64',
      },
    },
  };
}

/** The kubelet's four node conditions, healthy, with this heartbeat. */
export function nodeConditions(now, transition = now) {
  const heartbeat = timestamp(now);
  const since = timestamp(transition);
  const condition = (type, status, reason, message) => ({ type, status, lastHeartbeatTime: heartbeat, lastTransitionTime: since, reason, message });
  return [
    condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
    condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
    condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
    condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
  ];
}

/** The status heartbeat: a strategic merge patch of the conditions' lastHeartbeatTime. */
export function heartbeatPatch(node, now) {
  const heartbeat = timestamp(now);
  const conditions = (node.status?.conditions ?? []).map(({ type }) => ({ type, lastHeartbeatTime: heartbeat }));
  return { status: { conditions, '$setElementOrder/conditions': conditions.map(({ type }) => ({ type })) } };
}

/** The node's Lease, owned by the Node (so it goes when the Node goes). */
export function leaseObject(node, now) {
  return {
    apiVersion: 'coordination.k8s.io/v1', kind: 'Lease',
    metadata: { name: node.metadata.name, namespace: 'kube-node-lease', ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node.metadata.name, uid: node.metadata.uid }] },
    spec: { holderIdentity: node.metadata.name, leaseDurationSeconds, renewTime: microTimestamp(now) },
  };
}

/** Address `offset` (0-based) of an IPv4 CIDR, as text. */
export function addressIn(cidr, offset) {
  const [base, bits] = cidr.split('/');
  const start = base.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
  const size = 2 ** (32 - Number(bits));
  if (offset >= size) throw new Error(`${cidr} has no address ${offset}`);
  const value = start + offset;
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** The `index`-th /24 of a /16 (or wider) CIDR. */
export function subnetOf(cidr, index) {
  return `${addressIn(cidr, index * 256)}/24`;
}
