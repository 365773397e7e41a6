// The pod statuses a kubelet (v1.32) reports, as strategic merge patches of pods/NAME/status:
// started (containers running and ready), and ended (containers terminated with an exit code,
// the pod Succeeded or Failed). Conditions are merged by type, as the kubelet's patches are.
import { createHash } from 'node:crypto';

/** The annotation that makes a simulated container exit with this code after it started. */
export const exitCodeAnnotation = 'sim.edge-apiserver.dev/exit-code';
/** The annotation that sets how long (seconds) a simulated container runs before it exits. */
export const runSecondsAnnotation = 'sim.edge-apiserver.dev/run-seconds';

/**
 * Whether the pod's containers end by themselves: an exit code asked for, or a restartPolicy other
 * than Always unless every container is a pause image (registry.k8s.io/pause, which never exits:
 * the e2e suite's never-ending Job pods, whose specs wait for them to stay active).
 */
export function containersExit(pod) {
  if (pod.metadata.annotations?.[exitCodeAnnotation] !== undefined) return true;
  const pausing = (pod.spec.containers ?? []).every((container) => /(^|\/)pause:/.test(container.image ?? ''));
  return (pod.spec.restartPolicy ?? 'Always') !== 'Always' && !pausing;
}

/** Seconds the pod's containers run before they exit (the annotation, else `fallback`). */
export function runSeconds(pod, fallback) {
  const asked = Number(pod.metadata.annotations?.[runSecondsAnnotation]);
  return Number.isFinite(asked) && asked >= 0 ? asked : fallback;
}

/** The exit code of the pod's containers (the annotation, else 0). */
export function exitCode(pod) {
  return Number(pod.metadata.annotations?.[exitCodeAnnotation] ?? 0) || 0;
}

/** The patch that starts the pod on `node` with `podIP`: Running, every condition True. */
export function runningPatch(pod, { hostIP, podIP, now }) {
  const time = timestamp(now);
  const ip = pod.spec.hostNetwork ? hostIP : podIP;
  const conditions = ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled']
    .map((type) => condition(type, 'True', time));
  return statusPatch(pod, {
    phase: 'Running', conditions, hostIP, hostIPs: [{ ip: hostIP }], podIP: ip, podIPs: [{ ip }], startTime: time,
    initContainerStatuses: (pod.spec.initContainers ?? []).map((container) => terminated(pod, container, 0, time, time)),
    containerStatuses: pod.spec.containers.map((container) => ({
      name: container.name, state: { running: { startedAt: time } }, lastState: {}, ready: true, restartCount: 0,
      image: container.image, imageID: imageID(container.image), containerID: containerID(pod, container), started: true,
    })),
  });
}

/** The patch that ends the pod: containers terminated with `code`, phase Succeeded (0) or Failed. */
export function endedPatch(pod, { code, startedAt, now }) {
  const time = timestamp(now);
  const reason = 'PodCompleted';
  const conditions = [
    condition('PodReadyToStartContainers', 'False', time), condition('Initialized', 'True', time, reason),
    condition('Ready', 'False', time, reason), condition('ContainersReady', 'False', time, reason), condition('PodScheduled', 'True', time),
  ];
  return statusPatch(pod, {
    phase: code === 0 ? 'Succeeded' : 'Failed', conditions,
    containerStatuses: pod.spec.containers.map((container) => terminated(pod, container, code, startedAt ?? time, time)),
  });
}

function terminated(pod, container, code, startedAt, finishedAt) {
  return {
    name: container.name, ready: false, restartCount: 0, started: false, image: container.image, imageID: imageID(container.image),
    containerID: containerID(pod, container), lastState: {},
    state: { terminated: { exitCode: code, reason: code === 0 ? 'Completed' : 'Error', startedAt, finishedAt, containerID: containerID(pod, container) } },
  };
}

/** A strategic merge patch of status, guarded by the pod's uid as the kubelet's are. */
function statusPatch(pod, status) {
  const order = status.conditions.map(({ type }) => ({ type }));
  return { metadata: { uid: pod.metadata.uid }, status: { ...status, '$setElementOrder/conditions': order } };
}

function condition(type, status, time, reason) {
  return { type, status, lastProbeTime: null, lastTransitionTime: time, ...(reason ? { reason } : {}) };
}

const containerID = (pod, container) => `sim://${hash(`${pod.metadata.uid}/${container.name}`)}`;
const imageID = (image) => `sim-registry/${image.split(':')[0]}@sha256:${hash(image)}`;
const hash = (text) => createHash('sha256').update(text).digest('hex');

/** A metav1.Time: RFC 3339 in seconds. */
export const timestamp = (date) => date.toISOString().replace(/\.\d+Z$/, 'Z');
/** A metav1.MicroTime: RFC 3339 with microseconds. */
export const microTimestamp = (date) => date.toISOString().replace(/Z$/, '000Z');
