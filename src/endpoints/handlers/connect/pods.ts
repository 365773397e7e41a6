/**
 * pods/log, exec, attach and portforward (kube's LogREST, ExecREST, AttachREST, PortForwardREST and
 * pkg/registry/core/pod LogLocation/streamLocation/PortForwardLocation), up to where kube would
 * connect to the pod's kubelet: options, the pod, the container, the node and its address are
 * checked in kube's order with kube's answers; the connection itself is refused (kubelet.ts).
 */
import { badRequest, unknownError } from '../../../apimachinery/status.js';
import { asRecord, asRecords, asText } from '../../../kinds/json-values.js';
import type { KubeObject } from '../../../apimachinery/object.js';
import type { Handler, RequestScope } from '../scope.js';
import { hostPort, kubeletOf, refusedDial, type Target } from './kubelet.js';
import { parseLogOptions, parsePortForwardPorts, parseStreamOptions, type LogOptions, type StreamOptions } from './options.js';
import { isUpgradeRequest, streamErrorOverWebSocket, wantsStreamTranslation } from './websocket.js';

/** GET pods/NAME/log: 204 for a pod no node runs yet, else kube's failed request to the kubelet. */
export const podLogHandler: Handler = async (scope) => {
  const options = parseLogOptions(scope.url.searchParams, scope.info.name);
  const pod = await scope.store.get(scope.namespace, scope.info.name, { match: 'latest' });
  const container = validateContainer(options.container, pod);
  const nodeName = asText(asRecord(pod.spec)?.nodeName);
  if (!nodeName) return new Response(null, { status: 204 });
  const kubelet = await kubeletOf(scope, nodeName);
  const query = logQuery(options);
  const location = `https://${hostPort(kubelet)}/containerLogs/${scope.namespace}/${scope.info.name}/${container}${query ? `?${query}` : ''}`;
  throw unknownError(`Get "${location}": ${refusedDial(kubelet)}`);
};

/** exec and attach on a pod's container. */
export const podExecHandler: Handler = (scope) => streamHandler(scope, 'exec');
export const podAttachHandler: Handler = (scope) => streamHandler(scope, 'attach');

async function streamHandler(scope: RequestScope, path: 'exec' | 'attach'): Promise<Response> {
  const options = parseStreamOptions(scope.url.searchParams);
  const pod = await scope.store.get(scope.namespace, scope.info.name, { match: 'latest' });
  const container = validateContainer(options.container, pod);
  const kubelet = await assignedKubelet(scope, pod);
  if (wantsStreamTranslation(scope.request)) {
    const location = `https://${hostPort(kubelet)}/${path}/${scope.namespace}/${scope.info.name}/${container}?${streamQuery(options, path)}`;
    return streamErrorOverWebSocket(options, `error sending request: Post "${location}": ${refusedDial(kubelet)}`);
  }
  return upgradeThroughProxy(scope, kubelet);
}

/** POST or GET pods/NAME/portforward. */
export const podPortForwardHandler: Handler = async (scope) => {
  parsePortForwardPorts(scope.url.searchParams);
  const pod = await scope.store.get(scope.namespace, scope.info.name, { match: 'latest' });
  return upgradeThroughProxy(scope, await assignedKubelet(scope, pod));
};

/** The kubelet of the pod's node; 400 for a pod no node runs yet. */
async function assignedKubelet(scope: RequestScope, pod: KubeObject): Promise<Target> {
  const nodeName = asText(asRecord(pod.spec)?.nodeName);
  if (!nodeName) throw badRequest(`pod ${scope.info.name} does not have a host assigned`);
  return kubeletOf(scope, nodeName);
}

/** The upgrade-aware proxy: a plain request is refused, an upgrade fails dialing the kubelet. */
function upgradeThroughProxy(scope: RequestScope, kubelet: Target): Promise<Response> {
  if (!isUpgradeRequest(scope.request)) throw badRequest('Upgrade request required');
  throw unknownError(`error dialing backend: ${refusedDial(kubelet)}`);
}

/** validateContainer: the named container must exist; without a name the pod must have exactly one. */
function validateContainer(container: string, pod: KubeObject): string {
  const spec = asRecord(pod.spec) ?? {};
  const name = asText(pod.metadata.name);
  const all = ['initContainers', 'containers', 'ephemeralContainers'].flatMap((field) => asRecords(spec[field]).map((item) => asText(item.name)));
  if (container) {
    if (!all.includes(container)) throw badRequest(`container ${container} is not valid for pod ${name}`);
    return container;
  }
  const containers = asRecords(spec.containers);
  if (containers.length === 1) return asText(containers[0]!.name);
  if (containers.length === 0) throw badRequest(`a container name must be specified for pod ${name}`);
  throw badRequest(`a container name must be specified for pod ${name}, choose one of: [${all.join(' ')}]`);
}

/** The kubelet's containerLogs query (url.Values.Encode: keys sorted). */
function logQuery(options: LogOptions): string {
  const params = new URLSearchParams();
  if (options.follow) params.set('follow', 'true');
  if (options.limitBytes !== undefined) params.set('limitBytes', String(options.limitBytes));
  if (options.previous) params.set('previous', 'true');
  if (options.sinceSeconds !== undefined) params.set('sinceSeconds', String(options.sinceSeconds));
  if (options.sinceTime !== undefined) params.set('sinceTime', options.sinceTime);
  if (options.tailLines !== undefined) params.set('tailLines', String(options.tailLines));
  if (options.timestamps) params.set('timestamps', 'true');
  params.sort();
  return params.toString();
}

/** The kubelet's exec/attach query: command (exec), error, input, output, tty, in url.Values.Encode order. */
function streamQuery(options: StreamOptions, path: 'exec' | 'attach'): string {
  const params = new URLSearchParams();
  if (path === 'exec') for (const command of options.command) params.append('command', command);
  if (options.stderr) params.set('error', '1');
  if (options.stdin) params.set('input', '1');
  if (options.stdout) params.set('output', '1');
  if (options.tty) params.set('tty', '1');
  return params.toString();
}
