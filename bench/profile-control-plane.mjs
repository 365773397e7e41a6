// CPU profile of edge-apiserver during the control-plane rollout (`node bench/profile-control-plane.mjs`):
// the `control-plane` bench section's scenario (the real kube-controller-manager and kube-scheduler,
// PROFILE_NODES simulated nodes (100), one Deployment of PROFILE_PODS pods (1,000)) on a server
// with workerd's inspector on, sampled from the Deployment's create until every pod is Ready.
// PROFILE_SHARDED_TYPES is passed as SHARDED_TYPES (e.g. pods=4).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kubeBinaries } from '../scripts/control-plane/controllers.mjs';
import { startEdge } from '../scripts/control-plane/servers.mjs';
import { measure } from './control-plane.mjs';
import { printProfile, startProfile } from './cpu-profile.mjs';
import { freePort } from './isolate-heap.mjs';
import { fmt } from './stats.mjs';

const pods = Number(process.env.PROFILE_PODS ?? 1000);
const nodes = Number(process.env.PROFILE_NODES ?? 100);
const binaries = kubeBinaries();
if (binaries.missing) throw new Error(binaries.missing);
const inspectorPort = await freePort();
const sharded = process.env.PROFILE_SHARDED_TYPES ? { SHARDED_TYPES: process.env.PROFILE_SHARDED_TYPES } : {};
const server = await startEdge({ builtinControllers: 'off', inspectorPort, bindings: sharded });
const runDir = mkdtempSync(path.join(tmpdir(), 'edge-profile-cp-'));
let profile;
try {
  const result = await measure({ binaries, server, runDir, pods, nodes, onCreate: async () => { profile = await startProfile(inspectorPort); } });
  const times = await profile.stop();
  console.log(`${pods} pods onto ${nodes} nodes: all bound ${fmt(result.bound / 1000, 2)} s, all Ready ${fmt(result.ready / 1000, 2)} s; ${Math.round(times.total)} ms sampled in the isolate; profile ${path.relative(process.cwd(), times.file)}`);
  printProfile(times, pods, 'pod');
} finally {
  await server.stop();
  rmSync(runDir, { recursive: true, force: true });
}
