/**
 * Events (printEvent), for core/v1 and events.k8s.io/v1 alike: kube converts both to the same
 * internal Event before printing, so an events.k8s.io object is read through its core field names.
 * NAME is the last column, and a wide one.
 */
import { nameColumn, type Printer, type TableColumn } from '../table-printer.js';
import { column, hasField, numberAt, objectAt, stringAt, valueAt, wideColumn, type Fields } from './fields.js';
import { firstNonEmpty, since, timeOf, trimSpace } from './format.js';

const eventColumns: TableColumn[] = [
  column('Last Seen', 'The time at which the most recent occurrence of this event was recorded.'),
  column('Type', 'Type of this event (Normal, Warning), new types could be added in the future'),
  column('Reason', "This should be a short, machine understandable string that gives the reason for the transition into the object's current status."),
  column('Object', 'The object that this event is about.'),
  wideColumn('Subobject', 'If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For example, if the object reference is to a container within a pod, this would take on a value like: "spec.containers{name}" (where "name" refers to the name of the container that triggered the event) or if no container name is specified "spec.containers[2]" (container with index 2 in this pod). This syntax is chosen only to have some well-defined way of referencing a part of an object.'),
  wideColumn('Source', 'The component reporting this event. Should be a short machine understandable string.'),
  column('Message', 'A human-readable description of the status of this operation.'),
  wideColumn('First Seen', 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)'),
  wideColumn('Count', 'The number of times this event has occurred.'),
  { ...nameColumn, priority: 1 },
];

/** kube's printEvent for core/v1 events. */
export const eventPrinter: Printer = {
  columns: eventColumns,
  cells: (event, now) => eventCells(event, now),
};

/** kube's printEvent for events.k8s.io/v1 events, read as the internal core Event. */
export const eventsGroupEventPrinter: Printer = {
  columns: eventColumns,
  cells: (event, now) => eventCells(asCoreEvent(event), now),
};

/**
 * The cells of a core event. FIRST SEEN falls back to eventTime, LAST SEEN to FIRST SEEN; a
 * series gives LAST SEEN and COUNT; a singleton event of the new API (count 0) counts 1. COUNT is
 * an int64 although its column is typed string.
 */
function eventCells(event: unknown, now: Date): unknown[] {
  const firstSeen = hasTime(event, 'firstTimestamp') ? since(valueAt(event, 'firstTimestamp'), now) : since(valueAt(event, 'eventTime'), now);
  let lastSeen = hasTime(event, 'lastTimestamp') ? since(valueAt(event, 'lastTimestamp'), now) : firstSeen;
  let count = numberAt(event, 'count');
  if (hasField(event, 'series')) {
    lastSeen = since(valueAt(event, 'series', 'lastObservedTime'), now);
    count = numberAt(event, 'series', 'count');
  } else if (count === 0) {
    count = 1;
  }
  return [
    lastSeen, stringAt(event, 'type'), stringAt(event, 'reason'), involvedObject(event), stringAt(event, 'involvedObject', 'fieldPath'),
    eventSource(event), trimSpace(stringAt(event, 'message')), firstSeen, count, stringAt(event, 'metadata', 'name'),
  ];
}

function hasTime(event: unknown, field: string): boolean {
  return timeOf(valueAt(event, field)) !== undefined;
}

/** `kind/name` with the kind in lower case, or the kind alone for an unnamed object. */
function involvedObject(event: unknown): string {
  const kind = stringAt(event, 'involvedObject', 'kind').toLowerCase();
  const name = stringAt(event, 'involvedObject', 'name');
  return name === '' ? kind : `${kind}/${name}`;
}

/** formatEventSource: `component, host`; reportingController and reportingInstance fill in for them. */
function eventSource(event: unknown): string {
  const component = firstNonEmpty(stringAt(event, 'source', 'component'), stringAt(event, 'reportingController'));
  const instance = firstNonEmpty(stringAt(event, 'source', 'host'), stringAt(event, 'reportingInstance'));
  return instance === '' ? component : `${component}, ${instance}`;
}

/** events.k8s.io/v1 field names mapped to core/v1's (pkg/apis/events/v1 conversion). */
function asCoreEvent(event: unknown): Fields {
  const fields = objectAt(event);
  return {
    metadata: fields.metadata,
    involvedObject: fields.regarding,
    reason: fields.reason,
    message: fields.note,
    source: fields.deprecatedSource,
    firstTimestamp: fields.deprecatedFirstTimestamp,
    lastTimestamp: fields.deprecatedLastTimestamp,
    count: fields.deprecatedCount,
    type: fields.type,
    eventTime: fields.eventTime,
    series: fields.series,
    reportingController: fields.reportingController,
    reportingInstance: fields.reportingInstance,
  };
}
