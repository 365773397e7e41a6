/**
 * Requests that servers in front of the API treat apart, decided from the request info
 * (request-info.ts) as kube-apiserver decides: long-running requests (its
 * BasicLongRunningRequestCheck: the watch and proxy verbs, and the attach, exec, log, portforward
 * and proxy subresources), and Leases, which its API Priority and Fairness serves at levels of
 * their own (leader election, node heartbeats). The local HTTPS front lets both through at once.
 */
import type { RequestInfo } from './request-info.js';

const longRunningVerbs = new Set(['watch', 'proxy']);
const longRunningSubresources = new Set(['attach', 'exec', 'log', 'portforward', 'proxy']);

/** Whether a request stays open for long (any that upgrades its connection does). */
export function isLongRunning(info: RequestInfo | null, upgrade: boolean): boolean {
  if (upgrade) return true;
  if (!info?.isResourceRequest) return false;
  return longRunningVerbs.has(info.verb) || longRunningSubresources.has(info.subresource);
}

/** Whether a request is about Leases (coordination.k8s.io): a client's own backlog must not make it lose its lease. */
export function isLeaseRequest(info: RequestInfo | null): boolean {
  return !!info?.isResourceRequest && info.apiGroup === 'coordination.k8s.io';
}
