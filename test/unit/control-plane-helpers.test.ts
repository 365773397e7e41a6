// The pure parts of the control plane scripts (scripts/control-plane): the simulated kubelet's
// addresses and status patches, and the normalization that lets two runs' error lines be compared.
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM scripts
import { addressIn, heartbeatPatch, leaseObject, nodeObject, subnetOf } from '../../scripts/control-plane/node-object.mjs';
// @ts-expect-error -- plain ESM
import { containersExit, endedPatch, runningPatch } from '../../scripts/control-plane/pod-status.mjs';
// @ts-expect-error -- plain ESM
import { errorLines, errorSignature } from '../../scripts/control-plane/log-errors.mjs';

const pod = (spec: Record<string, unknown> = {}, annotations?: Record<string, string>) => ({
  metadata: { name: 'p', uid: 'u1', ...(annotations ? { annotations } : {}) },
  spec: { containers: [{ name: 'c', image: 'nginx:1.26' }], ...spec },
});
const now = new Date('2026-01-02T03:04:05.678Z');

describe('simulated node addresses', () => {
  it.each([['10.244.0.0/16', 0, '10.244.0.0'], ['10.244.0.0/16', 258, '10.244.1.2'], ['172.20.0.0/16', 65535, '172.20.255.255']])('address %s + %i is %s', (cidr, offset, address) => {
    expect(addressIn(cidr, offset)).toBe(address);
  });

  it('gives node i the i-th /24 of the pod CIDR and refuses addresses past the range', () => {
    expect(subnetOf('10.244.0.0/16', 3)).toBe('10.244.3.0/24');
    expect(() => addressIn('10.244.3.0/24', 256)).toThrow('10.244.3.0/24 has no address 256');
  });
});

describe('simulated node objects', () => {
  it('registers a Ready node with its capacity, addresses and pod CIDR', () => {
    const node = nodeObject({ name: 'n0', hostIP: '172.20.0.2', podCIDR: '10.244.0.0/24', capacity: { cpu: '4', pods: '110' }, now });
    expect(node.spec).toEqual({ podCIDR: '10.244.0.0/24', podCIDRs: ['10.244.0.0/24'] });
    expect(node.status.conditions.map((c: any) => `${c.type}=${c.status}`)).toEqual(['MemoryPressure=False', 'DiskPressure=False', 'PIDPressure=False', 'Ready=True']);
    expect(node.status.addresses).toEqual([{ type: 'InternalIP', address: '172.20.0.2' }, { type: 'Hostname', address: 'n0' }]);
  });

  it('renews heartbeats by condition type and owns its lease by the Node', () => {
    const node = { metadata: { name: 'n0', uid: 'nu' }, status: { conditions: [{ type: 'Ready' }, { type: 'PIDPressure' }] } };
    expect(heartbeatPatch(node, now).status.conditions).toEqual([{ type: 'Ready', lastHeartbeatTime: '2026-01-02T03:04:05Z' }, { type: 'PIDPressure', lastHeartbeatTime: '2026-01-02T03:04:05Z' }]);
    const lease = leaseObject(node, now);
    expect([lease.spec.renewTime, lease.metadata.ownerReferences[0].uid]).toEqual(['2026-01-02T03:04:05.678000Z', 'nu']);
  });
});

describe('simulated pod statuses', () => {
  it('starts a pod Running and Ready with its IP, and a host network pod with the host IP', () => {
    const status = runningPatch(pod(), { hostIP: '172.20.0.2', podIP: '10.244.0.5', now }).status;
    expect([status.phase, status.podIP, status.conditions.every((c: any) => c.status === 'True'), status.containerStatuses[0].ready]).toEqual(['Running', '10.244.0.5', true, true]);
    expect(runningPatch(pod({ hostNetwork: true }), { hostIP: '172.20.0.2', podIP: '10.244.0.5', now }).status.podIP).toBe('172.20.0.2');
  });

  it('ends Job-like pods: Succeeded for exit code 0, Failed otherwise', () => {
    expect([containersExit(pod()), containersExit(pod({ restartPolicy: 'Never' })), containersExit(pod({}, { 'sim.edge-apiserver.dev/exit-code': '1' }))]).toEqual([false, true, true]);
    // A pause container never exits (the e2e suite's never-ending Job pods), unless asked to.
    const pausing = { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }] };
    expect([containersExit(pod(pausing)), containersExit(pod(pausing, { 'sim.edge-apiserver.dev/exit-code': '0' }))]).toEqual([false, true]);
    expect(endedPatch(pod(), { code: 0, now }).status.phase).toBe('Succeeded');
    const failed = endedPatch(pod(), { code: 2, now }).status;
    expect([failed.phase, failed.containerStatuses[0].state.terminated.exitCode, failed.containerStatuses[0].state.terminated.reason]).toEqual(['Failed', 2, 'Error']);
  });
});

describe('error line signatures', () => {
  const line = 'E1126 01:51:57.813304   22576 replica_set.go:560] "Unhandled Error" err="sync \\"scenario/web-5b94955547\\" failed with replicasets.apps \\"web-5b94955547\\" not found" logger="UnhandledError"';

  it('keeps error and fatal lines only', () => {
    expect(errorLines(`I1126 x\n${line}\nW1126 y\nF1126 01:00:00.1 1 main.go:1] boom`)).toHaveLength(2);
  });

  it('replaces times, process ids, line numbers, namespaces and object names', () => {
    expect(errorSignature(line, 'scenario')).toBe('E replica_set.go] "Unhandled Error" err="sync \\"NS/NAME\\" failed with replicasets.apps \\"NAME\\" not found" logger="UnhandledError"');
    expect(errorSignature('E1126 01:51:57.6 1 event.go:1] pod "db-0" on https://127.0.0.1:8802 uid 8072e485-5ba7-4a38-888a-35f4181d9f9a')).toBe('E event.go] pod "db-0" on SERVER uid UID');
  });
});
