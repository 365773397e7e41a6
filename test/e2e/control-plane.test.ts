/**
 * A real control plane on edge-apiserver: the unmodified kube-controller-manager and kube-scheduler
 * v1.32.13 (../shared/kube, unpacked into $KUBE_BIN, default .cache/kube-bin), both with leader
 * election, three simulated nodes (scripts/control-plane/sim-nodes.mjs), and kubectl 1.32 running
 * the scenario of scripts/control-plane/scenario.mjs: deployments, rollouts, Services and
 * EndpointSlices, a StatefulSet, a DaemonSet, Jobs and CronJobs, drains under
 * PodDisruptionBudgets, a Node removed, a CSR signed, a leader handover, a namespace deleted.
 * The server's own controllers are in their default mode (BUILTIN_CONTROLLERS=auto): they stand
 * down while kube-controller-manager leads (src/controllers/external-manager.ts).
 * scripts/compare-control-plane.mjs runs the same scenario on kube-apiserver for comparison.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM scripts shared with the comparison script and the benchmark
import { kubeBinaries } from '../../scripts/control-plane/controllers.mjs';
// @ts-expect-error -- plain ESM
import { startControlPlane } from '../../scripts/control-plane/harness.mjs';
// @ts-expect-error -- plain ESM
import { scenarioContext } from '../../scripts/control-plane/scenario-context.mjs';
// @ts-expect-error -- plain ESM
import { expectedOutcome, scenarioSteps } from '../../scripts/control-plane/scenario.mjs';
// @ts-expect-error -- plain ESM
import { errorLines } from '../../scripts/control-plane/log-errors.mjs';
import { adminToken } from '../helpers/test-users.mjs';
import { startTestServer, type TestServer } from './test-server.js';

const binaries = kubeBinaries();
const title = 'control plane: kube-controller-manager and kube-scheduler on edge-apiserver';

describe.skipIf(!!binaries.missing)(binaries.missing ? `${title} (skipped: ${binaries.missing})` : title, () => {
  let server: TestServer;
  let plane: any;
  let context: any;

  beforeAll(async () => {
    server = await startTestServer({ front: true });
    const runDir = mkdtempSync(path.join(tmpdir(), 'edge-control-plane-'));
    plane = await startControlPlane({ binaries, url: server.url, token: adminToken, runDir });
    const namespace = 'scenario';
    await plane.client.expect('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } });
    context = scenarioContext({ kubectl: plane.kubectl, client: plane.client, namespace, nodes: plane.nodes, failover: plane.failover });
  }, 240_000);

  afterAll(async () => {
    await plane?.stop();
    await server?.stop();
  }, 60_000);

  for (const step of scenarioSteps) {
    it(step.name, async () => {
      expect(await step.run(context)).toEqual(expectedOutcome(step, context));
    }, 240_000);
  }

  it('no request of the controllers or the scheduler was answered 404 (no route), 405 or 500', () => {
    const failures = plane.logFiles().flatMap((file: string) => errorLines(readFileSync(file, 'utf8')))
      .filter((line: string) => /404 page not found|the server could not find the requested resource|MethodNotAllowed|does not allow this method|Internal error occurred|an error on the server/.test(line));
    expect(failures).toEqual([]);
  });
});
