/**
 * Server-side printing of the built-in kinds. The first part replays the Tables kube-apiserver
 * v1.32.13 served (reference/golden/kube-v1.32.13) through the printers; the second ports the tricky cases of
 * kube's printers_test.go (pod status and restarts, init containers, jobs, services, ingresses,
 * nodes, autoscalers, events, endpoints).
 */
import { describe, expect, it } from 'vitest';
import type { Printer, TableColumn } from '../../src/codecs/printer-registry.js';
import { builtinPrinters } from '../../src/codecs/printers/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import catalog from '../../data/catalog.json';

// Node built-ins are loaded untyped: tsconfig types the Worker runtime only.
const nodeModule = (name: string): Promise<any> => import(name);
const { readdirSync, readFileSync } = await nodeModule('node:fs');
const { dirname, join } = await nodeModule('node:path');
const { fileURLToPath } = await nodeModule('node:url');

const GOLDEN: string = join(dirname(fileURLToPath((import.meta as unknown as { url: string }).url)), '../../reference/golden/kube-v1.32.13');

type Json = any;
interface GoldenTable { columns: TableColumn[]; rows: { cells: unknown[]; object: Json }[] }

const exchange = (file: string): Json => JSON.parse(readFileSync(join(GOLDEN, file), 'utf8'));
const printerOf = (key: string): Printer => builtinPrinters[key] ?? expect.unreachable(`no printer for ${key}`);

/** Every object any golden response carries, by `kind/namespace/name/resourceVersion`. */
function recordedObjects(): Map<string, Json> {
  const objects = new Map<string, Json>();
  const visit = (value: Json): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      const meta = value.metadata;
      if (typeof value.kind === 'string' && meta && typeof meta.name === 'string') {
        objects.set(`${value.kind}/${meta.namespace ?? ''}/${meta.name}/${meta.resourceVersion}`, value);
      }
      Object.values(value).forEach(visit);
    }
  };
  for (const file of readdirSync(GOLDEN) as string[]) if (file.endsWith('.json')) visit(exchange(file).response.body);
  return objects;
}
const recorded = recordedObjects();

/** The object behind a row of an early golden Table: the one recorded at the row's resourceVersion. */
function recordedObject(kind: string) {
  return (row: Json): Json => {
    const meta = row.object.metadata;
    return recorded.get(`${kind}/${meta.namespace ?? ''}/${meta.name}/${meta.resourceVersion}`) ?? expect.unreachable(`${kind} ${meta.name} not recorded`);
  };
}

/**
 * The object behind a row of a 2NN golden Table: what it was created with, the row's metadata,
 * and the fields kube's defaulting and PrepareForCreate gave it that the printer reads.
 */
function createdObject(createdWith: Json, defaults: (object: Json) => void = () => {}) {
  return (row: Json): Json => {
    const object = structuredClone({ ...createdWith, metadata: row.object.metadata });
    defaults(object);
    return object;
  };
}

/** Rows of objects the test did not create: kube's bootstrap objects, known from their metadata. */
function bootstrapObject(known: Record<string, Json>, created: (row: Json) => Json) {
  return (row: Json): Json => {
    const extra = known[row.object.metadata.name];
    return extra === undefined ? created(row) : { ...extra, metadata: row.object.metadata };
  };
}


interface GoldenCase {
  file: string;
  printer: string;
  objectOf: (row: Json) => Json;
}

const created = (file: string): Json => exchange(file).request.createdWith;

const goldenCases: GoldenCase[] = [
  { file: '014-namespace-table.json', printer: '/namespaces', objectOf: recordedObject('Namespace') },
  { file: '049-configmap-list-table.json', printer: '/configmaps', objectOf: recordedObject('ConfigMap') },
  // includeObject=Object: the rows carry the objects themselves.
  { file: '050-configmap-list-table-include-object.json', printer: '/configmaps', objectOf: (row) => row.object },
  { file: '061-secret-list-table.json', printer: '/secrets', objectOf: recordedObject('Secret') },
  { file: '063-service-list-table.json', printer: '/services', objectOf: recordedObject('Service') },
  { file: '066-pod-list-table.json', printer: '/pods', objectOf: recordedObject('Pod') },
  { file: '073-deployment-list-table.json', printer: 'apps/deployments', objectOf: recordedObject('Deployment') },
  { file: '200-table-replicationcontrollers.json', printer: '/replicationcontrollers', objectOf: createdObject(created('200-table-replicationcontrollers.json')) },
  { file: '201-table-replicasets.json', printer: 'apps/replicasets', objectOf: createdObject(created('201-table-replicasets.json')) },
  { file: '202-table-statefulsets.json', printer: 'apps/statefulsets', objectOf: createdObject(created('202-table-statefulsets.json')) },
  { file: '203-table-daemonsets.json', printer: 'apps/daemonsets', objectOf: createdObject(created('203-table-daemonsets.json')) },
  {
    file: '204-table-jobs.json', printer: 'batch/jobs',
    // Job defaulting: one completion, one pod at a time; the selector on the job's uid (v1.27+ label).
    objectOf: createdObject(created('204-table-jobs.json'), (job) => {
      Object.assign(job.spec, { completions: 1, parallelism: 1, selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': job.metadata.uid } } });
    }),
  },
  {
    file: '205-table-cronjobs.json', printer: 'batch/cronjobs',
    objectOf: createdObject(created('205-table-cronjobs.json'), (cronJob) => { cronJob.spec.suspend = false; }),
  },
  { file: '206-table-serviceaccounts.json', printer: '/serviceaccounts', objectOf: createdObject(created('206-table-serviceaccounts.json')) },
  { file: '207-table-endpoints.json', printer: '/endpoints', objectOf: createdObject(created('207-table-endpoints.json')) },
  { file: '208-table-events.json', printer: '/events', objectOf: createdObject(created('208-table-events.json')) },
  {
    file: '209-table-persistentvolumeclaims.json', printer: '/persistentvolumeclaims',
    objectOf: createdObject(created('209-table-persistentvolumeclaims.json'), (claim) => {
      claim.spec.volumeMode = 'Filesystem';
      claim.status = { phase: 'Pending' };
    }),
  },
  { file: '210-table-limitranges.json', printer: '/limitranges', objectOf: createdObject(created('210-table-limitranges.json')) },
  { file: '211-table-resourcequotas.json', printer: '/resourcequotas', objectOf: createdObject(created('211-table-resourcequotas.json')) },
  { file: '212-table-ingresses.json', printer: 'networking.k8s.io/ingresses', objectOf: createdObject(created('212-table-ingresses.json')) },
  { file: '213-table-networkpolicies.json', printer: 'networking.k8s.io/networkpolicies', objectOf: createdObject(created('213-table-networkpolicies.json')) },
  { file: '214-table-roles.json', printer: 'rbac.authorization.k8s.io/roles', objectOf: createdObject(created('214-table-roles.json')) },
  { file: '215-table-rolebindings.json', printer: 'rbac.authorization.k8s.io/rolebindings', objectOf: createdObject(created('215-table-rolebindings.json')) },
  { file: '216-table-leases.json', printer: 'coordination.k8s.io/leases', objectOf: createdObject(created('216-table-leases.json')) },
  { file: '217-table-poddisruptionbudgets.json', printer: 'policy/poddisruptionbudgets', objectOf: createdObject(created('217-table-poddisruptionbudgets.json')) },
  {
    file: '218-table-horizontalpodautoscalers.json', printer: 'autoscaling/horizontalpodautoscalers',
    // autoscaling/v2 defaulting: no metrics means 80% average CPU utilization.
    objectOf: createdObject(created('218-table-horizontalpodautoscalers.json'), (autoscaler) => {
      autoscaler.spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }];
    }),
  },
  { file: '219-table-endpointslices.json', printer: 'discovery.k8s.io/endpointslices', objectOf: createdObject(created('219-table-endpointslices.json')) },
  { file: '220-table-nodes.json', printer: '/nodes', objectOf: createdObject(created('220-table-nodes.json')) },
  {
    file: '221-table-persistentvolumes.json', printer: '/persistentvolumes',
    objectOf: createdObject(created('221-table-persistentvolumes.json'), (volume) => {
      Object.assign(volume.spec, { persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' });
      volume.status = { phase: 'Pending' };
    }),
  },
  { file: '222-table-clusterroles.json', printer: 'rbac.authorization.k8s.io/clusterroles', objectOf: (row) => ({ metadata: row.object.metadata }) },
  { file: '223-table-storageclasses.json', printer: 'storage.k8s.io/storageclasses', objectOf: createdObject(created('223-table-storageclasses.json')) },
  {
    file: '224-table-priorityclasses.json', printer: 'scheduling.k8s.io/priorityclasses',
    objectOf: bootstrapObject(
      { 'system-cluster-critical': { value: 2000000000, preemptionPolicy: 'PreemptLowerPriority' }, 'system-node-critical': { value: 2000001000, preemptionPolicy: 'PreemptLowerPriority' } },
      createdObject(created('224-table-priorityclasses.json'), (priorityClass) => { priorityClass.preemptionPolicy = 'PreemptLowerPriority'; }),
    ),
  },
  { file: '225-table-customresourcedefinitions.json', printer: 'apiextensions.k8s.io/customresourcedefinitions', objectOf: () => expect.unreachable('no rows') },
];

/** The golden Table: its columns and rows. */
function expectedTable(goldenCase: GoldenCase): GoldenTable {
  const body = exchange(goldenCase.file).response.body;
  return { columns: body.columnDefinitions, rows: body.rows ?? [] };
}

/** When the golden was recorded: the first row's creation time plus its AGE (whole seconds in these recordings). */
function recordedAt(table: GoldenTable): Date {
  const ageIndex = table.columns.findIndex((definition) => definition.name === 'Age');
  const row = table.rows[0];
  if (!row) return new Date(0);
  const created = Date.parse(row.object.metadata.creationTimestamp);
  if (ageIndex < 0) return new Date(created);
  const seconds = /^(\d+)s$/.exec(String(row.cells[ageIndex])) ?? expect.unreachable(`age ${row.cells[ageIndex]}`);
  return new Date(created + Number(seconds[1]) * 1000);
}

describe('printers reproduce kube-apiserver v1.32.13 Tables', () => {
  it.each(goldenCases.map((goldenCase) => [goldenCase.file, goldenCase] as const))('%s', (_file, goldenCase) => {
    const printer = printerOf(goldenCase.printer);
    const table = expectedTable(goldenCase);
    expect(printer.columns).toEqual(table.columns);
    const now = recordedAt(table);
    for (const row of table.rows) expect(printer.cells(goldenCase.objectOf(row) as KubeObject, now)).toEqual(row.cells);
  });

  it('covers every golden Table of a built-in kind (086 is a custom resource)', () => {
    const isTable = (file: string): boolean => exchange(file).response.body?.kind === 'Table';
    const files = (readdirSync(GOLDEN) as string[]).filter((file) => file.endsWith('.json') && isTable(file) && !file.startsWith('086-'));
    expect(goldenCases.map((goldenCase) => goldenCase.file).sort()).toEqual(files.sort());
  });
});

describe('builtinPrinters', () => {
  const listable = catalog.resources.filter((resource) => resource.verbs.includes('list'));

  it.each(listable.map((resource) => [`${resource.group}/${resource.resource}`] as const))('has a printer for %s', (key) => {
    expect(builtinPrinters[key]).toBeDefined();
  });

  it.each(Object.keys(builtinPrinters).map((key) => [key] as const))('%s prints one cell per column, even for a bare object', (key) => {
    const printer = printerOf(key);
    const cells = printer.cells({ metadata: { name: 'bare' } }, new Date());
    expect(cells).toHaveLength(printer.columns.length);
    expect(cells).toContain('bare');
  });

  it('prints NAME and CREATED AT (RFC3339, to the second) for kinds kube has no printer for', () => {
    const printer = printerOf('rbac.authorization.k8s.io/roles');
    expect(printer.columns.map((definition) => [definition.name, definition.type])).toEqual([['Name', 'string'], ['Created At', 'date']]);
    expect(printer.cells({ metadata: { name: 'r', creationTimestamp: '2026-11-21T09:56:35.250Z' } }, new Date())).toEqual(['r', '2026-11-21T09:56:35Z']);
    expect(printer.cells({ metadata: { name: 'r' } }, new Date())).toEqual(['r', null]);
  });
});

// ---- kube's printers_test.go cases ----

const NOW = new Date('2026-11-21T12:00:00Z');
const ago = (milliseconds: number): string => new Date(NOW.getTime() - milliseconds).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** The printer's cells named by column, so a case states only the cells it is about. */
function printed(key: string, object: Json): Record<string, unknown> {
  const printer = printerOf(key);
  const cells = printer.cells({ metadata: { name: 'x' }, ...object }, NOW);
  return Object.fromEntries(printer.columns.map((definition, index) => [definition.name, cells[index]]));
}

const containers = (count: number): Json[] => Array.from({ length: count }, () => ({}));
const running = { running: {} };
const waiting = (reason = ''): Json => ({ waiting: reason === '' ? {} : { reason } });
const terminated = (fields: Json = {}): Json => ({ terminated: fields });
const lastEnded = (milliseconds: number): Json => ({ terminated: { finishedAt: ago(milliseconds) } });

describe('pods (TestPrintPod, TestPrintPodWithRestartableInitContainer)', () => {
  const two = { containers: containers(2) };
  it.each([
    ['restarts add up; only running ready containers count', two, { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { restartCount: 3 }] }, '1/2', 'podPhase', '6'],
    ['a waiting container overrides the phase', two, { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { state: waiting('ContainerWaitingReason'), restartCount: 3 }] }, '1/2', 'ContainerWaitingReason', '6'],
    ['the first container wins', two, { phase: 'podPhase', containerStatuses: [{ state: waiting('ContainerWaitingReason'), restartCount: 3 }, { state: terminated({ reason: 'ContainerTerminatedReason' }), restartCount: 3 }] }, '0/2', 'ContainerWaitingReason', '6'],
    ['ready without running is not ready', two, { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { ready: true, restartCount: 3 }] }, '1/2', 'podPhase', '6'],
    ['the status reason overrides the phase', two, { reason: 'podReason', phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { ready: true, restartCount: 3 }] }, '1/2', 'podReason', '6'],
    ['completed and running without the Ready condition', two, { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 3, state: terminated({ reason: 'Completed', exitCode: 0 }) }, { ready: true, restartCount: 3, state: running }] }, '1/2', 'NotReady', '6'],
    ['completed and running with the Ready condition', two, { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [{ ready: true, restartCount: 3, state: terminated({ reason: 'Completed', exitCode: 0 }) }, { ready: true, restartCount: 3, state: running }] }, '1/2', 'Running', '6'],
    ['a restarting init container', { initContainers: containers(1), containers: containers(1) }, { phase: 'podPhase', initContainerStatuses: [{ restartCount: 3, state: running, lastState: lastEnded(10 * SECOND) }], containerStatuses: [{ state: waiting() }] }, '0/1', 'Init:0/1', '3 (10s ago)'],
    ['two init containers, the first restarting', { initContainers: containers(2), containers: containers(1) }, { phase: 'podPhase', initContainerStatuses: [{ restartCount: 3, state: running, lastState: lastEnded(10 * SECOND) }, { state: waiting() }], containerStatuses: [{ state: waiting() }] }, '0/1', 'Init:0/2', '3 (10s ago)'],
    ['the first init container done, the second restarting', { initContainers: containers(2), containers: containers(1) }, { phase: 'podPhase', initContainerStatuses: [{ state: terminated() }, { restartCount: 3, state: running, lastState: lastEnded(10 * SECOND) }], containerStatuses: [{ state: waiting() }] }, '0/1', 'Init:1/2', '3 (10s ago)'],
    ['init restarts add up, the latest restart shows', { initContainers: containers(2), containers: containers(1) }, { phase: 'podPhase', initContainerStatuses: [{ restartCount: 2, state: terminated(), lastState: lastEnded(2 * MINUTE) }, { restartCount: 3, state: running, lastState: lastEnded(10 * SECOND) }], containerStatuses: [{ state: waiting() }] }, '0/1', 'Init:1/2', '5 (10s ago)'],
    ['once initialized only the containers restarts count', { initContainers: containers(1), containers: containers(1) }, { phase: 'Running', initContainerStatuses: [{ restartCount: 2, state: terminated(), lastState: lastEnded(2 * MINUTE) }], containerStatuses: [{ restartCount: 4, state: running, lastState: lastEnded(20 * SECOND) }] }, '0/1', 'Running', '4 (20s ago)'],
    ['a restart 5 days ago', { containers: containers(1) }, { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 3, state: running, lastState: lastEnded(5 * DAY) }] }, '1/1', 'Running', '3 (5d ago)'],
    ['one never restarted, one restarted 10 days ago', two, { phase: 'Running', containerStatuses: [{ ready: true, state: running }, { ready: true, restartCount: 3, state: running, lastState: lastEnded(10 * DAY) }] }, '2/2', 'Running', '3 (10d ago)'],
    ['the latest of two restarts', two, { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 6, state: running, lastState: lastEnded(5 * DAY) }, { ready: true, restartCount: 3, state: running, lastState: lastEnded(20 * DAY) }] }, '2/2', 'Running', '9 (5d ago)'],
    ['a scheduling gate', two, { phase: 'podPhase', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] }, '0/2', 'SchedulingGated', '0'],
    ['succeeded', { containers: containers(1) }, { phase: 'Succeeded', containerStatuses: [{ state: terminated({ reason: 'Completed', exitCode: 0 }) }] }, '0/1', 'Completed', '0'],
    ['failed', { containers: containers(1) }, { phase: 'Failed', containerStatuses: [{ state: terminated({ reason: 'Error', exitCode: 1 }) }] }, '0/1', 'Error', '0'],
    ['an init container failed without a reason', { initContainers: containers(1), containers: containers(1) }, { phase: 'Pending', initContainerStatuses: [{ state: terminated({ exitCode: 2 }) }] }, '0/1', 'Init:ExitCode:2', '0'],
    ['an init container killed by a signal', { initContainers: containers(1), containers: containers(1) }, { phase: 'Pending', initContainerStatuses: [{ state: terminated({ exitCode: 137, signal: 9 }) }] }, '0/1', 'Init:Signal:9', '0'],
    ['an init container crash-looping', { initContainers: containers(1), containers: containers(1) }, { phase: 'Pending', initContainerStatuses: [{ state: waiting('CrashLoopBackOff') }] }, '0/1', 'Init:CrashLoopBackOff', '0'],
    ['PodInitializing is no init reason', { initContainers: containers(1), containers: containers(1) }, { phase: 'Pending', initContainerStatuses: [{ state: waiting('PodInitializing') }] }, '0/1', 'Init:0/1', '0'],
    ['a container killed by a signal', { containers: containers(1) }, { phase: 'Running', containerStatuses: [{ state: terminated({ exitCode: 137, signal: 9 }) }] }, '0/1', 'Signal:9', '0'],
    ['a container exited without a reason', { containers: containers(1) }, { phase: 'Running', containerStatuses: [{ state: terminated({ exitCode: 3 }) }] }, '0/1', 'ExitCode:3', '0'],
  ])('%s', (_name, spec, status, ready, reason, restarts) => {
    expect(printed('/pods', { spec, status })).toMatchObject({ Ready: ready, Status: reason, Restarts: restarts });
  });

  const deleted = { name: 'x', deletionTimestamp: ago(10 * SECOND) };
  it.each([
    ['a deleted pod that succeeded keeps its status', { phase: 'Succeeded', containerStatuses: [{ state: terminated({ reason: 'Completed', exitCode: 0 }) }] }, 'Completed'],
    ['a deleted running pod is Terminating', { phase: 'Running', containerStatuses: [{ state: running }] }, 'Terminating'],
    ['a deleted pending pod is Terminating', { phase: 'Pending' }, 'Terminating'],
    ['a deleted pod on a lost node is Unknown', { phase: 'Running', reason: 'NodeLost' }, 'Unknown'],
  ])('%s', (_name, status, reason) => {
    expect(printed('/pods', { metadata: deleted, spec: { containers: containers(1) }, status })).toMatchObject({ Status: reason });
  });

  const sidecars = { initContainers: [{ name: 'sidecar-1', restartPolicy: 'Always' }, { name: 'sidecar-2', restartPolicy: 'Always' }], containers: containers(1) };
  it.each([
    ['sidecars count in READY; one not started yet', [{ name: 'sidecar-1', restartCount: 3, state: running, started: false, lastState: lastEnded(10 * SECOND) }, { name: 'sidecar-2', state: waiting(), started: false }], 'Pending', [{ type: 'Initialized', status: 'False' }], '0/3', 'Init:0/2', '3 (10s ago)'],
    ['a started sidecar is done initializing', [{ name: 'sidecar-1', restartCount: 3, state: running, started: true, lastState: lastEnded(10 * SECOND) }, { name: 'sidecar-2', state: running, started: false }], 'Pending', [{ type: 'Initialized', status: 'False' }], '0/3', 'Init:1/2', '3 (10s ago)'],
    ['started sidecars and a running container; sidecar restarts still count', [{ name: 'sidecar-1', ready: true, restartCount: 3, state: running, started: true, lastState: lastEnded(10 * SECOND) }, { name: 'sidecar-2', ready: true, state: running, started: true }], 'Running', [{ type: 'Initialized', status: 'True' }], '3/3', 'Running', '3 (10s ago)'],
  ])('%s', (_name, initContainerStatuses, phase, conditions, ready, reason, restarts) => {
    const status = { phase, conditions, initContainerStatuses, containerStatuses: [{ ready: true, state: running }] };
    if (phase === 'Pending') status.containerStatuses = [{ ready: false, state: waiting() }];
    expect(printed('/pods', { spec: sidecars, status })).toMatchObject({ Ready: ready, Status: reason, Restarts: restarts });
  });

  it('prints the wide columns: first pod IP, node, nominated node, true readiness gates', () => {
    const pod = {
      spec: { containers: containers(1), nodeName: 'n1', readinessGates: [{ conditionType: 'a' }, { conditionType: 'b' }, { conditionType: 'c' }] },
      status: { podIPs: [{ ip: '10.1.1.1' }, { ip: 'fd00::1' }], nominatedNodeName: 'n2', conditions: [{ type: 'a', status: 'True' }, { type: 'b', status: 'False' }] },
    };
    expect(printed('/pods', pod)).toMatchObject({ IP: '10.1.1.1', Node: 'n1', 'Nominated Node': 'n2', 'Readiness Gates': '1/3' });
    expect(printed('/pods', { status: { podIP: '10.2.2.2' } })).toMatchObject({ IP: '10.2.2.2', Node: '<none>', 'Nominated Node': '<none>', 'Readiness Gates': '<none>' });
  });

  it('prints a pod template with its labels', () => {
    const template = { template: { metadata: { labels: { b: '2', a: '1' } }, spec: { containers: [{ name: 'c1', image: 'i1' }, { name: 'c2', image: 'i2' }] } } };
    expect(printed('/podtemplates', template)).toEqual({ Name: 'x', Containers: 'c1,c2', Images: 'i1,i2', 'Pod Labels': 'a=1,b=2' });
  });
});

describe('jobs and cron jobs (TestPrintJob, TestPrintCronJob)', () => {
  it.each([
    ['completions set', { completions: 3 }, { succeeded: 1 }, '1/3'],
    ['no completions, one at a time', {}, { succeeded: 1 }, '1/1'],
    ['no completions, in parallel', { parallelism: 4 }, {}, '0/1 of 4'],
  ])('COMPLETIONS: %s', (_name, spec, status, want) => {
    expect(printed('batch/jobs', { spec, status })).toMatchObject({ Completions: want });
  });

  it.each([
    ['not started', {}, ''],
    ['running for 5 minutes', { startTime: ago(5 * MINUTE) }, '5m'],
    ['ran 3 minutes 20 seconds', { startTime: ago(DAY), completionTime: ago(DAY - 200 * SECOND) }, '3m20s'],
  ])('DURATION: %s', (_name, status, want) => {
    expect(printed('batch/jobs', { status })).toMatchObject({ Duration: want });
  });

  const condition = (type: string, status = 'True'): Json => ({ type, status });
  it.each([
    ['Running', {}, []],
    ['Complete', {}, [condition('Complete')]],
    ['Failed', {}, [condition('Failed')]],
    ['Terminating', { deletionTimestamp: ago(SECOND) }, [condition('Suspended')]],
    ['Complete', { deletionTimestamp: ago(SECOND) }, [condition('Complete')]],
    ['Suspended', {}, [condition('Suspended')]],
    ['FailureTarget', {}, [condition('FailureTarget')]],
    ['Running', {}, [condition('Complete', 'False'), condition('SuccessCriteriaMet')]],
  ])('STATUS %s', (want, metadata, conditions) => {
    expect(printed('batch/jobs', { metadata: { name: 'x', ...metadata }, status: { conditions } })).toMatchObject({ Status: want });
  });

  it('prints a cron job: time zone, suspend, active jobs, last schedule and the job selector', () => {
    const cronJob = {
      spec: { schedule: '0 * * * *', timeZone: 'Europe/Paris', suspend: true, jobTemplate: { spec: { selector: { matchLabels: { a: 'b' } }, template: { spec: { containers: [{ name: 'c', image: 'i' }] } } } } },
      status: { active: [{ name: 'j1' }, { name: 'j2' }], lastScheduleTime: ago(90 * MINUTE) },
    };
    expect(printed('batch/cronjobs', cronJob)).toMatchObject({ Timezone: 'Europe/Paris', Suspend: 'True', Active: 2, 'Last Schedule': '90m', Selector: 'a=b' });
    expect(printed('batch/cronjobs', { spec: {} })).toMatchObject({ Timezone: '<none>', Suspend: '<unset>', Active: 0, 'Last Schedule': '<none>', Selector: '<none>' });
  });
});

describe('services (TestPrintServiceLoadBalancer and friends)', () => {
  const balanced = (ingress: Json[], extra: Json = {}): Json => ({ spec: { type: 'LoadBalancer', clusterIPs: ['1.2.3.4'], ports: [{ port: 80, protocol: 'TCP' }], ...extra }, status: { loadBalancer: { ingress } } });
  it.each([
    ['load balancer IPs, sorted', balanced([{ ip: '3.4.5.6' }, { ip: '2.3.4.5' }]), '2.3.4.5,3.4.5.6'],
    ['a pending load balancer', balanced([]), '<pending>'],
    // The server prints wide: no clipping to 16 characters.
    ['a long list, hostnames where no IP', balanced([{ ip: '2.3.4.5' }, { ip: '3.4.5.6' }, { hostname: 'host5678' }]), '2.3.4.5,3.4.5.6,host5678'],
    ['load balancer addresses then external IPs', balanced([{ ip: '2.3.4.5' }], { externalIPs: ['9.9.9.9'] }), '2.3.4.5,9.9.9.9'],
    ['cluster IP with external IPs', { spec: { type: 'ClusterIP', externalIPs: ['1.1.1.1', '2.2.2.2'] } }, '1.1.1.1,2.2.2.2'],
    ['node port without external IPs', { spec: { type: 'NodePort' } }, '<none>'],
    ['external name', { spec: { type: 'ExternalName', externalName: 'db.example.com' } }, 'db.example.com'],
    ['no type', { spec: {} }, '<unknown>'],
  ])('EXTERNAL-IP: %s', (_name, service, want) => {
    expect(printed('/services', service)).toMatchObject({ 'External-IP': want });
  });

  it('prints cluster IPs, ports with node ports and the selector', () => {
    const service = { spec: { type: 'NodePort', clusterIPs: ['10.0.0.1', 'fd00::1'], ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }], selector: { b: '2', a: '1' } } };
    expect(printed('/services', service)).toMatchObject({ 'Cluster-IP': '10.0.0.1', 'Port(s)': '80:30080/TCP,53/UDP', Selector: 'a=1,b=2' });
    expect(printed('/services', { spec: { type: 'ClusterIP', clusterIP: 'None' } })).toMatchObject({ 'Cluster-IP': 'None', 'Port(s)': '<none>', Selector: '<none>' });
    expect(printed('/services', { spec: { type: 'ExternalName' } })).toMatchObject({ 'Cluster-IP': '<none>' });
  });

  it.each([
    ['no subsets', [], '<none>'],
    ['ip:port for every port', [{ addresses: [{ ip: '10.0.0.1' }], ports: [{ port: 80 }, { port: 443 }] }], '10.0.0.1:80,10.0.0.1:443'],
    ['headless: addresses without ports', [{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }] }], '10.0.0.1,10.0.0.2'],
    ['IPv6 in brackets', [{ addresses: [{ ip: 'fd00::1' }], ports: [{ port: 80 }] }], '[fd00::1]:80'],
    ['three and more', [{ addresses: [{ ip: '1.1.1.1' }, { ip: '2.2.2.2' }], ports: [{ port: 1 }, { port: 2 }] }, { addresses: [{ ip: '3.3.3.3' }] }], '1.1.1.1:1,2.2.2.2:1,1.1.1.1:2 + 2 more...'],
  ])('ENDPOINTS: %s', (_name, subsets, want) => {
    expect(printed('/endpoints', { subsets })).toMatchObject({ Endpoints: want });
  });

  it('prints endpoint slices: port numbers, names or *, addresses, <unset> when none', () => {
    const slice = { addressType: 'IPv4', ports: [{ port: 80 }, { name: 'http' }, {}, { port: 8080 }], endpoints: [{ addresses: ['10.0.0.1', '10.0.0.2'] }, { addresses: ['10.0.0.3'] }] };
    expect(printed('discovery.k8s.io/endpointslices', slice)).toMatchObject({ AddressType: 'IPv4', Ports: '80,http,* + 1 more...', Endpoints: '10.0.0.1,10.0.0.2,10.0.0.3' });
    expect(printed('discovery.k8s.io/endpointslices', { addressType: 'FQDN' })).toMatchObject({ Ports: '<unset>', Endpoints: '<unset>' });
  });
});

describe('ingresses (TestPrintIngress, TestPrintIngressClass)', () => {
  const rules = (...hosts: string[]): Json[] => hosts.map((host) => (host === '' ? {} : { host }));
  it.each([
    ['no rules', [], '*'],
    ['rules without hosts', rules('', ''), '*'],
    ['three hosts', rules('a', 'b', 'c'), 'a,b,c'],
    ['more than three rules, counted whether or not they have a host', rules('a', '', 'b', 'c', 'd', ''), 'a,b,c + 3 more...'],
  ])('HOSTS: %s', (_name, ingressRules, want) => {
    expect(printed('networking.k8s.io/ingresses', { spec: { rules: ingressRules } })).toMatchObject({ Hosts: want });
  });

  it('prints the class, unclipped sorted addresses and the TLS ports', () => {
    const ingress = {
      spec: { ingressClassName: 'foo', tls: [{ hosts: ['a'] }] },
      status: { loadBalancer: { ingress: [{ ip: '2.3.4.5', hostname: 'localhost.localdomain' }, { hostname: 'a-very-long-host-name.example.com' }, { ip: '2.3.4.5' }] } },
    };
    expect(printed('networking.k8s.io/ingresses', ingress)).toMatchObject({ Class: 'foo', Address: '2.3.4.5,a-very-long-host-name.example.com', Ports: '80, 443' });
  });

  it.each([
    ['parameters', { kind: 'customgroup', name: 'example' }, 'customgroup/example'],
    ['parameters with an API group', { apiGroup: 'example.com', kind: 'customgroup', name: 'example' }, 'customgroup.example.com/example'],
    ['no parameters', undefined, '<none>'],
  ])('ingress class %s', (_name, parameters, want) => {
    expect(printed('networking.k8s.io/ingressclasses', { spec: { controller: 'example.com/controller', parameters } })).toMatchObject({ Controller: 'example.com/controller', Parameters: want });
  });
});

describe('nodes (TestPrintNodeStatus, TestPrintNodeRole, TestPrintNodeInternalIP)', () => {
  it.each([
    ['Ready', [{ type: 'Ready', status: 'True' }], false],
    ['Ready,SchedulingDisabled', [{ type: 'Ready', status: 'True' }], true],
    ['NotReady', [{ type: 'Ready', status: 'False' }], false],
    ['NotReady', [{ type: 'Ready', status: 'Unknown' }], false],
    ['Unknown', [{ type: 'MemoryPressure', status: 'False' }], false],
    ['Unknown,SchedulingDisabled', [], true],
  ])('STATUS %s', (want, conditions, unschedulable) => {
    expect(printed('/nodes', { spec: { unschedulable }, status: { conditions } })).toMatchObject({ Status: want });
  });

  it.each([
    [{ 'node-role.kubernetes.io/master': '', 'node-role.kubernetes.io/control-plane': 'true' }, 'control-plane,master'],
    [{ 'kubernetes.io/role': 'node', 'node-role.kubernetes.io/node': '' }, 'node'],
    [{ 'node-role.kubernetes.io/': '', 'kubernetes.io/role': '' }, '<none>'],
    [{ 'kubernetes.io/hostname': 'n1' }, '<none>'],
  ])('ROLES from %j', (labels, want) => {
    expect(printed('/nodes', { metadata: { name: 'x', labels } })).toMatchObject({ Roles: want });
  });

  it('prints the first internal and external addresses and the node info', () => {
    const node = {
      status: {
        addresses: [{ type: 'InternalIP', address: '2.2.2.2' }, { type: 'ExternalIP', address: '3.3.3.3' }, { type: 'InternalIP', address: '4.4.4.4' }],
        nodeInfo: { kubeletVersion: 'v1.32.0', osImage: 'Debian', kernelVersion: '6.1', containerRuntimeVersion: 'containerd://1.7' },
      },
    };
    expect(printed('/nodes', node)).toMatchObject({ Version: 'v1.32.0', 'Internal-IP': '2.2.2.2', 'External-IP': '3.3.3.3', 'OS-Image': 'Debian', 'Kernel-Version': '6.1', 'Container-Runtime': 'containerd://1.7' });
  });
});

describe('horizontal pod autoscalers (TestPrintHPA)', () => {
  const resource = (name: string, target: Json): Json => ({ type: 'Resource', resource: { name, target } });
  it.each([
    ['no metrics', [], [], '<none>'],
    ['utilization without a status', [resource('cpu', { type: 'Utilization', averageUtilization: 80 })], [], 'cpu: <unknown>/80%'],
    ['utilization with a status', [resource('cpu', { averageUtilization: 80 })], [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 50 } } }], 'cpu: 50%/80%'],
    ['no target utilization', [resource('cpu', { type: 'Utilization' })], [], 'cpu: <unknown>/<auto>'],
    ['average value', [resource('memory', { averageValue: '100Mi' })], [{ type: 'Resource', resource: { name: 'memory', current: { averageValue: '50Mi' } } }], 'memory: 50Mi/100Mi'],
    ['container resource', [{ type: 'ContainerResource', containerResource: { name: 'cpu', container: 'c', target: { averageUtilization: 60 } } }], [], 'cpu: <unknown>/60%'],
    ['pods', [{ type: 'Pods', pods: { metric: { name: 'qps' }, target: { averageValue: '10' } } }], [{ type: 'Pods', pods: { current: { averageValue: '12' } } }], '12/10'],
    ['object value', [{ type: 'Object', object: { target: { value: '5' } } }], [], '<unknown>/5'],
    ['object average', [{ type: 'Object', object: { target: { averageValue: '5' } } }], [{ type: 'Object', object: { current: { averageValue: '3' } } }], '3/5 (avg)'],
    // kube dereferences an unreported value of a reported status: Quantity's nil String.
    ['external value, status without a value', [{ type: 'External', external: { target: { value: '5' } } }], [{ type: 'External', external: { current: { averageValue: '1' } } }], '<nil>/5'],
    ['external average without a status', [{ type: 'External', external: { target: { averageValue: '5' } } }], [], '<unknown>/5 (avg)'],
    ['an unknown type', [{ type: 'Bogus' }], [], '<unknown type>'],
    ['two and more', [resource('cpu', { averageUtilization: 1 }), resource('memory', { averageUtilization: 2 }), resource('x', { averageUtilization: 3 })], [], 'cpu: <unknown>/1%, memory: <unknown>/2% + 1 more...'],
  ])('TARGETS: %s', (_name, metrics, currentMetrics, want) => {
    expect(printed('autoscaling/horizontalpodautoscalers', { spec: { metrics }, status: { currentMetrics } })).toMatchObject({ Targets: want });
  });

  it('reads an autoscaling/v1 object as the internal type', () => {
    const autoscaler = { apiVersion: 'autoscaling/v1', spec: { scaleTargetRef: { kind: 'Deployment', name: 'd' }, maxReplicas: 5, targetCPUUtilizationPercentage: 70 }, status: { currentReplicas: 2, currentCPUUtilizationPercentage: 35 } };
    expect(printed('autoscaling/horizontalpodautoscalers', autoscaler)).toMatchObject({ Reference: 'Deployment/d', Targets: 'cpu: 35%/70%', MinPods: '<unset>', MaxPods: 5, Replicas: 2 });
  });
});

describe('events (TestPrintEvent)', () => {
  it('falls back from lastTimestamp to firstTimestamp to eventTime; a series sets LAST SEEN and COUNT', () => {
    expect(printed('/events', { firstTimestamp: ago(2 * DAY), lastTimestamp: ago(3 * MINUTE), count: 6 })).toMatchObject({ 'Last Seen': '3m', 'First Seen': '2d', Count: 6 });
    expect(printed('/events', { eventTime: ago(5 * SECOND) })).toMatchObject({ 'Last Seen': '5s', 'First Seen': '5s', Count: 1 });
    expect(printed('/events', { eventTime: ago(DAY), series: { count: 4, lastObservedTime: ago(MINUTE) } })).toMatchObject({ 'Last Seen': '60s', 'First Seen': '24h', Count: 4 });
  });

  it('prints the object, the source and the trimmed message', () => {
    const event = { involvedObject: { kind: 'ReplicaSet', name: 'rs', fieldPath: 'spec' }, source: { component: 'kubelet', host: 'n1' }, message: '  hello\n', type: 'Warning', reason: 'Failed' };
    expect(printed('/events', event)).toMatchObject({ Object: 'replicaset/rs', Subobject: 'spec', Source: 'kubelet, n1', Message: 'hello', Type: 'Warning', Reason: 'Failed', Name: 'x' });
    expect(printed('/events', { involvedObject: { kind: 'Node' }, reportingComponent: 'ctl', reportingInstance: 'i' })).toMatchObject({ Object: 'node', Source: 'ctl, i' });
  });

  it('reads events.k8s.io/v1 fields as the core ones they convert to', () => {
    const event = { regarding: { kind: 'Pod', name: 'p', fieldPath: 'spec.containers{c}' }, note: 'pulled', reason: 'Pulled', type: 'Normal', eventTime: ago(10 * SECOND), reportingController: 'kubelet', reportingInstance: 'n1', deprecatedCount: 3, deprecatedFirstTimestamp: ago(MINUTE), deprecatedLastTimestamp: ago(2 * SECOND) };
    expect(printed('events.k8s.io/events', event)).toEqual({
      'Last Seen': '2s', Type: 'Normal', Reason: 'Pulled', Object: 'pod/p', Subobject: 'spec.containers{c}', Source: 'kubelet, n1', Message: 'pulled', 'First Seen': '60s', Count: 3, Name: 'x',
    });
  });
});

describe('selectors and the other kinds', () => {
  it('prints label selectors as kube: expressions sorted by key, values sorted; deployments print empty as ""', () => {
    const selector = { matchLabels: { b: '1' }, matchExpressions: [{ key: 'a', operator: 'In', values: ['y', 'x'] }, { key: 'c', operator: 'DoesNotExist' }, { key: 'd', operator: 'Exists' }, { key: 'e', operator: 'NotIn', values: ['z'] }] };
    expect(printed('apps/replicasets', { spec: { selector } })).toMatchObject({ Selector: 'a in (x,y),b=1,!c,d,e notin (z)' });
    expect(printed('apps/replicasets', { spec: { selector: {} } })).toMatchObject({ Selector: '<none>' });
    expect(printed('apps/replicasets', { spec: { selector: { matchExpressions: [{ key: 'a', operator: 'Near' }] } } })).toMatchObject({ Selector: '<error>' });
    expect(printed('apps/deployments', { spec: { selector: {} } })).toMatchObject({ Selector: '' });
    expect(printed('apps/deployments', { spec: { selector: { matchExpressions: [{ key: 'a', operator: 'In', values: [] }] } } })).toMatchObject({ Selector: '<invalid>' });
  });

  it('prints workload counts as integers and READY as ready/desired', () => {
    expect(printed('apps/deployments', { spec: { replicas: 3 }, status: { readyReplicas: 2, updatedReplicas: 3, availableReplicas: 1 } })).toMatchObject({ Ready: '2/3', 'Up-to-date': 3, Available: 1 });
    expect(printed('apps/statefulsets', { spec: { replicas: 2 }, status: { readyReplicas: 1 } })).toMatchObject({ Ready: '1/2' });
    expect(printed('/replicationcontrollers', { spec: { replicas: 2, selector: { app: 'x' } }, status: { replicas: 2, readyReplicas: 1 } })).toMatchObject({ Desired: 2, Current: 2, Ready: 1, Selector: 'app=x' });
    expect(printed('apps/daemonsets', { spec: { template: { spec: { nodeSelector: { disk: 'ssd' } } } }, status: { desiredNumberScheduled: 3, numberAvailable: 2 } })).toMatchObject({ Desired: 3, Available: 2, 'Node Selector': 'disk=ssd' });
  });

  it('prints a controller revision with its controller as kind.group/name', () => {
    const owner = (apiVersion: string, kind: string, controller = true): Json => ({ metadata: { name: 'x', ownerReferences: [{ apiVersion, kind, name: 'o', controller }] }, revision: 4 });
    expect(printed('apps/controllerrevisions', owner('apps/v1', 'DaemonSet'))).toMatchObject({ Controller: 'daemonset.apps/o', Revision: 4 });
    expect(printed('apps/controllerrevisions', owner('v1', 'Pod'))).toMatchObject({ Controller: 'pod/o' });
    expect(printed('apps/controllerrevisions', owner('apps/v1', 'DaemonSet', false))).toMatchObject({ Controller: '<none>' });
  });

  it('prints persistent volumes and claims: access modes in kube order, claim, class annotation, terminating', () => {
    const volume = { metadata: { name: 'x', deletionTimestamp: ago(SECOND), annotations: { 'volume.beta.kubernetes.io/storage-class': 'old' } }, spec: { capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOncePod', 'ReadOnlyMany', 'ReadWriteOnce'], claimRef: { namespace: 'ns', name: 'c' }, storageClassName: 'new', volumeAttributesClassName: 'gold' }, status: { phase: 'Bound' } };
    expect(printed('/persistentvolumes', volume)).toMatchObject({ Capacity: '5Gi', 'Access Modes': 'RWO,ROX,RWOP', Status: 'Terminating', Claim: 'ns/c', StorageClass: 'old', VolumeAttributesClass: 'gold', VolumeMode: '<unset>' });
    const claim = { spec: { volumeName: 'pv1', storageClassName: 'fast' }, status: { phase: 'Bound', accessModes: ['ReadWriteMany'], capacity: { storage: '1Gi' } } };
    expect(printed('/persistentvolumeclaims', claim)).toMatchObject({ Status: 'Bound', Volume: 'pv1', Capacity: '1Gi', 'Access Modes': 'RWX', StorageClass: 'fast' });
    expect(printed('/persistentvolumeclaims', { spec: { volumeName: 'pv1' } })).toMatchObject({ Capacity: '0', 'Access Modes': '' });
  });

  it('prints resource quotas: used/hard sorted by resource, limits.* under LIMIT', () => {
    const quota = { status: { hard: { pods: '10', 'limits.cpu': '2', 'requests.memory': '1Gi', 'limits.memory': '2Gi' }, used: { pods: '3', 'limits.cpu': '500m' } } };
    expect(printed('/resourcequotas', quota)).toMatchObject({ Request: 'pods: 3/10, requests.memory: 0/1Gi', Limit: 'limits.cpu: 500m/2, limits.memory: 0/2Gi' });
  });

  it('prints role bindings with their subjects split by kind', () => {
    const binding = { roleRef: { kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'User', name: 'u1' }, { kind: 'Group', name: 'g' }, { kind: 'ServiceAccount', namespace: 'ns', name: 'sa' }, { kind: 'User', name: 'u2' }] };
    expect(printed('rbac.authorization.k8s.io/clusterrolebindings', binding)).toMatchObject({ Role: 'ClusterRole/view', Users: 'u1, u2', Groups: 'g', ServiceAccounts: 'ns/sa' });
  });

  it.each([
    [[], '', 'Pending'],
    [[{ type: 'Approved' }], 'cert', 'Approved,Issued'],
    [[{ type: 'Approved' }, { type: 'Denied' }, { type: 'Failed' }], '', 'Denied,Failed'],
  ])('prints a certificate signing request condition from %j', (conditions, certificate, want) => {
    const request = { spec: { signerName: 'kubernetes.io/kube-apiserver-client', username: 'alice', expirationSeconds: 3600 }, status: { conditions, certificate } };
    expect(printed('certificates.k8s.io/certificatesigningrequests', request)).toMatchObject({ SignerName: 'kubernetes.io/kube-apiserver-client', Requestor: 'alice', RequestedDuration: '60m', Condition: want });
  });

  it('prints storage and CSI kinds with the API defaults for unset fields', () => {
    expect(printed('storage.k8s.io/storageclasses', { metadata: { name: 'x', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }, provisioner: 'p' })).toMatchObject({ Name: 'x (default)', ReclaimPolicy: 'Delete', VolumeBindingMode: 'Immediate', AllowVolumeExpansion: false });
    expect(printed('storage.k8s.io/csidrivers', { spec: {} })).toMatchObject({ AttachRequired: true, PodInfoOnMount: false, StorageCapacity: false, TokenRequests: '<unset>', RequiresRepublish: false, Modes: '<none>' });
    expect(printed('storage.k8s.io/csidrivers', { spec: { attachRequired: false, tokenRequests: [{ audience: 'a' }, { audience: 'b' }], volumeLifecycleModes: ['Persistent', 'Ephemeral'] } })).toMatchObject({ AttachRequired: false, TokenRequests: 'a,b', Modes: 'Persistent,Ephemeral' });
    // kube v1.32 serves CSIStorageCapacity without a printer: Name and Created At.
    expect(Object.keys(printed('storage.k8s.io/csistoragecapacities', { storageClassName: 'fast' }))).toEqual(['Name', 'Created At']);
    expect(printed('storage.k8s.io/volumeattachments', { spec: { attacher: 'csi', nodeName: 'n1', source: { persistentVolumeName: 'pv' } }, status: { attached: true } })).toMatchObject({ Attacher: 'csi', PV: 'pv', Node: 'n1', Attached: true });
  });

  it('prints pod disruption budgets, component statuses and webhook configurations', () => {
    expect(printed('policy/poddisruptionbudgets', { spec: { maxUnavailable: '25%' }, status: { disruptionsAllowed: 2 } })).toMatchObject({ 'Min Available': 'N/A', 'Max Unavailable': '25%', 'Allowed Disruptions': 2 });
    expect(printed('/componentstatuses', { conditions: [{ type: 'Healthy', status: 'False', message: 'm', error: 'e' }] })).toEqual({ Name: 'x', Status: 'Unhealthy', Message: 'm', Error: 'e' });
    expect(printed('admissionregistration.k8s.io/validatingwebhookconfigurations', { webhooks: [{}, {}] })).toMatchObject({ Webhooks: 2 });
  });
});
