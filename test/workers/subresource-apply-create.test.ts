/**
 * A server-side apply through a subresource never creates an object the kind's own create would
 * refuse. kube-apiserver v1.32.13 answers an apply of a missing pod's or deployment's /status
 * with 404, as every StatusREST but one passes forceAllowCreate=false to the store; the one,
 * ValidatingAdmissionPolicy's, creates through the kind's create strategy: a policy without a
 * spec is refused (422), a valid one is created with generation 1 and an empty status. The
 * upstream spec "ValidatingAdmissionPolicy API operations" deletes a policy and gets it at once;
 * kube-controller-manager's status controller, applying /status just after the delete, had
 * recreated it here (a policy with no spec, generation 0) and the get found it.
 */
import { describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

const apply = { 'content-type': 'application/apply-patch+yaml' };
const policies = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies';

/** What kube-controller-manager's validatingadmissionpolicy-status controller applies. */
const statusOnly = (name: string) => ({
  apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name },
  status: { observedGeneration: 1, typeChecking: {} },
});

const applyStatus = (path: string, body: unknown) => api('PATCH', `${path}/status?fieldManager=validatingadmissionpolicy-status&force=true`, { body, headers: apply });

describe('server-side apply of a missing object through /status', () => {
  it("answers 404 for a pod's and a deployment's /status", async () => {
    const namespace = await freshNamespace('status-apply');
    const pod = await applyStatus(`/api/v1/namespaces/${namespace}/pods/nope`, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nope' }, status: { phase: 'Running' } });
    expect([pod.status, pod.json.reason, pod.json.message, pod.json.details]).toEqual([404, 'NotFound', 'pods "nope" not found', { name: 'nope', kind: 'pods' }]);
    const deployment = await applyStatus(`/apis/apps/v1/namespaces/${namespace}/deployments/nope`, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'nope' }, status: {} });
    expect([deployment.status, deployment.json.message]).toEqual([404, 'deployments.apps "nope" not found']);
    expect((await api('GET', `/api/v1/namespaces/${namespace}/pods/nope`)).status).toBe(404);
  });

  it('validates a ValidatingAdmissionPolicy created through /status as its create does', async () => {
    const refused = await applyStatus(`${policies}/status-only`, statusOnly('status-only'));
    expect([refused.status, refused.json.reason, refused.json.details.causes.map((cause: any) => cause.field)])
      .toEqual([422, 'Invalid', ['spec.matchConstraints', 'spec.validations', 'spec.auditAnnotations']]);
    expect((await api('GET', `${policies}/status-only`)).status).toBe(404);

    const valid = {
      ...statusOnly('with-spec'),
      spec: { matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['nopes'] }] }, validations: [{ expression: 'true' }] },
      status: { observedGeneration: 5 },
    };
    const created = await applyStatus(`${policies}/with-spec`, valid);
    expect([created.status, created.json.metadata.generation, created.json.status, created.json.spec.failurePolicy]).toEqual([201, 1, {}, 'Fail']);
    expect((await api('DELETE', `${policies}/with-spec`)).status).toBe(200);
  });

  it('leaves a deleted policy deleted when its status controller applies after the delete', async () => {
    const policy = {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'deleted-then-applied' },
      spec: { matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] }] }, validations: [{ expression: 'object.spec.replicas <= 100' }] },
    };
    expect((await api('POST', policies, { body: policy })).status).toBe(201);
    expect((await api('DELETE', `${policies}/deleted-then-applied`)).status).toBe(200);
    expect((await applyStatus(`${policies}/deleted-then-applied`, statusOnly('deleted-then-applied'))).status).toBe(422);
    expect((await api('GET', `${policies}/deleted-then-applied`)).status).toBe(404);
  });
});
