/** apiserver_watch_events_total: every event sent to a watch client, by the watched kind. */
import type { ResourceType } from '../../api/catalog.js';
import type { ClusterContext } from '../../cluster/context.js';
import type { WatchSink } from './session.js';
import { metricsOf } from '../../metrics/families.js';

/**
 * `sink`, counting the events that pass through it in `cluster`'s metrics. The series is resolved
 * once per watch: counting an event allocates nothing (it runs once per watcher and event).
 */
export function countingWatchEvents(cluster: ClusterContext, sink: WatchSink, type: ResourceType): WatchSink {
  const watchEvents = metricsOf(cluster).watchEvents.adder([type.group, type.version, type.kind]);
  return {
    event: (eventType, item) => {
      watchEvents.add();
      return sink.event(eventType, item);
    },
    error: (status) => sink.error(status),
    end: () => sink.end(),
  };
}
