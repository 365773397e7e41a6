// A fixed sequence of requests whose audit events are compared between the reference
// kube-apiserver (recorded once into test/fixtures/audit/reference-events.jsonl by
// scripts/record-audit-reference.mjs) and this server (test/e2e/audit.test.ts), under the policy of
// test/fixtures/audit/policy.yaml: namespace audit-metadata at Metadata, audit-request at Request,
// audit-rr at RequestResponse. Each request carries an Audit-ID naming it, so events pair up.

/** The requests: [id, method, path, body?, extra headers?]; `token` is the admin's bearer token. */
export function auditRequests() {
  const requests = [['version', 'GET', '/version'], ['unauthenticated', 'GET', '/api/v1/namespaces/audit-metadata/configmaps', undefined, { authorization: 'Bearer nope' }]];
  for (const ns of ['audit-metadata', 'audit-request', 'audit-rr']) {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'demo', namespace: ns }, data: { a: '1' } };
    requests.push(
      [`${ns}-create`, 'POST', `/api/v1/namespaces/${ns}/configmaps`, cm],
      [`${ns}-get`, 'GET', `/api/v1/namespaces/${ns}/configmaps/demo`],
      [`${ns}-get-missing`, 'GET', `/api/v1/namespaces/${ns}/configmaps/missing`],
      [`${ns}-patch`, 'PATCH', `/api/v1/namespaces/${ns}/configmaps/demo`, { data: { b: '2' } }, { 'content-type': 'application/merge-patch+json' }],
      [`${ns}-forbidden`, 'GET', `/api/v1/namespaces/${ns}/secrets`, undefined, { 'impersonate-user': 'nobody' }],
      [`${ns}-delete`, 'DELETE', `/api/v1/namespaces/${ns}/configmaps/demo`],
    );
  }
  // What kube logs of decoded objects (LogRequestObject), at RequestResponse.
  // A Deployment, not a Pod: the reference runs without kcm, so no `default` ServiceAccount admits pods.
  const deployment = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' },
    spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } } },
  };
  const base = '/api/v1/namespaces/audit-rr/configmaps';
  requests.push(
    ['rr-deployment-create', 'POST', '/apis/apps/v1/namespaces/audit-rr/deployments', deployment],
    ['rr-strict-failure', 'POST', `${base}?fieldValidation=Strict`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'strict' }, bogus: 1 }],
    ['rr-create-again', 'POST', base, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'again' } }],
    ['rr-update', 'PUT', `${base}/again`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'again' }, data: { x: 'y' } }],
    ['rr-list-by-name', 'GET', `${base}?fieldSelector=metadata.name%3Dagain`],
    ['rr-not-acceptable', 'GET', `${base}/again`, undefined, { accept: 'application/bogus' }],
    ['rr-delete-with-options', 'DELETE', `${base}/again`, { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' }],
  );
  return requests;
}

/** A policy annotating the audit event of each ConfigMap created in audit-rr (validationActions: Audit). */
function admissionPolicy() {
  const base = '/apis/admissionregistration.k8s.io/v1';
  return [
    [`${base}/validatingadmissionpolicies`, {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'audit-annotations' },
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
        auditAnnotations: [{ key: 'created', valueExpression: "'configmap ' + object.metadata.name" }],
      },
    }],
    [`${base}/validatingadmissionpolicybindings`, {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: 'audit-annotations' },
      spec: { policyName: 'audit-annotations', validationActions: ['Audit'], matchResources: { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'audit-rr' } } } },
    }],
  ];
}

/** The audit IDs whose events are compared: the requests', and the namespaces' creations (Request level). */
export function comparedIds() {
  return new Set([...auditRequests().map(([id]) => id), ...['audit-metadata', 'audit-request', 'audit-rr'].map((ns) => `setup-${ns}`)]);
}

/** Sends every request to `url` (namespaces made first, outside the compared set). */
export async function sendAuditRequests(url, token) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-agent': 'audit-comparison' };
  for (const ns of ['audit-metadata', 'audit-request', 'audit-rr']) {
    await fetch(`${url}/api/v1/namespaces`, { method: 'POST', headers: { ...headers, 'audit-id': `setup-${ns}` }, body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }) }).then((r) => r.arrayBuffer());
  }
  // A ValidatingAdmissionPolicy whose audit annotation lands on the audit-rr creates' events;
  // both servers load a new policy in the background, so the requests wait for it.
  for (const [path, object] of admissionPolicy()) {
    await fetch(`${url}${path}`, { method: 'POST', headers: { ...headers, 'audit-id': `setup-${object.kind}` }, body: JSON.stringify(object) }).then((r) => r.arrayBuffer());
  }
  await new Promise((resolve) => setTimeout(resolve, 2500));
  for (const [id, method, path, body, extra] of auditRequests()) {
    const response = await fetch(`${url}${path}`, { method, headers: { ...headers, 'audit-id': id, ...extra }, ...(body ? { body: JSON.stringify(body) } : {}) });
    await response.arrayBuffer();
  }
}

const volatile = new Set(['auditID', 'requestReceivedTimestamp', 'stageTimestamp', 'uid', 'resourceVersion', 'creationTimestamp', 'time', 'managedFields', 'generation']);

/** An event without what differs between any two runs (ids, times, uids, versions). */
export function normalizeEvent(value) {
  if (Array.isArray(value)) return value.map(normalizeEvent);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !volatile.has(key)).map(([key, inner]) => [key, normalizeEvent(inner)]));
}

/** The compared events of an audit log's lines, keyed `<audit id> <stage>`. */
export function comparedEvents(lines) {
  const ids = comparedIds();
  const events = new Map();
  for (const line of lines.split('\n').filter(Boolean)) {
    const event = JSON.parse(line);
    if (ids.has(event.auditID)) events.set(`${event.auditID} ${event.stage}`, normalizeEvent(event));
  }
  return events;
}
