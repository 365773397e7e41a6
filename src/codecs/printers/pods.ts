/**
 * Pods and pod templates (printPod, printPodTemplate). A pod's STATUS is its phase, overridden
 * by its reason, a scheduling gate, the first unfinished init container, then its containers
 * (last to first, so the first container's state wins), then deletion.
 */
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, hasField, listAt, numberAt, stringAt, stringMapAt, valueAt, wideColumn } from './fields.js';
import { ageOf, containerCells, containersDescription, formatLabels, imagesDescription, nameOf, since, timeOf } from './format.js';

/** What the containers' statuses add up to. */
interface PodSummary {
  reason: string;
  ready: number;
  restarts: number;
  /** When the last counted restart ended (ms since the epoch), undefined if never. */
  lastRestart: number | undefined;
}

/** The restarts of one group of containers and when the latest of them ended. */
interface Restarts {
  count: number;
  last: number | undefined;
}

/** kube's printPod. */
export const podPrinter: Printer = {
  columns: [
    nameColumn,
    column('Ready', 'The aggregate readiness state of this pod for accepting traffic.'),
    column('Status', 'The aggregate status of the containers in this pod.'),
    column('Restarts', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
    ageColumn,
    wideColumn('IP', 'IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.'),
    wideColumn('Node', 'NodeName is a request to schedule this pod onto a specific node. If it is non-empty, the scheduler simply schedules this pod onto that node, assuming that it fits resource requirements.'),
    wideColumn('Nominated Node', 'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled.'),
    wideColumn('Readiness Gates', 'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates'),
  ],
  cells: (pod, now) => {
    const summary = podSummary(pod);
    return [
      nameOf(pod), `${summary.ready}/${totalContainers(pod)}`, summary.reason, restartsText(summary, now), ageOf(pod, now),
      podIP(pod), orNone(stringAt(pod, 'spec', 'nodeName')), orNone(stringAt(pod, 'status', 'nominatedNodeName')), readinessGates(pod),
    ];
  },
};

/** kube's printPodTemplate. */
export const podTemplatePrinter: Printer = {
  columns: [
    nameColumn,
    column('Containers', containersDescription),
    column('Images', imagesDescription),
    column('Pod Labels', 'The labels for the pod template.'),
  ],
  cells: (template) => {
    const [names, images] = containerCells(valueAt(template, 'template', 'spec'));
    return [nameOf(template), names, images, formatLabels(stringMapAt(template, 'template', 'metadata', 'labels'))];
  },
};

function podSummary(pod: unknown): PodSummary {
  const restartable = restartableInitContainers(pod);
  const init = initContainersSummary(pod, restartable);
  const summary: PodSummary = { reason: init.reason, ready: init.ready, restarts: init.all.count, lastRestart: init.all.last };
  if (!init.initializing || conditionStatus(pod, 'Initialized') === 'True') {
    // Once initialized, only sidecar (restartable init container) restarts count with the containers'.
    summary.restarts = init.sidecars.count;
    summary.lastRestart = init.sidecars.last;
    addContainers(pod, summary);
  }
  summary.reason = deletionReason(pod, summary.reason);
  return summary;
}

/** The phase, or the status reason, or SchedulingGated while a scheduling gate holds the pod. */
function initialReason(pod: unknown): string {
  let reason = stringAt(pod, 'status', 'reason') || stringAt(pod, 'status', 'phase');
  for (const condition of listAt(pod, 'status', 'conditions')) {
    if (stringAt(condition, 'type') === 'PodScheduled' && stringAt(condition, 'reason') === 'SchedulingGated') reason = 'SchedulingGated';
  }
  return reason;
}

/** Names of the init containers with restartPolicy Always (sidecars). */
function restartableInitContainers(pod: unknown): Set<string> {
  const names = new Set<string>();
  for (const container of listAt(pod, 'spec', 'initContainers')) {
    if (stringAt(container, 'restartPolicy') === 'Always') names.add(stringAt(container, 'name'));
  }
  return names;
}

/** Containers counted in READY's total: the containers and the sidecars. */
function totalContainers(pod: unknown): number {
  return listAt(pod, 'spec', 'containers').length + restartableInitContainers(pod).size;
}

/**
 * Walks the init container statuses in order and stops at the first one not done: a failed one
 * (`Init:Error`, `Init:ExitCode:1`), a waiting one (`Init:CrashLoopBackOff`), or one still running
 * (`Init:1/3`). Sidecars that have started count as done (and as ready when ready).
 */
function initContainersSummary(pod: unknown, restartable: Set<string>) {
  const statuses = listAt(pod, 'status', 'initContainerStatuses');
  const total = listAt(pod, 'spec', 'initContainers').length;
  const result = { reason: initialReason(pod), ready: 0, initializing: false, all: noRestarts(), sidecars: noRestarts() };
  for (const [index, status] of statuses.entries()) {
    const isSidecar = restartable.has(stringAt(status, 'name'));
    countRestarts(result.all, status);
    if (isSidecar) countRestarts(result.sidecars, status);
    const terminated = valueAt(status, 'state', 'terminated');
    if (terminated && numberAt(terminated, 'exitCode') === 0) continue;
    if (isSidecar && valueAt(status, 'started') === true) {
      if (valueAt(status, 'ready') === true) result.ready++;
      continue;
    }
    result.reason = initContainerReason(status, index, total);
    result.initializing = true;
    break;
  }
  return result;
}

function initContainerReason(status: unknown, index: number, total: number): string {
  const terminated = valueAt(status, 'state', 'terminated');
  if (terminated) {
    const reason = stringAt(terminated, 'reason');
    if (reason !== '') return `Init:${reason}`;
    const signal = numberAt(terminated, 'signal');
    return signal !== 0 ? `Init:Signal:${signal}` : `Init:ExitCode:${numberAt(terminated, 'exitCode')}`;
  }
  const waitingReason = stringAt(status, 'state', 'waiting', 'reason');
  if (waitingReason !== '' && waitingReason !== 'PodInitializing') return `Init:${waitingReason}`;
  return `Init:${index}/${total}`;
}

/**
 * Walks the container statuses last to first, so the first container's state is the one that
 * shows. A pod whose containers completed but one still runs shows Running (NotReady without the
 * Ready condition).
 */
function addContainers(pod: unknown, summary: PodSummary): void {
  const statuses = listAt(pod, 'status', 'containerStatuses');
  const restarts: Restarts = { count: summary.restarts, last: summary.lastRestart };
  let hasRunning = false;
  for (const status of [...statuses].reverse()) {
    countRestarts(restarts, status);
    const state = containerStateReason(status);
    if (state !== undefined) summary.reason = state;
    else if (valueAt(status, 'ready') === true && hasField(status, 'state', 'running')) {
      hasRunning = true;
      summary.ready++;
    }
  }
  summary.restarts = restarts.count;
  summary.lastRestart = restarts.last;
  if (summary.reason === 'Completed' && hasRunning) summary.reason = hasReadyCondition(pod) ? 'Running' : 'NotReady';
}

/** The reason a waiting or terminated container gives the pod; undefined for any other state. */
function containerStateReason(status: unknown): string | undefined {
  const waitingReason = stringAt(status, 'state', 'waiting', 'reason');
  if (waitingReason !== '') return waitingReason;
  const terminated = valueAt(status, 'state', 'terminated');
  if (!terminated) return undefined;
  const reason = stringAt(terminated, 'reason');
  if (reason !== '') return reason;
  const signal = numberAt(terminated, 'signal');
  return signal !== 0 ? `Signal:${signal}` : `ExitCode:${numberAt(terminated, 'exitCode')}`;
}

/** A deleted pod shows Unknown when its node was lost, Terminating unless it already finished. */
function deletionReason(pod: unknown, reason: string): string {
  if (!hasField(pod, 'metadata', 'deletionTimestamp')) return reason;
  if (stringAt(pod, 'status', 'reason') === 'NodeLost') return 'Unknown';
  const phase = stringAt(pod, 'status', 'phase');
  return phase === 'Succeeded' || phase === 'Failed' ? reason : 'Terminating';
}

function noRestarts(): Restarts {
  return { count: 0, last: undefined };
}

/** Adds a container's restart count; its last termination's end may be the latest restart. */
function countRestarts(restarts: Restarts, status: unknown): void {
  restarts.count += numberAt(status, 'restartCount');
  const finished = timeOf(valueAt(status, 'lastState', 'terminated', 'finishedAt'));
  if (finished !== undefined && (restarts.last === undefined || restarts.last < finished)) restarts.last = finished;
}

/** `3`, or `3 (5m ago)` when the last restart's time is known. */
function restartsText(summary: PodSummary, now: Date): string {
  if (summary.restarts === 0 || summary.lastRestart === undefined) return String(summary.restarts);
  return `${summary.restarts} (${since(new Date(summary.lastRestart).toISOString(), now)} ago)`;
}

/** The status of the pod's first condition of `type`, '' if it has none. */
function conditionStatus(pod: unknown, type: string): string {
  const condition = listAt(pod, 'status', 'conditions').find((item) => stringAt(item, 'type') === type);
  return stringAt(condition, 'status');
}

/** The first of podIPs; v1's podIP when podIPs is missing (as converting to the internal type does). */
function podIP(pod: unknown): string {
  const first = stringAt(listAt(pod, 'status', 'podIPs')[0], 'ip') || stringAt(pod, 'status', 'podIP');
  return orNone(first);
}

/** hasPodReadyCondition: any Ready condition with status True. */
function hasReadyCondition(pod: unknown): boolean {
  return listAt(pod, 'status', 'conditions').some((item) => stringAt(item, 'type') === 'Ready' && stringAt(item, 'status') === 'True');
}

/** `true/total` readiness gates, `<none>` without any. */
function readinessGates(pod: unknown): string {
  const gates = listAt(pod, 'spec', 'readinessGates');
  if (gates.length === 0) return '<none>';
  const conditions = listAt(pod, 'status', 'conditions');
  const satisfied = gates.filter((gate) => {
    const condition = conditions.find((item) => stringAt(item, 'type') === stringAt(gate, 'conditionType'));
    return stringAt(condition, 'status') === 'True';
  });
  return `${satisfied.length}/${gates.length}`;
}

function orNone(value: string): string {
  return value === '' ? '<none>' : value;
}
