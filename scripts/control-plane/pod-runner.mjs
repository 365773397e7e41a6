// The pod side of the simulated kubelets: every pod bound to a live simulated node is started
// once (status Running/Ready with a Pod IP from the node's /24), its containers exit after a while
// when they are meant to (Job pods: restartPolicy other than Always), and a pod marked for deletion
// is deleted for good (grace 0, uid precondition), at once or when its grace period ends.
import { containersExit, endedPatch, exitCode, runSeconds, runningPatch } from './pod-status.mjs';
import { addressIn } from './node-object.mjs';
import { sleep } from './api-client.mjs';

const patchType = 'application/strategic-merge-patch+json';

export class PodRunner {
  constructor(client, nodes, settings, log) {
    Object.assign(this, { client, nodes, settings, log });
    /** pod uid -> { node, ip, started, ending, deleting, timers } */
    this.pods = new Map();
    /** Addresses in use, per node name. */
    this.addresses = new Map();
    this.stats = { started: 0, ended: 0, deleted: 0, errors: 0 };
    this.stopped = false;
  }

  /** A watch event of any pod; only pods bound to live simulated nodes matter. */
  observe(type, pod) {
    const uid = pod.metadata.uid;
    if (type === 'DELETED') return this.forget(uid);
    const node = this.nodes.get(pod.spec?.nodeName ?? '');
    if (!node || node.gone || node.uid === undefined) return;
    let state = this.pods.get(uid);
    if (!state) this.pods.set(uid, (state = { node, ip: '', started: false, ending: false, deleting: false, timers: [] }));
    if (pod.metadata.deletionTimestamp) return this.finishDeletion(pod, state);
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') return;
    if (!state.started) this.start(pod, state);
  }

  /** Marks the pod started: Running and Ready, a Pod IP; schedules its end if its containers exit. */
  start(pod, state) {
    state.started = true;
    const adopted = pod.status?.phase === 'Running' && pod.status.podIP;
    if (adopted) state.ip = pod.status.podIP;
    else state.ip = pod.spec.hostNetwork ? state.node.hostIP : this.allocate(state.node);
    const started = adopted
      ? Promise.resolve(true)
      : this.patch(pod, runningPatch(pod, { hostIP: state.node.hostIP, podIP: state.ip, now: new Date() })).then((ok) => ok && ++this.stats.started);
    started.then((ok) => {
      if (!ok || !containersExit(pod) || state.ending) return;
      state.ending = true;
      state.timers.push(setTimeout(() => this.end(pod), runSeconds(pod, this.settings.runSeconds) * 1000));
    });
  }

  async end(pod) {
    const state = this.pods.get(pod.metadata.uid);
    if (!state || state.deleting || state.node.gone) return;
    if (await this.patch(pod, endedPatch(pod, { code: exitCode(pod), now: new Date() }))) this.stats.ended++;
  }

  /** kubelet's last word on a deleted pod: DELETE with grace 0 once the containers are stopped. */
  finishDeletion(pod, state) {
    if (state.deleting) return;
    state.deleting = true;
    const grace = this.settings.honourGracePeriod ? (pod.metadata.deletionGracePeriodSeconds ?? 0) : 0;
    state.timers.push(setTimeout(async () => {
      const { namespace, name, uid } = pod.metadata;
      const body = { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 0, preconditions: { uid } };
      const answer = await this.retrying(() => this.client.request('DELETE', `/api/v1/namespaces/${namespace}/pods/${name}`, { body }));
      if (answer && answer.status < 300) this.stats.deleted++;
    }, grace * 1000));
  }

  /** A status patch; false when the pod is gone or was replaced (404, 409), after retries for the rest. */
  async patch(pod, body) {
    const { namespace, name } = pod.metadata;
    const answer = await this.retrying(() => this.client.request('PATCH', `/api/v1/namespaces/${namespace}/pods/${name}/status`, { body, contentType: patchType }));
    return !!answer && answer.status < 300;
  }

  /** Retries 5xx, 429 and transport errors with a short backoff; resolves with the last answer (null if none). */
  async retrying(send) {
    for (let attempt = 1; attempt <= 6 && !this.stopped; attempt++) {
      try {
        const answer = await send();
        if (answer.status < 429 || answer.status === 501) return answer;
        if (attempt === 6) this.fail(`${answer.status} ${answer.body?.message ?? ''}`);
      } catch (error) {
        if (attempt === 6) this.fail(error.message);
      }
      await sleep(100 * 2 ** attempt);
    }
    return null;
  }

  fail(message) {
    this.stats.errors++;
    this.log(`pod request failed: ${message}`);
  }

  allocate(node) {
    let used = this.addresses.get(node.name);
    if (!used) this.addresses.set(node.name, (used = new Set()));
    for (let offset = 2; offset < 255; offset++) {
      const ip = addressIn(node.podCIDR, offset);
      if (!used.has(ip)) return used.add(ip), ip;
    }
    throw new Error(`node ${node.name} has no free pod address`);
  }

  forget(uid) {
    const state = this.pods.get(uid);
    if (!state) return;
    for (const timer of state.timers) clearTimeout(timer);
    this.addresses.get(state.node.name)?.delete(state.ip);
    this.pods.delete(uid);
  }

  stop() {
    this.stopped = true;
    for (const uid of [...this.pods.keys()]) this.forget(uid);
  }
}
