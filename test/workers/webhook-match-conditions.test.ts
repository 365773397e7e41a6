/**
 * Webhook configurations refuse match conditions whose CEL does not compile to a bool, with
 * kube-apiserver v1.32.13's causes (asked with the configuration below: both kinds answer alike).
 * The upstream conformance specs "should reject validating/mutating webhook configurations with
 * invalid match conditions" failed here before: edge stored them.
 */
import { describe, expect, it } from 'vitest';
import { api } from './api-client.js';

const configuration = (kind: string, name: string, matchConditions: unknown[]) => ({
  apiVersion: 'admissionregistration.k8s.io/v1', kind, metadata: { name },
  webhooks: [{
    name: 'a.example.com', clientConfig: { url: 'https://example.com/x' }, sideEffects: 'None', admissionReviewVersions: ['v1'],
    rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
    matchConditions,
  }],
});

const conditions = [
  { name: 'invalid-expression-1', expression: '... [] bad expression' },
  { name: 'ok', expression: 'true' },
  { name: 'notbool', expression: '"x"' },
  { name: 'params', expression: 'params == null' },
];

// kube's parser words the syntax error "no viable alternative at input '..'"; edge's CEL parser
// (src/cel) words it its own way after the same position: only the text up to it is compared.
const causes = [
  {
    reason: 'FieldValueInvalid', field: 'webhooks[0].matchConditions[0].expression',
    message: expect.stringMatching(/^Invalid value: "\.\.\. \[\] bad expression": compilation failed: ERROR: <input>:1:2: Syntax error: .*\n \| \.\.\. \[\] bad expression\n \| \.\^$/),
  },
  { reason: 'FieldValueInvalid', field: 'webhooks[0].matchConditions[2].expression', message: 'Invalid value: "\\"x\\"": must evaluate to bool but got string' },
  {
    reason: 'FieldValueInvalid', field: 'webhooks[0].matchConditions[3].expression',
    message: "Invalid value: \"params == null\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params == null\n | ^",
  },
];

describe('webhook configurations with match conditions', () => {
  for (const [kind, resource] of [['ValidatingWebhookConfiguration', 'validatingwebhookconfigurations'], ['MutatingWebhookConfiguration', 'mutatingwebhookconfigurations']] as const) {
    it(`refuses a ${kind} whose conditions do not compile to a bool, and stores a valid one`, async () => {
      const path = `/apis/admissionregistration.k8s.io/v1/${resource}`;
      const refused = await api('POST', path, { body: configuration(kind, 'bad', conditions) });
      expect([refused.status, refused.json.reason, refused.json.details.causes]).toEqual([422, 'Invalid', causes]);
      const created = await api('POST', path, { body: configuration(kind, 'good', [conditions[1]]) });
      expect(created.status).toBe(201);
      const update = { ...created.json, webhooks: [{ ...created.json.webhooks[0], matchConditions: [conditions[2]] }] };
      expect((await api('PUT', `${path}/good`, { body: update })).json.details.causes).toEqual([{ ...causes[1], field: 'webhooks[0].matchConditions[0].expression' }]);
    });
  }
});
