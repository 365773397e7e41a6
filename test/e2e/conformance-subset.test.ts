/**
 * A fast part of kubernetes' own conformance suite (../shared/kube/e2e, e2e.test v1.32.13) against
 * edge-apiserver served as `npm start` serves it, with the real kube-controller-manager and
 * kube-scheduler and three simulated nodes beside it (the suite waits for each namespace's default
 * ServiceAccount and kube-root-ca.crt, which kube-controller-manager makes): the CRD, OpenAPI
 * publication of CRDs, field validation, discovery and watch specs, about two minutes. Every spec
 * listed must run and pass (the reference kube-apiserver passes all of them). `npm run conformance`
 * runs the whole default selection on both servers. Left out here: the ServiceAccountIssuerDiscovery
 * spec (it runs a pod).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM scripts shared with npm run conformance
import { kubeBinaries } from '../../scripts/control-plane/controllers.mjs';
// @ts-expect-error -- plain ESM
import { startControlPlane } from '../../scripts/control-plane/harness.mjs';
// @ts-expect-error -- plain ESM
import { readSpecs } from '../../scripts/conformance/report.mjs';
// @ts-expect-error -- plain ESM
import { runConformance, stopSuites } from '../../scripts/conformance/run-suite.mjs';
import { adminToken } from '../helpers/test-users.mjs';
import { startTestServer, type TestServer } from './test-server.js';

const binaries = kubeBinaries();
const title = 'upstream conformance specs: CRDs, OpenAPI of CRDs, field validation, discovery, watch';
const focus = '(CustomResourceDefinition resources|CustomResourcePublishOpenAPI|FieldValidation|Discovery|Watchers).*\\[Conformance\\]';
// Left to `npm run conformance` (CI time): eight of the nine OpenAPI publication specs (each waits
// for publication, 5-20 s; one stays), and the watch spec that waits out quiet periods (20 s).
const slowSpecs = [
  'CustomResourcePublishOpenAPI .*(removes definition|renamed|preserving unknown fields|works for CRD with validation schema|multiple CRDs)',
  'Watchers should observe add, update, and delete watch notifications',
];
const skip = ['ServiceAccountIssuerDiscovery', ...slowSpecs].join('|');

const machinery = '[sig-api-machinery]';
const crd = `${machinery} CustomResourceDefinition resources [Privileged:ClusterAdmin]`;
const openApi = `${machinery} CustomResourcePublishOpenAPI [Privileged:ClusterAdmin]`;
const specs = [
  `${machinery} AggregatedDiscovery should support aggregated discovery interface`,
  `${machinery} AggregatedDiscovery should support aggregated discovery interface for CRDs`,
  `${machinery} AggregatedDiscovery should support raw aggregated discovery endpoint Accept headers`,
  `${machinery} AggregatedDiscovery should support raw aggregated discovery request for CRDs`,
  `${crd} Simple CustomResourceDefinition creating/deleting custom resource definition objects works`,
  `${crd} Simple CustomResourceDefinition getting/updating/patching custom resource definition status sub-resource works`,
  `${crd} Simple CustomResourceDefinition listing custom resource definition objects works`,
  `${crd} should include custom resource definition resources in discovery documents`,
  `${crd} custom resource defaulting for requests and from storage works`,
  `${openApi} works for CRD without validation schema`,
  `${machinery} Discovery should locate the groupVersion and a resource within each APIGroup`,
  `${machinery} Discovery should validate PreferredVersion for each APIGroup`,
  `${machinery} FieldValidation should create/apply a CR with unknown fields for CRD with no validation schema`,
  `${machinery} FieldValidation should create/apply a valid CR for CRD with validation schema`,
  `${machinery} FieldValidation should create/apply an invalid CR with extra properties for CRD with validation schema`,
  `${machinery} FieldValidation should detect duplicates in a CR when preserving unknown fields`,
  `${machinery} FieldValidation should detect unknown and duplicate fields of a typed object`,
  `${machinery} FieldValidation should detect unknown metadata fields in both the root and embedded object of a CR`,
  `${machinery} FieldValidation should detect unknown metadata fields of a typed object`,
  `${machinery} Watchers should be able to restart watching from the last resource version observed by the previous watch`,
  `${machinery} Watchers should be able to start watching from a specific resource version`,
  `${machinery} Watchers should observe an object deletion if it stops meeting the requirements of the selector`,
  `${machinery} Watchers should receive events on concurrent watches in same order`,
].map((name) => `${name} [Conformance]`);

describe.skipIf(!!binaries.missing)(binaries.missing ? `${title} (skipped: ${binaries.missing})` : title, () => {
  let server: TestServer;
  let plane: any;
  let results = new Map<string, { state: string; message: string }>();

  beforeAll(async () => {
    // The suite, kube-controller-manager, kube-scheduler and the nodes all act as the admin: more watches than one user's default 100.
    server = await startTestServer({ front: true, bindings: { WATCH_LIMIT_PER_USER: '100000' } });
    const runDir = mkdtempSync(path.join(tmpdir(), 'edge-conformance-'));
    plane = await startControlPlane({ binaries, url: server.url, token: adminToken, runDir });
    const out = path.join(runDir, 'e2e');
    await runConformance({ kubeconfig: plane.kubeconfig, out, focus, skip, binDir: binaries.dir });
    results = readSpecs(path.join(out, 'report.json'));
  }, 600_000);

  afterAll(async () => {
    stopSuites();
    await plane?.stop();
    await server?.stop();
  }, 60_000);

  it.each(specs)('%s', (spec) => {
    const result = results.get(spec);
    expect(result ? `${result.state}${result.message ? `: ${result.message}` : ''}` : 'did not run').toBe('passed');
  });
});
