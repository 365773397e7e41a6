/**
 * Replicated workloads: replication controllers, replica sets, deployments, stateful sets,
 * daemon sets and controller revisions (printReplicationController ... printControllerRevision).
 * Counts are int64 cells; Deployment and StatefulSet print READY as a `ready/desired` string.
 */
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, listAt, numberAt, stringAt, stringMapAt, valueAt, wideColumn } from './fields.js';
import { ageOf, containerCells, containersDescription, formatLabels, formatLabelSelector, imagesDescription, labelSelectorString, nameOf } from './format.js';

const containersColumn = wideColumn('Containers', containersDescription);
const imagesColumn = wideColumn('Images', imagesDescription);
const readyStateDescription = 'Number of the pod with ready state';

/** kube's printReplicationController. */
export const replicationControllerPrinter: Printer = {
  columns: [
    nameColumn,
    column('Desired', 'Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller', 'integer'),
    column('Current', 'Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller', 'integer'),
    column('Ready', 'The number of ready replicas for this replication controller.', 'integer'),
    ageColumn,
    containersColumn,
    imagesColumn,
    wideColumn('Selector', 'Selector is a label query over pods that should match the Replicas count. If Selector is empty, it is defaulted to the labels present on the Pod template. Label keys and values that must match in order to be controlled by this replication controller, if empty defaulted to labels on Pod template. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors'),
  ],
  // A replication controller's selector is a plain map, printed as labels.
  cells: (controller, now) => [
    ...replicaCounts(controller, now), ...containerCells(valueAt(controller, 'spec', 'template', 'spec')),
    formatLabels(stringMapAt(controller, 'spec', 'selector')),
  ],
};

/** kube's printReplicaSet (its descriptions come from extensions/v1beta1's ReplicaSet). */
export const replicaSetPrinter: Printer = {
  columns: [
    nameColumn,
    column('Desired', 'Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller', 'integer'),
    column('Current', 'Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller', 'integer'),
    column('Ready', 'The number of ready replicas for this replica set.', 'integer'),
    ageColumn,
    containersColumn,
    imagesColumn,
    wideColumn('Selector', 'Selector is a label query over pods that should match the replica count. If the selector is empty, it is defaulted to the labels present on the pod template. Label keys and values that must match in order to be controlled by this replica set. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors'),
  ],
  cells: (replicaSet, now) => [
    ...replicaCounts(replicaSet, now), ...containerCells(valueAt(replicaSet, 'spec', 'template', 'spec')),
    formatLabelSelector(valueAt(replicaSet, 'spec', 'selector')),
  ],
};

/** kube's printDeployment. */
export const deploymentPrinter: Printer = {
  columns: [
    nameColumn,
    column('Ready', readyStateDescription),
    column('Up-to-date', 'Total number of non-terminated pods targeted by this deployment that have the desired template spec.'),
    column('Available', 'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.'),
    ageColumn,
    containersColumn,
    imagesColumn,
    wideColumn('Selector', 'Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.'),
  ],
  cells: (deployment, now) => [
    nameOf(deployment), readyOfDesired(deployment), numberAt(deployment, 'status', 'updatedReplicas'),
    numberAt(deployment, 'status', 'availableReplicas'), ageOf(deployment, now),
    ...containerCells(valueAt(deployment, 'spec', 'template', 'spec')), deploymentSelector(deployment),
  ],
};

/** kube's printStatefulSet: no selector column. */
export const statefulSetPrinter: Printer = {
  columns: [nameColumn, column('Ready', readyStateDescription), ageColumn, containersColumn, imagesColumn],
  cells: (statefulSet, now) => [
    nameOf(statefulSet), readyOfDesired(statefulSet), ageOf(statefulSet, now), ...containerCells(valueAt(statefulSet, 'spec', 'template', 'spec')),
  ],
};

/** kube's printDaemonSet. */
export const daemonSetPrinter: Printer = {
  columns: [
    nameColumn,
    column('Desired', 'The total number of nodes that should be running the daemon pod (including nodes correctly running the daemon pod). More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/', 'integer'),
    column('Current', 'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod. More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/', 'integer'),
    column('Ready', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and ready.', 'integer'),
    column('Up-to-date', 'The total number of nodes that are running updated daemon pod', 'integer'),
    column('Available', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)', 'integer'),
    column('Node Selector', "NodeSelector is a selector which must be true for the pod to fit on a node. Selector which must match a node's labels for the pod to be scheduled on that node. More info: https://kubernetes.io/docs/concepts/configuration/assign-pod-node/"),
    ageColumn,
    containersColumn,
    imagesColumn,
    wideColumn('Selector', 'A label query over pods that are managed by the daemon set. Must match in order to be controlled. If empty, defaulted to labels on Pod template. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors'),
  ],
  cells: (daemonSet, now) => {
    const status = valueAt(daemonSet, 'status');
    return [
      nameOf(daemonSet), numberAt(status, 'desiredNumberScheduled'), numberAt(status, 'currentNumberScheduled'), numberAt(status, 'numberReady'),
      numberAt(status, 'updatedNumberScheduled'), numberAt(status, 'numberAvailable'),
      formatLabels(stringMapAt(daemonSet, 'spec', 'template', 'spec', 'nodeSelector')), ageOf(daemonSet, now),
      ...containerCells(valueAt(daemonSet, 'spec', 'template', 'spec')), formatLabelSelector(valueAt(daemonSet, 'spec', 'selector')),
    ];
  },
};

/** kube's printControllerRevision: the controlling owner as `kind.group/name`. */
export const controllerRevisionPrinter: Printer = {
  columns: [
    nameColumn,
    column('Controller', 'Controller of the object'),
    column('Revision', 'Revision indicates the revision of the state represented by Data.'),
    ageColumn,
  ],
  cells: (revision, now) => [nameOf(revision), controllerName(revision), numberAt(revision, 'revision'), ageOf(revision, now)],
};

/** NAME, DESIRED, CURRENT, READY and AGE of replication controllers and replica sets. */
function replicaCounts(object: unknown, now: Date): unknown[] {
  return [
    nameOf(object), numberAt(object, 'spec', 'replicas'), numberAt(object, 'status', 'replicas'),
    numberAt(object, 'status', 'readyReplicas'), ageOf(object, now),
  ];
}

function readyOfDesired(object: unknown): string {
  return `${numberAt(object, 'status', 'readyReplicas')}/${numberAt(object, 'spec', 'replicas')}`;
}

/** Unlike the other workloads, a deployment prints an empty selector as '' and a bad one as `<invalid>`. */
function deploymentSelector(deployment: unknown): string {
  return labelSelectorString(valueAt(deployment, 'spec', 'selector')) ?? '<invalid>';
}

/** formatResourceName(groupKind, name, true) of the controlling owner reference, `<none>` without one. */
function controllerName(object: unknown): string {
  const owner = listAt(object, 'metadata', 'ownerReferences').find((reference) => valueAt(reference, 'controller') === true);
  if (!owner) return '<none>';
  const apiVersion = stringAt(owner, 'apiVersion');
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const kind = stringAt(owner, 'kind');
  if (group === '' && kind === '') return stringAt(owner, 'name');
  const groupKind = group === '' ? kind : `${kind}.${group}`;
  return `${groupKind.toLowerCase()}/${stringAt(owner, 'name')}`;
}
