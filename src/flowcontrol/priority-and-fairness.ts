/**
 * The API Priority and Fairness filter (kube's WithPriorityAndFairness), between impersonation
 * and authorization: each request is classified by the FlowSchemas (src/flowcontrol/classify.ts)
 * to a priority level, whose seats it takes while served (src/flowcontrol/dispatch.ts), and the
 * response names both: `X-Kubernetes-PF-FlowSchema-UID` and `X-Kubernetes-PF-PriorityLevel-UID`.
 */
import type { RequestInfo } from '../apimachinery/request-info.js';
import type { ClusterContext } from '../cluster/context.js';
import { classify, type Classification } from './classify.js';
import { flowControlConfiguration } from './configuration.js';
import { acquireSeat, nominalConcurrencyLimit } from './dispatch.js';
import type { UserInfo } from '../rbac/index.js';

export interface Admission {
  classification: Classification;
  /** Gives the seat back. */
  release: () => void;
}

/** What a request whose path could not be parsed is classified as: a non-resource request of its method. */
export function fallbackInfo(method: string, path: string): RequestInfo {
  return { isResourceRequest: false, path, verb: method.toLowerCase() as RequestInfo['verb'], apiPrefix: '', apiGroup: '', apiVersion: '', namespace: '', resource: '', subresource: '', name: '', parts: [] };
}

/** The FlowSchema and priority level of the request. */
export async function classifyRequest(cluster: ClusterContext, user: UserInfo, info: RequestInfo): Promise<Classification> {
  const configuration = await flowControlConfiguration(cluster);
  return classify(configuration.schemas, configuration.levels, user, info);
}

/** Takes a seat of the request's level. */
export async function admitToLevel(cluster: ClusterContext, classification: Classification, signal?: AbortSignal): Promise<() => void> {
  const configuration = await flowControlConfiguration(cluster);
  const limit = nominalConcurrencyLimit(classification.priorityLevel, configuration.levels.values(), cluster.settings.serverConcurrency);
  return acquireSeat(cluster, classification.priorityLevel, classification.flowSchema.name, limit, signal);
}

/** The response headers that name the request's FlowSchema and priority level. */
export function flowHeaders(classification: Classification): Record<string, string> {
  return {
    'X-Kubernetes-PF-FlowSchema-UID': classification.flowSchema.uid,
    'X-Kubernetes-PF-PriorityLevel-UID': classification.priorityLevel.uid,
  };
}
