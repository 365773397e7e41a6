/**
 * The metric families this server exposes, with kube-apiserver v1.32's names, labels, help texts
 * and buckets (k8s.io/apiserver/pkg/endpoints/metrics, pkg/util/flowcontrol/metrics,
 * pkg/storage/etcd3/metrics). One set per cluster in each isolate's context: values are per isolate
 * (see docs/api-behaviour.md, Metrics).
 */
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import { Family } from './registry.js';

const requestLabels = ['verb', 'dry_run', 'group', 'version', 'resource', 'subresource', 'scope', 'component'];

/** kube-apiserver's metric families, as one cluster's requests in this isolate fill them. */
export class ApiServerMetrics {
  readonly requestTotal = new Family('apiserver_request_total',
    '[STABLE] Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
    'counter', [...requestLabels, 'code', 'system_client']);

  readonly requestDuration = new Family('apiserver_request_duration_seconds',
    '[STABLE] Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
    'histogram', requestLabels, [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60]);

  readonly currentInflight = new Family('apiserver_current_inflight_requests',
    '[STABLE] Maximal number of currently used inflight request limit of this apiserver per request kind in last second.', 'gauge', ['request_kind']);

  readonly longrunning = new Family('apiserver_longrunning_requests',
    '[STABLE] Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component. Not all requests are tracked this way.',
    'gauge', ['verb', 'group', 'version', 'resource', 'subresource', 'scope', 'component']);

  readonly requestTerminations = new Family('apiserver_request_terminations_total',
    '[ALPHA] Number of requests which apiserver terminated in self-defense.', 'counter', ['verb', 'group', 'version', 'resource', 'subresource', 'scope', 'component', 'code']);

  readonly storageObjects = new Family('apiserver_storage_objects',
    '[STABLE] Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.', 'gauge', ['resource']);

  readonly watchEvents = new Family('apiserver_watch_events_total', '[ALPHA] Number of events sent in watch clients', 'counter', ['group', 'version', 'kind']);

  readonly dispatchedRequests = new Family('apiserver_flowcontrol_dispatched_requests_total',
    '[BETA] Number of requests executed by API Priority and Fairness subsystem', 'counter', ['priority_level', 'flow_schema']);

  readonly rejectedRequests = new Family('apiserver_flowcontrol_rejected_requests_total',
    '[BETA] Number of requests rejected by API Priority and Fairness subsystem', 'counter', ['priority_level', 'flow_schema', 'reason']);

  readonly executingRequests = new Family('apiserver_flowcontrol_current_executing_requests',
    '[BETA] Number of requests in initial (for a WATCH) or any (for a non-WATCH) execution stage in the API Priority and Fairness subsystem', 'gauge', ['priority_level', 'flow_schema']);

  readonly inqueueRequests = new Family('apiserver_flowcontrol_current_inqueue_requests',
    '[BETA] Number of requests currently pending in queues of the API Priority and Fairness subsystem', 'gauge', ['priority_level', 'flow_schema']);

  readonly nominalLimitSeats = new Family('apiserver_flowcontrol_nominal_limit_seats',
    '[BETA] Nominal number of execution seats configured for each priority level', 'gauge', ['priority_level']);

  constructor() {
    // Both kinds are always exposed, as kube's gauges are.
    this.currentInflight.set(['mutating'], 0);
    this.currentInflight.set(['readOnly'], 0);
  }

  /** Every family, sorted by name as the exposition writes them. */
  families(): Family[] {
    return Object.values(this).filter((value): value is Family => value instanceof Family).sort((a, b) => (a.name < b.name ? -1 : 1));
  }
}

const metricsState = new ClusterState(() => new ApiServerMetrics());

/** The metrics of `cluster` in this isolate. */
export function metricsOf(cluster: ClusterContext): ApiServerMetrics {
  return metricsState.of(cluster);
}
