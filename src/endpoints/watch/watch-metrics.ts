/** apiserver_watch_events_total: every event sent to a watch client, by the watched kind. */
import type { ResourceType } from '../../api/catalog.js';
import type { ClusterContext } from '../../cluster/context.js';
import type { WatchSink } from './session.js';
import { metricsOf } from '../../metrics/families.js';

/** `sink`, counting the events that pass through it in `cluster`'s metrics. */
export function countingWatchEvents(cluster: ClusterContext, sink: WatchSink, type: ResourceType): WatchSink {
  const labels = [type.group, type.version, type.kind];
  const { watchEvents } = metricsOf(cluster);
  return {
    event: (eventType, item) => {
      watchEvents.add(labels);
      return sink.event(eventType, item);
    },
    error: (status) => sink.error(status),
    end: () => sink.end(),
  };
}
