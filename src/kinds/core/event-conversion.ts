/**
 * One Event, two versions: core/v1 and events.k8s.io/v1 are the same stored object (kube keeps
 * both in /registry/events), converted field by field as pkg/apis/events/v1/conversion.go does
 * through the internal Event: note <-> message, regarding <-> involvedObject,
 * deprecatedSource <-> source, deprecatedFirstTimestamp/LastTimestamp/Count <-> firstTimestamp/
 * lastTimestamp/count, reportingController <-> reportingComponent (core/v1's JSON name of the
 * internal ReportingController); metadata, eventTime, series, action, reason, related, type and
 * reportingInstance are shared.
 *
 * Both directions write the result as Go's encoding/json would: struct field order, and the
 * fields Go never omits (value structs as `{}`, zero times as null, core/v1's reporting strings
 * as ""), so either version reads the same as from kube.
 */
import { asRecord, asText, type JsonRecord } from '../json-values.js';
import type { KubeObject } from '../../apimachinery/object.js';

/** apiVersion of the events.k8s.io form. */
export const eventsGroupVersion = 'events.k8s.io/v1';

/** An events.k8s.io/v1 Event as core/v1 (the stored form). */
export function eventsToCore(event: KubeObject): KubeObject {
  const core: JsonRecord = { kind: 'Event', apiVersion: 'v1', metadata: event.metadata };
  if (event.kind === undefined) delete core.kind;
  if (event.apiVersion === undefined) delete core.apiVersion;
  Object.assign(core, {
    involvedObject: objectReference(event.regarding) ?? {},
    ...nonEmpty('reason', event.reason),
    ...nonEmpty('message', event.note),
    source: eventSource(event.deprecatedSource),
    firstTimestamp: time(event.deprecatedFirstTimestamp),
    lastTimestamp: time(event.deprecatedLastTimestamp),
    ...nonZero('count', event.deprecatedCount),
    ...nonEmpty('type', event.type),
    eventTime: time(event.eventTime),
    ...optional('series', coreSeries(event.series)),
    ...nonEmpty('action', event.action),
    ...optional('related', objectReference(event.related)),
    reportingComponent: asText(event.reportingController),
    reportingInstance: asText(event.reportingInstance),
  });
  return core as KubeObject;
}

/** A core/v1 Event (the stored form) as events.k8s.io/v1. */
export function coreToEvents(core: KubeObject): KubeObject {
  const event: JsonRecord = { kind: 'Event', apiVersion: eventsGroupVersion, metadata: core.metadata };
  if (core.kind === undefined) delete event.kind;
  if (core.apiVersion === undefined) delete event.apiVersion;
  Object.assign(event, {
    eventTime: time(core.eventTime),
    ...optional('series', eventsSeries(core.series)),
    ...nonEmpty('reportingController', core.reportingComponent),
    ...nonEmpty('reportingInstance', core.reportingInstance),
    ...nonEmpty('action', core.action),
    ...nonEmpty('reason', core.reason),
    regarding: objectReference(core.involvedObject) ?? {},
    ...optional('related', objectReference(core.related)),
    ...nonEmpty('note', core.message),
    ...nonEmpty('type', core.type),
    deprecatedSource: eventSource(core.source),
    deprecatedFirstTimestamp: time(core.firstTimestamp),
    deprecatedLastTimestamp: time(core.lastTimestamp),
    ...nonZero('deprecatedCount', core.count),
  });
  return event as KubeObject;
}

const referenceFields = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'] as const;

/** A corev1.ObjectReference in field order (every field omitempty), or undefined for a nil pointer. */
function objectReference(value: unknown): JsonRecord | undefined {
  const reference = asRecord(value);
  if (!reference) return undefined;
  return Object.fromEntries(referenceFields.filter((field) => asText(reference[field]) !== '').map((field) => [field, reference[field]]));
}

function eventSource(value: unknown): JsonRecord {
  const source = asRecord(value) ?? {};
  return { ...nonEmpty('component', source.component), ...nonEmpty('host', source.host) };
}

// core/v1 EventSeries: both fields omitempty (a zero MicroTime still encodes as null).
function coreSeries(value: unknown): JsonRecord | undefined {
  const series = asRecord(value);
  if (!series) return undefined;
  return { ...nonZero('count', series.count), lastObservedTime: time(series.lastObservedTime) };
}

// events.k8s.io/v1 EventSeries: neither field omitempty.
function eventsSeries(value: unknown): JsonRecord | undefined {
  const series = asRecord(value);
  if (!series) return undefined;
  return { count: typeof series.count === 'number' ? series.count : 0, lastObservedTime: time(series.lastObservedTime) };
}

/** A metav1.Time or MicroTime: the zero time encodes as null. */
function time(value: unknown): unknown {
  return typeof value === 'string' && value !== '' ? value : null;
}

function nonEmpty(field: string, value: unknown): JsonRecord {
  return typeof value === 'string' && value !== '' ? { [field]: value } : {};
}

function nonZero(field: string, value: unknown): JsonRecord {
  return typeof value === 'number' && value !== 0 ? { [field]: value } : {};
}

function optional(field: string, value: JsonRecord | undefined): JsonRecord {
  return value === undefined ? {} : { [field]: value };
}

/** Rewrites a core/v1 Event in place as Go encodes it (field order, always-present fields). */
export function shapeCoreEvent(event: KubeObject): void {
  const shaped = eventsToCore(coreToEvents(event));
  for (const key of Object.keys(event)) delete event[key];
  Object.assign(event, shaped);
}
