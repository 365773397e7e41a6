/**
 * Per-request metrics, as kube's instrumented handlers record them (MonitorRequest, kube v1.32):
 * resource requests, the health endpoints (component "", the path as subresource) and the /api
 * and /apis roots (subresource "api"/"apis") count in apiserver_request_total and
 * apiserver_request_duration_seconds with the code the handler answered; requests refused by the
 * filters (401, 403, 429) do not. The verb is the HTTP method as kube reports it: LIST for a GET of
 * a collection, WATCH, APPLY for an apply patch; scope `resource` (a named object, or a create),
 * `namespace` or `cluster`. A watch counts when it ends, and meanwhile in
 * apiserver_longrunning_requests.
 */
import type { RequestInfo } from '../apimachinery/request-info.js';
import type { ClusterContext } from '../cluster/context.js';
import { metricsOf } from './families.js';
import { requestUrl } from '../apimachinery/request-url.js';

const healthPaths = /^\/(livez|readyz|healthz)(\/|$)/;
const systemClients = new Set(['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'cluster-policy-controller']);

/** kube's CleanScope. */
function scopeOf(info: RequestInfo): string {
  if (info.name !== '' || info.verb === 'create') return 'resource';
  if (info.namespace !== '') return 'namespace';
  return info.isResourceRequest ? 'cluster' : '';
}

/** The reported verb (CanonicalVerb + CleanVerb). */
function verbOf(request: Request, info: RequestInfo | null, scope: string): string {
  const method = request.method.toUpperCase();
  if (info?.verb === 'watch') return 'WATCH';
  if ((method === 'GET' || method === 'HEAD') && scope !== 'resource' && scope !== '') return 'LIST';
  if (method === 'PATCH' && request.headers.get('content-type') === 'application/apply-patch+yaml') return 'APPLY';
  if (info?.isResourceRequest && ['log', 'exec', 'portforward', 'attach', 'proxy'].includes(info.subresource)) return 'CONNECT';
  return method;
}

/** The labels kube gives the request, or null for requests it does not count. */
function labelsOf(request: Request, info: RequestInfo | null): string[] | null {
  const url = requestUrl(request);
  const dryRun = url.searchParams.getAll('dryRun').sort().join(',');
  if (info?.isResourceRequest) {
    const scope = scopeOf(info);
    return [verbOf(request, info, scope), dryRun, info.apiGroup, info.apiVersion, info.resource, info.subresource, scope, 'apiserver'];
  }
  if (healthPaths.test(url.pathname)) return [request.method.toUpperCase(), dryRun, '', '', '', url.pathname, '', ''];
  if (url.pathname === '/api' || url.pathname === '/apis') return [request.method.toUpperCase(), dryRun, '', '', '', url.pathname.slice(1), '', 'apiserver'];
  return null;
}

function systemClientOf(request: Request): string {
  const [client, rest] = (request.headers.get('user-agent') ?? '').split('/', 2);
  return rest !== undefined && systemClients.has(client!) ? client! : '';
}

export interface RequestObservation {
  /** The handler answered with `status` (a watch whose stream started goes on until watchEnded). */
  answered(status: number): void;
  /** The watch stream ended. */
  watchEnded(): void;
}

/** Starts observing a request of `cluster` that passed the filters. */
export function observeRequest(cluster: ClusterContext, request: Request, info: RequestInfo | null): RequestObservation {
  const { currentInflight, longrunning, requestDuration, requestTotal } = metricsOf(cluster);
  const kind = ['GET', 'HEAD'].includes(request.method.toUpperCase()) || info?.verb === 'watch' ? 'readOnly' : 'mutating';
  currentInflight.add([kind], 1);
  const started = Date.now();
  const labels = labelsOf(request, info);
  let recorded = false;
  let watching = false;
  let ended = false;
  const record = (status: number) => {
    if (recorded || !labels) return;
    recorded = true;
    requestTotal.add([...labels, String(status), systemClientOf(request)]);
    requestDuration.observe(labels, (Date.now() - started) / 1000);
  };
  const longrunningLabels = labels && [labels[0]!, labels[2]!, labels[3]!, labels[4]!, labels[5]!, labels[6]!, labels[7]!];
  return {
    answered(status) {
      currentInflight.add([kind], -1);
      if (info?.verb === 'watch' && status === 200 && longrunningLabels && !ended) {
        watching = true;
        longrunning.add(longrunningLabels, 1);
      } else record(status);
    },
    watchEnded() {
      ended = true;
      if (!watching) return;
      watching = false;
      longrunning.add(longrunningLabels!, -1);
      record(200);
    },
  };
}

/** A request the filters refused to protect the server (429): apiserver_request_terminations_total. */
export function recordTermination(cluster: ClusterContext, request: Request, info: RequestInfo | null, code: number): void {
  const labels = labelsOf(request, info);
  if (!labels) return;
  const [verb, , group, version, resource, subresource, scope, component] = labels;
  metricsOf(cluster).requestTerminations.add([verb!, group!, version!, resource!, subresource!, scope!, component!, String(code)]);
}
