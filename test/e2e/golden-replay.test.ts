/**
 * The 120 exchanges recorded from kube-apiserver v1.32.13 (reference/golden/kube-v1.32.13),
 * replayed in order against a fresh server by scripts/golden-replay (volatile values masked). Every
 * answer must be kube's, except the differences listed here, each for a stated reason; a new
 * difference fails the test.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script, also run from the command line
import { replayGoldens } from '../../scripts/golden-replay/replay.mjs';
import { adminToken } from '../helpers/test-users.mjs';
import { startTestServer, type TestServer } from './test-server.js';

interface Difference { path: string; recorded: unknown; live: unknown }
interface Result { file: string; differences: Difference[] }

const golden = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../reference/golden/kube-v1.32.13');

/** Where an answer may differ from kube's: recording, paths (a prefix each), and why. */
const accepted: { file: string; paths: string[]; reason: string }[] = [
  { file: '009-readyz-verbose.json', paths: ['body'], reason: 'readyz lists etcd and etcd-readiness as upstream v1.32 does; the recorded OpenShift build drops them' },
  { file: '010-readyz-exclude.json', paths: ['body'], reason: 'idem: etcd can be excluded here' },
  { file: '030-configmap-get-not-acceptable.json', paths: ['body.message'], reason: 'CBOR is on by default (deliberate): application/cbor is listed' },
  { file: '031-configmap-post-unsupported-media.json', paths: ['body.message'], reason: 'idem' },
  { file: '087-cr-smp-unsupported.json', paths: ['body.message'], reason: 'idem: application/apply-patch+cbor is listed' },
  { file: '088-cr-get-protobuf.json', paths: ['body.message'], reason: 'idem' },
  { file: '034-configmap-create-with-rv.json', paths: ['status', 'body.code', 'body.reason'], reason: 'kube answers a bare 500 from storage; bad input is a 400 here, never a 500' },
  { file: '046-configmap-list-rv-too-large.json', paths: ['status', 'body'], reason: 'resourceVersions are microsecond clocks here: 999999999 is a past version, not a future one' },
  { file: '053-configmap-watch-too-old.json', paths: ['body'], reason: 'resourceVersion 1 predates the history window (410 Expired); kube replays etcd history until its first compaction' },
  { file: '080-crd-wait.json', paths: ['body.metadata.managedFields(order)'], reason: "kube sorts managedFields by time in seconds before manager: the Established status update (a few hundred ms after the create, here as in kube) may fall in the next second" },
  { file: '090-crd-delete.json', paths: ['body.metadata.managedFields(order)'], reason: 'idem' },
  { file: '083-cr-create-invalid.json', paths: ['body.message', 'body.details.causes'], reason: 'kube orders schema causes by Go map iteration, which varies between its processes' },
  { file: '094-namespace-get-terminating.json', paths: ['body.metadata.managedFields', 'body.status.conditions'], reason: 'this server deletes namespaces itself (no kube-controller-manager in the recording)' },
  { file: '222-table-clusterroles.json', paths: ['body.metadata.remainingItemCount'], reason: "the recorded OpenShift build has one more bootstrap ClusterRole" },
  { file: '002-discovery-apis.json', paths: ['body.groups[tenancy.edge-apiserver.dev]'], reason: "the default control plane serves this product's own group: ControlPlanes, one per tenant" },
  { file: '006-discovery-aggregated-apis.json', paths: ['body.items[tenancy.edge-apiserver.dev]'], reason: 'idem' },
  { file: '011-openapi-v3-index.json', paths: ['body.paths.apis/tenancy.edge-apiserver.dev/v1alpha1'], reason: 'idem' },
  ...['065-pod-create.json', '071-pod-status-patch.json'].map((file) => ({
    file, paths: ['body.spec.serviceAccount', 'body.spec.containers[c].volumeMounts', 'body.spec.volumes'],
    reason: 'recorded with --disable-admission-plugins=ServiceAccount (no kube-controller-manager, so no `default` ServiceAccount); this server runs the plugin, as a real cluster does (docs/kube-behaviours.md)',
  })),
  { file: '070-pod-update-spec.json', paths: ['body.message', 'body.details.causes[0].message'], reason: 'idem: the refused update\'s spec diff lists the kube-api-access volume the plugin added' },
  { file: '225-table-customresourcedefinitions.json', paths: ['body.rows'], reason: 'a CRD goes a few seconds after its delete here (caches settle); kube removes it at once' },
];

function isAccepted(file: string, difference: Difference): boolean {
  return accepted.some((entry) => entry.file === file && entry.paths.some((prefix) => difference.path === prefix || difference.path.startsWith(prefix)));
}

let server: TestServer;
let results: Result[] = [];

beforeAll(async () => {
  server = await startTestServer();
  results = await replayGoldens({ server: server.url, token: adminToken, golden });
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

describe('the v1.32.13 recordings replayed', () => {
  it('covers all 120 recordings', () => {
    expect(results).toHaveLength(120);
  });

  it('answers as kube does, but for the listed differences', () => {
    const unexpected = results.flatMap(({ file, differences }) => differences.filter((difference) => !isAccepted(file, difference)).map((difference) => ({ file, ...difference })));
    expect(unexpected).toEqual([]);
  });

  it('matches most recordings exactly', () => {
    const identical = results.filter((result) => result.differences.length === 0).length;
    expect(identical).toBeGreaterThanOrEqual(120 - accepted.length);
  });
});
