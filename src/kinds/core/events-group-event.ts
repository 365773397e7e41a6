/**
 * Events written through events.k8s.io/v1: ValidateEventCreate and ValidateEventUpdate with that
 * request version (pkg/apis/core/validation/events.go, kube v1.32). Legacy validation first, then
 * what the new API adds: ObjectMeta, the series, eventTime and type required, the deprecated
 * fields unset on create, and on update almost everything immutable. The event is validated in its
 * core/v1 form with the internal field paths (`involvedObject`, `message`, `source`, ...), as kube
 * reports them whichever version was used.
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { validateObjectMetaCreate, validateObjectMetaUpdate, type ObjectMetaOptions } from '../../apimachinery/validation/object-meta.js';
import { fieldImmutableMessage } from '../../apimachinery/validation/metadata-fields.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { semanticEqual } from '../json-equality.js';
import { asRecord, asText, type JsonRecord } from '../json-values.js';
import { legacyValidateEvent } from './event.js';
import { eventsToCore } from './event-conversion.js';

const metaOptions: ObjectMetaOptions = { namespaced: true, nameValidation: 'subdomain', standardFinalizers: true };

/** ValidateEventCreate for an events.k8s.io/v1 request. */
export function validateEventsGroupCreate(served: KubeObject): FieldError[] {
  const event = eventsToCore(served) as JsonRecord;
  const errors = [...legacyValidateEvent(event, 'events.k8s.io/v1'), ...validateObjectMetaCreate(served.metadata, metaOptions), ...validateSeries(event)];
  if (!event.eventTime) errors.push(fieldError.required('eventTime'));
  const type = asText(event.type);
  if (type !== 'Normal' && type !== 'Warning') errors.push(fieldError.invalid('type', '', `has invalid value: ${type}`));
  const unset = (field: string) => errors.push(fieldError.invalid(field, '', 'needs to be unset'));
  if (event.firstTimestamp) unset('firstTimestamp');
  if (event.lastTimestamp) unset('lastTimestamp');
  if (event.count) unset('count');
  const source = asRecord(event.source) ?? {};
  if (asText(source.component) || asText(source.host)) unset('source');
  return errors;
}

/** ValidateEventUpdate for an events.k8s.io/v1 request. */
export function validateEventsGroupUpdate(served: KubeObject, oldServed: KubeObject): FieldError[] {
  const event = eventsToCore(served) as JsonRecord;
  const old = eventsToCore(oldServed) as JsonRecord;
  const errors = [...legacyValidateEvent(event, 'events.k8s.io/v1'), ...validateObjectMetaUpdate(served.metadata, oldServed.metadata, metaOptions)];
  if (!semanticEqual(event.series ?? null, old.series ?? null)) errors.push(...validateSeries(event));
  // kube checks reason twice, so a changed reason is reported twice.
  const immutable: [string, (value: unknown) => unknown][] = [
    ['involvedObject', objectReferenceLiteral], ['reason', text], ['message', text], ['source', eventSourceLiteral],
    ['firstTimestamp', timeLiteral], ['lastTimestamp', timeLiteral], ['count', count], ['reason', text], ['type', text],
    ['eventTime', timeLiteral], ['action', text], ['related', relatedLiteral], ['reportingComponent', text], ['reportingInstance', text],
  ];
  for (const [field, render] of immutable) {
    if (semanticEqual(normalized(event[field]), normalized(old[field]))) continue;
    const path = field === 'reportingComponent' ? 'reportingController' : field;
    errors.push(fieldError.invalid(path, render(event[field]), fieldImmutableMessage));
  }
  return errors;
}

/** validateV1EventSeries: a series counts at least 2 and has a lastObservedTime. */
function validateSeries(event: JsonRecord): FieldError[] {
  const series = asRecord(event.series);
  if (!series) return [];
  const errors: FieldError[] = [];
  if (typeof series.count !== 'number' || series.count < 2) errors.push(fieldError.invalid('series.count', '', 'should be at least 2'));
  if (!series.lastObservedTime) errors.push(fieldError.required('series.lastObservedTime'));
  return errors;
}

// Absent, null, "" and {} are Go's zero values alike.
function normalized(value: unknown): unknown {
  if (value === undefined || value === '' || value === 0) return null;
  const record = asRecord(value);
  if (record && Object.values(record).every((item) => item === undefined || item === '')) return null;
  return value;
}

const text = (value: unknown): unknown => asText(value);
const count = (value: unknown): unknown => (typeof value === 'number' ? value : 0);

/** %#v of a core.ObjectReference, as field.Invalid prints a struct. */
function objectReferenceLiteral(value: unknown): GoLiteral {
  const reference = asRecord(value) ?? {};
  const fields = [['Kind', 'kind'], ['Namespace', 'namespace'], ['Name', 'name'], ['UID', 'uid'], ['APIVersion', 'apiVersion'], ['ResourceVersion', 'resourceVersion'], ['FieldPath', 'fieldPath']];
  return new GoLiteral(`core.ObjectReference{${fields.map(([goName, jsonName]) => `${goName}:${goQuote(asText(reference[jsonName!]))}`).join(', ')}}`);
}

// A nil *ObjectReference prints as "null" (field.Invalid dereferences pointers).
function relatedLiteral(value: unknown): unknown {
  return asRecord(value) ? objectReferenceLiteral(value) : null;
}

function eventSourceLiteral(value: unknown): GoLiteral {
  const source = asRecord(value) ?? {};
  return new GoLiteral(`core.EventSource{Component:${goQuote(asText(source.component))}, Host:${goQuote(asText(source.host))}}`);
}

/** A metav1.Time or MicroTime as its String(): Go's time.Time format, in UTC. */
function timeLiteral(value: unknown): GoLiteral {
  const match = typeof value === 'string' ? /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(value) : null;
  if (!match) return new GoLiteral('0001-01-01 00:00:00 +0000 UTC');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  return new GoLiteral(`${match[1]} ${match[2]}${fraction ? `.${fraction}` : ''} +0000 UTC`);
}
