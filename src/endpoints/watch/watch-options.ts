/**
 * ListOptions of a watch: kube v1.32's validateWatchOptions (WatchList enabled), the timeout
 * with kube's jitter, and where the watch starts (the resourceVersion table of the API concepts
 * document, with sendInitialEvents).
 */
import { type FieldError, fieldError } from '../../apimachinery/field-errors.js';
import type { RequestScope } from '../handlers/scope.js';
import { parseSelectors } from '../handlers/list-options.js';
import { optionsInvalid, parseBooleanParameter, parseIntegerParameter } from '../handlers/query-options.js';
import { parseResourceVersion } from '../../registry/list-query.js';
import type { FieldSelector } from '../../apimachinery/selectors/fields.js';
import type { LabelSelector } from '../../apimachinery/selectors/labels.js';
import type { WatchStart } from '../../storage/types.js';

/** kube-apiserver's --min-request-timeout default: watches last 1800-3600 s unless asked otherwise. */
export const minRequestTimeoutSeconds = 1800;

export interface WatchOptions {
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
  start: WatchStart;
  allowWatchBookmarks: boolean;
  /** Send the BOOKMARK marked `k8s.io/initial-events-end` after the initial state. */
  markInitialEventsEnd: boolean;
  timeoutMillis: number;
}

/** Parses and validates a watch request; throws 400/422 like kube. */
export function parseWatchOptions(scope: RequestScope): WatchOptions {
  const query = scope.url.searchParams;
  const resourceVersion = query.get('resourceVersion') ?? '';
  const match = query.get('resourceVersionMatch') ?? '';
  const sendInitialEvents = query.has('sendInitialEvents') ? parseBooleanParameter(query, 'sendInitialEvents') : undefined;
  const errors = validateWatchOptions(match, sendInitialEvents, query.get('continue') ?? '');
  if (errors.length) optionsInvalid('ListOptions', errors);
  const allowWatchBookmarks = parseBooleanParameter(query, 'allowWatchBookmarks');
  return {
    ...parseSelectors(scope, query),
    start: watchStart(parseResourceVersion(resourceVersion), resourceVersion, sendInitialEvents),
    allowWatchBookmarks,
    markInitialEventsEnd: sendInitialEvents === true && allowWatchBookmarks,
    timeoutMillis: watchTimeoutMillis(parseIntegerParameter(query, 'timeoutSeconds', 0)),
  };
}

/**
 * Without sendInitialEvents, "" and "0" get the state then changes, a version gets the changes
 * after it. sendInitialEvents=true always gets the state (not older than the version);
 * sendInitialEvents=false never does.
 */
function watchStart(resourceVersion: number, text: string, sendInitialEvents: boolean | undefined): WatchStart {
  if (sendInitialEvents === true) return resourceVersion ? { from: 'state', notOlderThan: resourceVersion } : { from: 'state' };
  if (text === '' || text === '0') return sendInitialEvents === false ? { from: 'now' } : { from: 'state' };
  return { from: 'resourceVersion', resourceVersion };
}

/** The watch's lifetime: `timeoutSeconds` if given, else kube's jittered [min, 2*min) request timeout. */
export function watchTimeoutMillis(timeoutSeconds: number, random: () => number = Math.random): number {
  if (timeoutSeconds > 0) return timeoutSeconds * 1000;
  return minRequestTimeoutSeconds * (random() + 1) * 1000;
}

/** metainternalversion validation.validateWatchOptions (v1.32, WatchList enabled). */
function validateWatchOptions(match: string, sendInitialEvents: boolean | undefined, continueToken: string): FieldError[] {
  const errors: FieldError[] = [];
  if (sendInitialEvents !== undefined && match !== 'NotOlderThan') {
    errors.push(fieldError.forbidden('resourceVersionMatch', 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
  }
  if (match) {
    if (sendInitialEvents === undefined) errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
    if (match !== 'NotOlderThan') errors.push(fieldError.notSupported('resourceVersionMatch', match, ['NotOlderThan']));
    if (continueToken) errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
  }
  return errors;
}
