/**
 * Importing a running kube-apiserver into an empty edge-apiserver (`npm run snapshot -- import`,
 * docs/backups.md): the reference kube-apiserver v1.32.13 + etcd (../shared/kube), holding the
 * objects of four acceptance kit scenarios (their namespaces kept) plus a CRD and custom resources,
 * with kube-controller-manager's garbage collector, namespace and ClusterRole aggregation
 * controllers (what edge-apiserver does itself, so both sides have acted on the same objects), and
 * no apiserver identity Lease (renewed every 10 s, it would differ by the time it is compared).
 * After the import `kubectl get TYPE -A -o yaml` of every listable type but Events matches on both
 * sides apart from resourceVersions, and the APIService of edge-apiserver's own group, which kube
 * does not serve.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script shared with the kube scenarios
import { kubeBinaries, writeKubeconfig } from '../../scripts/control-plane/controllers.mjs';
// @ts-expect-error -- plain ESM script shared with the kube scenarios
import { freePort } from '../../scripts/control-plane/servers.mjs';
import { adminToken } from '../helpers/test-users.mjs';
import { kubectlBinary } from './kubectl.js';
import { startTestServer, type TestServer } from './test-server.js';
import { pool } from './waiting.js';

const run = promisify(execFile);
const binaries = kubeBinaries();
const kube = path.resolve(__dirname, '..', '..', '..', 'shared', 'kube');
const acceptance = path.resolve(kube, '..', 'acceptance', 'run.sh');
// The scenarios that leave objects of many kinds (the kit's full run takes minutes more on a busy machine).
const scenarios = ['03-crud', '06-apply', '07-crd', '08-delete'];
const title = 'import from a running kube-apiserver';

const group = 'import.example.com';
const crd = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `gadgets.${group}` },
  spec: {
    group, scope: 'Namespaced', names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
    versions: [{ name: 'v1', served: true, storage: true, subresources: { status: {} }, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } }, status: { type: 'object', properties: { phase: { type: 'string' } } } } } } }],
  },
};

describe.skipIf(!!binaries.missing)(binaries.missing ? `${title} (skipped: ${binaries.missing})` : title, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'edge-import-'));
  const env: Record<string, string> = {};
  let edge: TestServer;
  const kubeconfigs = { kube: path.join(work, 'kube.kubeconfig'), edge: path.join(work, 'edge.kubeconfig') };
  const kubectl = (which: 'kube' | 'edge', ...args: string[]) =>
    run(kubectlBinary(), ['--kubeconfig', kubeconfigs[which], '--cache-dir', path.join(work, `cache-${which}`), ...args], { maxBuffer: 256 * 1024 * 1024 }).then((out) => out.stdout);

  beforeAll(async () => {
    // etcd listens on its port and the next (peers); the apiserver's port must be neither.
    const etcdPort: number = await freePort(2);
    let port: number;
    do port = await freePort(); while (port === etcdPort || port === etcdPort + 1);
    Object.assign(env, {
      ...process.env, KUBE_BIN: process.env.KUBE_BIN ?? path.resolve('.cache', 'kube-bin'), REF_RUN: path.join(work, 'ref'), CTRL_RUN: path.join(work, 'ctrl'),
      REF_PORT: String(port), REF_ETCD_PORT: String(etcdPort), REF_KUBECONFIG: kubeconfigs.kube, REF_TOKEN: adminToken,
      REF_APISERVER_ARGS: '--feature-gates=APIServerIdentity=false', KCM_PORT: '0', SCHED_PORT: '0', LEADER_ELECT: 'false',
      CONTROLLERS: 'garbage-collector-controller,namespace-controller,clusterrole-aggregation-controller',
    });
    edge = await startTestServer();
    writeKubeconfig(kubeconfigs.edge, { url: edge.url, token: adminToken });
    await run(path.join(kube, 'start-apiserver.sh'), [], { env });
    await run(path.join(kube, 'start-controllers.sh'), [], { env });
  }, 300_000);

  afterAll(async () => {
    await run(path.join(kube, 'stop.sh'), [], { env: { ...env, REF_CLEAN: '1' } }).catch(() => {});
    await run(path.join(kube, 'stop.sh'), ['controllers'], { env }).catch(() => {});
    await edge?.stop();
  });

  it('copies every served type, and kubectl shows the same objects on both sides', { timeout: 900_000 }, async () => {
    // The kit's scenarios, their namespaces kept: the runner's last `delete namespace NS --wait=false` is skipped.
    const wrapper = path.join(work, 'kubectl');
    writeFileSync(wrapper, `#!/usr/bin/env bash\nfor a in "$@"; do [ "$a" = "--wait=false" ] && case " $* " in *" delete namespace "*) exit 0;; esac; done\nexec ${kubectlBinary()} "$@"\n`);
    chmodSync(wrapper, 0o755);
    const kit = await run(acceptance, [`https://127.0.0.1:${env.REF_PORT}`, ...scenarios], { env: { ...env, KUBECTL: wrapper, TOKEN: adminToken }, maxBuffer: 64 * 1024 * 1024 }).catch((error) => error);
    expect(kit.stdout).toMatch(/\d+ passed/);
    writeFileSync(path.join(work, 'crd.json'), JSON.stringify(crd));
    await kubectl('kube', 'apply', '-f', path.join(work, 'crd.json'));
    await kubectl('kube', 'wait', '--for=condition=Established', `crd/gadgets.${group}`);
    await kubectl('kube', 'create', 'namespace', 'gadgets');
    for (let index = 0; index < 5; index++) {
      writeFileSync(path.join(work, 'gadget.json'), JSON.stringify({ apiVersion: `${group}/v1`, kind: 'Gadget', metadata: { name: `g${index}`, namespace: 'gadgets', finalizers: ['example.com/keep'] }, spec: { size: index } }));
      await kubectl('kube', 'create', '-f', path.join(work, 'gadget.json'));
    }
    // kube's controllers finish what they act on (dependents of deleted owners, aggregated roles) before the copy.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const types = (await kubectl('kube', 'api-resources', '--verbs=list', '-o', 'name')).split('\n').filter((name) => name && !['events', 'events.events.k8s.io', 'componentstatuses'].includes(name));
    expect(types).toContain(`gadgets.${group}`);
    const kubeYaml: Record<string, string> = {};
    await pool(types, 6, async (type) => {
      kubeYaml[type] = await kubectl('kube', 'get', type, '-A', '-o', 'yaml');
    });
    expect(kubeYaml.configmaps).toMatch(/namespace: acc-03crud-/);

    const imported = await run(process.execPath, ['scripts/snapshot.mjs', 'import', '--from', kubeconfigs.kube, '--kubeconfig', kubeconfigs.edge], { env: { ...process.env, NODE_TLS_REJECT_UNAUTHORIZED: '0' }, maxBuffer: 64 * 1024 * 1024 });
    const report = imported.stdout.split('\n').filter(Boolean).map((line) => line.split(/\s{2,}/));
    const column = (type: string, name: string) => report.find((row) => row[0] === type)?.[report[0]!.indexOf(name)];
    expect(column('events', 'WHY')).toBe('Events are not copied');
    expect(column(`gadgets.${group}`, 'WRITTEN')).toBe('5');
    expect(report.filter((row) => row[5] !== '0' && row[5] !== 'FAILED'), imported.stdout).toEqual([]);

    const differences: string[] = [];
    // Six kubectl processes at a time: each mostly starts up and waits (one at a time took a minute).
    await pool(types, 6, async (type) => {
      const kubeSide = withoutVersions(kubeYaml[type]!);
      let edgeSide = withoutVersions(await kubectl('edge', 'get', type, '-A', '-o', 'yaml'));
      if (type === 'apiservices.apiregistration.k8s.io') edgeSide = withoutEdgeGroup(edgeSide);
      if (kubeSide !== edgeSide) differences.push(`${type}:\n${lineDiff(kubeSide, edgeSide)}`);
    });
    expect(differences.sort()).toEqual([]);
  });
});

/** The yaml without its resourceVersion lines (objects' and the list's). */
function withoutVersions(yaml: string): string {
  return yaml.split('\n').filter((line) => !/^\s*resourceVersion: /.test(line)).join('\n');
}

/** The APIService list without edge-apiserver's own group (an item runs from `- apiVersion:` to the next). */
function withoutEdgeGroup(yaml: string): string {
  const [head, ...items] = yaml.split(/\n(?=- apiVersion: )/);
  const [last, ...tail] = (items.pop() ?? '').split(/\n(?=kind: List)/);
  return [head, ...[...items, last!].filter((item) => !item.includes('name: v1alpha1.tenancy.edge-apiserver.dev')), ...tail].join('\n');
}

/** The first lines where two texts differ, for the failure message. */
function lineDiff(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  const first = left.findIndex((line, index) => line !== right[index]);
  return `kube ${first}: ${left.slice(first, first + 8).join('\n')}\nedge ${first}: ${right.slice(first, first + 8).join('\n')}`;
}
