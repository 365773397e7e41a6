// The scope questions: every verb and subresource of a built-in core type, a built-in group's
// type, a custom type, Pods' and ServiceAccounts' subresources and the Namespace itself, asked
// with odd namespace segments (empty, dot and encoded-dot, encoded slash, overlong, unicode,
// upper case, space, NUL, ...) and with a real namespace as the control. A write of the control
// is a dry run, so that no question changes what the next one finds.
import { canaryLabel, crdGroup } from './seed.mjs';

/** Namespace segments as written on the wire, by name. */
export const segments = {
  'empty': '',
  'dot-dot encoded': '%2e%2e',
  'dot-dot encoded upper': '%2E%2E',
  'dot-dot': '..',
  'dot encoded': '%2e',
  'dot': '.',
  'encoded slash': 'scope-a%2Fx',
  'encoded slash alone': '%2F',
  'encoded backslash': '%5C',
  'overlong 64': 'n'.repeat(64),
  'overlong 300': 'n'.repeat(300),
  'unicode encoded': 'scope-%C3%BC',
  'unicode raw': 'scope-ü',
  'upper case': 'Scope-A',
  'space': 'scope-a%20',
  'NUL': 'scope-a%00',
  'star': '*',
  'missing': 'no-such-namespace',
  'control': 'scope-a',
};

const json = 'application/json';
const merge = 'application/merge-patch+json';
const container = { name: 'c', image: 'registry.k8s.io/pause:3.10' };

/** The types asked about: where they live, the seeded object's name, and bodies for writes. */
const types = [
  { base: '/api/v1', resource: 'configmaps', name: 'cm', object: (ns) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', ...ns }, data: { a: 'probe' } }), strategic: true },
  {
    base: '/apis/apps/v1', resource: 'deployments', name: 'dep', strategic: true,
    object: (ns) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'dep', ...ns }, spec: { replicas: 2, selector: { matchLabels: { app: 'dep' } }, template: { metadata: { labels: { app: 'dep' } }, spec: { containers: [container] } } } }),
  },
  { base: `/apis/${crdGroup}/v1`, resource: 'widgets', name: 'w', object: (ns) => ({ apiVersion: `${crdGroup}/v1`, kind: 'Widget', metadata: { name: 'w', ...ns }, spec: { replicas: 2 } }), strategic: false },
];

const labelPatch = { metadata: { labels: { patched: 'yes' } } };
const selector = (value) => `labelSelector=${encodeURIComponent(value)}`;

/** The questions about one namespaced type, its collection and its object, in namespace segment `ns`. */
function typeQuestions(type, ns) {
  const collection = `${type.base}/namespaces/${ns}/${type.resource}`;
  const object = `${collection}/${type.name}`;
  const elsewhere = { namespace: 'scope-b' };
  return [
    ['list', 'GET', collection],
    ['list with label selector', 'GET', `${collection}?${selector(`${canaryLabel}=true`)}`],
    ['watch', 'GET', `${collection}?watch=1`],
    ['watch path', 'GET', `${type.base}/watch/namespaces/${ns}/${type.resource}`],
    ['create', 'POST', collection, json, { ...type.object({}), metadata: { name: 'probe-new' } }],
    ['create naming another namespace', 'POST', collection, json, { ...type.object({}), metadata: { name: 'probe-new', ...elsewhere } }],
    ['deletecollection', 'DELETE', collection],
    ['deletecollection with label selector', 'DELETE', `${collection}?${selector(`${canaryLabel}=true`)}`],
    ['deletecollection with set-based selector', 'DELETE', `${collection}?${selector(`${canaryLabel} in (true)`)}`],
    ['deletecollection with selector matching nothing', 'DELETE', `${collection}?${selector('nothing=here')}`],
    ['deletecollection with empty selector', 'DELETE', `${collection}?labelSelector=`],
    ['deletecollection with field selector', 'DELETE', `${collection}?fieldSelector=${encodeURIComponent(`metadata.name=${type.name}`)}`],
    ['deletecollection with invalid selector', 'DELETE', `${collection}?${selector('a in (')}`],
    ['deletecollection with watch', 'DELETE', `${collection}?watch=1`],
    ['deletecollection dry run', 'DELETE', `${collection}?dryRun=All`],
    ['get', 'GET', object],
    ['update', 'PUT', object, json, type.object({})],
    ['update naming another namespace', 'PUT', object, json, type.object(elsewhere)],
    ['patch merge', 'PATCH', object, merge, labelPatch],
    ['patch json', 'PATCH', object, 'application/json-patch+json', [{ op: 'add', path: '/metadata/labels/patched', value: 'yes' }]],
    ...(type.strategic ? [['patch strategic', 'PATCH', object, 'application/strategic-merge-patch+json', labelPatch]] : []),
    ['apply', 'PATCH', `${object}?fieldManager=probe`, 'application/apply-patch+yaml', type.object({})],
    ['delete', 'DELETE', object],
    ['delete dry run', 'DELETE', `${object}?dryRun=All`],
  ].map(([shape, method, target, contentType, body]) => ({ group: type.resource, shape, method, target, contentType, body }));
}

/** Subresources: of Deployments, the custom type, Pods and ServiceAccounts. */
function subresourceQuestions(ns) {
  const dep = `/apis/apps/v1/namespaces/${ns}/deployments/dep`;
  const widget = `/apis/${crdGroup}/v1/namespaces/${ns}/widgets/w`;
  const pod = `/api/v1/namespaces/${ns}/pods/pod`;
  const scale = (replicas) => ({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'dep' }, spec: { replicas } });
  const eviction = { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'pod', namespace: 'scope-b' } };
  return [
    ['deployments', 'status get', 'GET', `${dep}/status`],
    ['deployments', 'status update', 'PUT', `${dep}/status`, json, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'dep' }, spec: { selector: { matchLabels: { app: 'dep' } }, template: { metadata: { labels: { app: 'dep' } }, spec: { containers: [container] } } } }],
    ['deployments', 'status patch', 'PATCH', `${dep}/status`, merge, { status: { observedGeneration: 7 } }],
    ['deployments', 'scale get', 'GET', `${dep}/scale`],
    ['deployments', 'scale update', 'PUT', `${dep}/scale`, json, scale(3)],
    ['deployments', 'scale patch', 'PATCH', `${dep}/scale`, merge, { spec: { replicas: 3 } }],
    ['widgets', 'status get', 'GET', `${widget}/status`],
    ['widgets', 'status patch', 'PATCH', `${widget}/status`, merge, { status: { replicas: 4 } }],
    ['widgets', 'scale get', 'GET', `${widget}/scale`],
    ['widgets', 'scale patch', 'PATCH', `${widget}/scale`, merge, { spec: { replicas: 3 } }],
    ['pods', 'get', 'GET', pod],
    ['pods', 'delete', 'DELETE', pod],
    ['pods', 'status get', 'GET', `${pod}/status`],
    ['pods', 'status patch', 'PATCH', `${pod}/status`, merge, { status: { message: 'probe' } }],
    ['pods', 'eviction naming another namespace', 'POST', `${pod}/eviction`, json, eviction],
    ['pods', 'eviction', 'POST', `${pod}/eviction`, json, { ...eviction, metadata: { name: 'pod' } }],
    ['pods', 'binding', 'POST', `${pod}/binding`, json, { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'pod' }, target: { kind: 'Node', name: 'node-1' } }],
    ['pods', 'log', 'GET', `${pod}/log`],
    ['pods', 'ephemeralcontainers get', 'GET', `${pod}/ephemeralcontainers`],
    ['serviceaccounts', 'token', 'POST', `/api/v1/namespaces/${ns}/serviceaccounts/sa/token`, json, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} }],
  ].map(([group, shape, method, target, contentType, body]) => ({ group, shape, method, target, contentType, body }));
}

/** The Namespace itself with the segment as its name: read, write, status and finalize. */
function namespaceQuestions(ns) {
  const path = `/api/v1/namespaces/${ns}`;
  const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'scope-a' } };
  return [
    ['get', 'GET', path],
    ['update', 'PUT', path, json, namespace],
    ['patch merge', 'PATCH', path, merge, labelPatch],
    ['delete', 'DELETE', path],
    ['status get', 'GET', `${path}/status`],
    ['status update', 'PUT', `${path}/status`, json, namespace],
    ['finalize', 'PUT', `${path}/finalize`, json, { ...namespace, spec: { finalizers: [] } }],
  ].map(([shape, method, target, contentType, body]) => ({ group: 'namespaces', shape, method, target, contentType, body }));
}

/** Object names that are no names, in a real namespace: empty before a subresource, a `%`, overlong. */
function nameQuestions() {
  const ns = '/api/v1/namespaces/scope-a';
  const dep = '/apis/apps/v1/namespaces/scope-a/deployments';
  const configMap = (name) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'probe' } });
  const long = 'n'.repeat(300);
  return [
    ['deployments', 'empty name status get', 'GET', `${dep}//status`],
    ['deployments', 'empty name status update', 'PUT', `${dep}//status`, json, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'dep' } }],
    ['deployments', 'empty name scale get', 'GET', `${dep}//scale`],
    ['pods', 'empty name eviction', 'POST', `${ns}/pods//eviction`, json, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'pod' } }],
    ['pods', 'empty name log', 'GET', `${ns}/pods//log`],
    ['serviceaccounts', 'empty name token', 'POST', `${ns}/serviceaccounts//token`, json, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} }],
    ['configmaps', 'percent name get', 'GET', `${ns}/configmaps/a%25b`],
    ['configmaps', 'percent name update', 'PUT', `${ns}/configmaps/a%25b`, json, configMap('a%b')],
    ['configmaps', 'percent name patch', 'PATCH', `${ns}/configmaps/a%25b`, merge, labelPatch],
    ['configmaps', 'percent name delete', 'DELETE', `${ns}/configmaps/a%25b`],
    ['widgets', 'percent name get', 'GET', `/apis/${crdGroup}/v1/namespaces/scope-a/widgets/a%25b`],
    ['configmaps', 'overlong name get', 'GET', `${ns}/configmaps/${long}`],
    ['configmaps', 'overlong name delete', 'DELETE', `${ns}/configmaps/${long}`],
  ].map(([group, shape, method, target, contentType, body]) => ({ group, shape, method, target, contentType, body }));
}

/** A dry run of a write (the control's writes), unchanged otherwise. */
function dryRun(question) {
  if (question.method === 'GET' || question.target.includes('dryRun=')) return question;
  return { ...question, target: `${question.target}${question.target.includes('?') ? '&' : '?'}dryRun=All` };
}

/** Every question: `id` is `segment name: group shape`; `idle` marks answers that stream (watches). */
export function scopeQuestions() {
  const bySegment = Object.entries(segments).map(([segmentName, ns]) => [segmentName, [...types.flatMap((type) => typeQuestions(type, ns)), ...subresourceQuestions(ns), ...namespaceQuestions(ns)]]);
  return [...bySegment, ['odd names', nameQuestions()]].flatMap(([segmentName, questions]) => questions.map((question) => {
    const asked = segmentName === 'control' ? dryRun(question) : question;
    return {
      id: `${segmentName}: ${asked.group} ${asked.shape}`, segment: segmentName, ...asked,
      ...(asked.body === undefined ? {} : { body: JSON.stringify(asked.body) }),
      ...(asked.shape.startsWith('watch') ? { idle: true } : {}),
    };
  }));
}
