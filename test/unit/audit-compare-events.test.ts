/** scripts/audit-compare/events.mjs: how `npm run audit-compare` pairs and compares two audit logs. */
import { describe, expect, it } from 'vitest';
import { align, compare, normalize, requestsOf } from '../../scripts/audit-compare/events.mjs';

const event = (id: string, verb: string, uri: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ auditID: id, stage: 'ResponseComplete', verb, requestURI: uri, requestReceivedTimestamp: `2026-01-01T00:00:0${id.slice(-1)}.000000Z`, ...extra });

describe('audit log comparison', () => {
  it('pairs requests by verb and normalized URI, leaving extra polls unpaired', () => {
    const kube = requestsOf([event('k1', 'get', '/api/v1/namespaces/acc-03crud-123/configmaps/a'), event('k2', 'get', '/x'), event('k3', 'get', '/x'), event('k4', 'delete', '/y')].join('\n'));
    const edge = requestsOf([event('e1', 'get', '/api/v1/namespaces/acc-03crud-98765/configmaps/a'), event('e2', 'get', '/x'), event('e4', 'delete', '/y')].join('\n'));
    const pairs = align(kube, edge).map(([a, b]) => [a?.stages.ResponseComplete?.auditID ?? null, b?.stages.ResponseComplete?.auditID ?? null]);
    expect(pairs).toEqual([['k1', 'e1'], ['k2', 'e2'], ['k3', null], ['k4', 'e4']]);
  });

  it('ignores volatile fields and random names but reports any other difference by path', () => {
    expect(normalize({ auditID: 'a', objectRef: { uid: 'u', name: 'gen-ab12c', namespace: 'acc-05watch-1' }, message: 'uid 0b06707b-17e9-4837-904a-42577e987862' }))
      .toEqual({ objectRef: { name: 'gen-XXXXX', namespace: 'acc-05watch-N' }, message: 'uid UUID' });
    const kube = requestsOf(event('k1', 'create', '/p', { requestObject: { a: 1, b: 2 } }));
    const edge = requestsOf(event('e1', 'create', '/p', { requestObject: { a: 1, b: 3 } }));
    expect(compare(align(kube, edge))).toEqual([{ key: 'create /p', stage: 'ResponseComplete', diffs: [{ path: '.requestObject.b', a: 2, b: 3 }] }]);
  });
});
