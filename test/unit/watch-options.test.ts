/**
 * Watch options (src/endpoints/watch/watch-options.ts): where a watch starts (the resourceVersion table of the API
 * concepts document, with sendInitialEvents), bookmarks, the timeout, and kube v1.32's
 * validateWatchOptions with its texts (checked against kube-apiserver v1.32.13).
 */
import { describe, expect, it } from 'vitest';
import { StatusError } from '../../src/apimachinery/status.js';
import type { RequestScope } from '../../src/endpoints/handlers/scope.js';
import { parseWatchOptions } from '../../src/endpoints/watch/watch-options.js';

const scopeOf = (query: string) => ({ url: new URL(`http://edge.test/api/v1/namespaces/ns/configmaps?watch=1&${query}`), type: { group: '', kind: 'ConfigMap' } }) as unknown as RequestScope;
const parse = (query: string) => parseWatchOptions(scopeOf(query));

describe('where a watch starts', () => {
  it.each([
    ['no resourceVersion: the state, then changes', '', { from: 'state' }],
    ['resourceVersion=0: the state, then changes', 'resourceVersion=0', { from: 'state' }],
    ['a resourceVersion: the changes after it', 'resourceVersion=42', { from: 'resourceVersion', resourceVersion: 42 }],
    ['sendInitialEvents=true: the state', 'sendInitialEvents=true&resourceVersionMatch=NotOlderThan', { from: 'state' }],
    ['sendInitialEvents=true with a version: the state not older than it', 'sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=42', { from: 'state', notOlderThan: 42 }],
    ['sendInitialEvents=false without a version: from now', 'sendInitialEvents=false&resourceVersionMatch=NotOlderThan', { from: 'now' }],
    ['sendInitialEvents=false with resourceVersion=0: from now', 'sendInitialEvents=false&resourceVersionMatch=NotOlderThan&resourceVersion=0', { from: 'now' }],
    ['sendInitialEvents=false with a version: the changes after it', 'sendInitialEvents=false&resourceVersionMatch=NotOlderThan&resourceVersion=42', { from: 'resourceVersion', resourceVersion: 42 }],
  ])('%s', (_name, query, start) => {
    expect(parse(query).start).toEqual(start);
  });

  it('takes the label and field selectors', () => {
    const options = parse('labelSelector=a%3Db&fieldSelector=metadata.name%3Dx');
    expect([options.labelSelector, options.fieldSelector]).toEqual([
      { requirements: [{ key: 'a', operator: '=', values: ['b'] }] },
      { requirements: [{ field: 'metadata.name', operator: '=', value: 'x' }] },
    ]);
    expect([parse('').labelSelector, parse('').fieldSelector]).toEqual([undefined, undefined]);
  });
});

describe('bookmarks and timeout', () => {
  it.each([
    ['', false, false],
    ['allowWatchBookmarks=true', true, false],
    ['allowWatchBookmarks=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan', true, true],
    ['allowWatchBookmarks=false&sendInitialEvents=true&resourceVersionMatch=NotOlderThan', false, false],
    ['allowWatchBookmarks=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan', true, false],
  ])('%s: bookmarks %s, initial-events-end bookmark %s', (query, bookmarks, end) => {
    const options = parse(query);
    expect([options.allowWatchBookmarks, options.markInitialEventsEnd]).toEqual([bookmarks, end]);
  });

  it('takes timeoutSeconds, else a jittered 30-60 minutes', () => {
    expect(parse('timeoutSeconds=7').timeoutMillis).toBe(7000);
    const jittered = parse('').timeoutMillis;
    expect(jittered).toBeGreaterThanOrEqual(1_800_000);
    expect(jittered).toBeLessThan(3_600_000);
  });
});

function refusal(query: string) {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof StatusError) return error.status;
    throw error;
  }
  throw new Error('no error');
}

describe('validateWatchOptions', () => {
  it.each([
    ['sendInitialEvents without resourceVersionMatch', 'sendInitialEvents=true', ['resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan']],
    ['sendInitialEvents=false without resourceVersionMatch', 'sendInitialEvents=false', ['resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan']],
    ['resourceVersionMatch without sendInitialEvents', 'resourceVersionMatch=NotOlderThan', ['resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided']],
    ['resourceVersionMatch=Exact', 'sendInitialEvents=true&resourceVersionMatch=Exact', [
      'resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan',
      'resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"',
    ]],
    ['resourceVersionMatch with continue', 'sendInitialEvents=true&resourceVersionMatch=NotOlderThan&continue=abc', ['resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided']],
  ])('refuses %s with 422', (_name, query, causes) => {
    const status = refusal(query);
    expect(status.code).toBe(422);
    expect(status.reason).toBe('Invalid');
    expect(status.details?.causes?.map((cause) => `${cause.field}: ${cause.message}`)).toEqual(causes);
    expect(status.message).toBe(`ListOptions.meta.k8s.io "" is invalid: ${causes.length > 1 ? `[${causes.join(', ')}]` : causes[0]}`);
  });
});
