// The objects the scope questions are asked around (scripts/scope-probe.mjs on the reference
// kube-apiserver, the scope suites on this server): two namespaces, each with one object of every
// type the questions touch, all labelled, and a snapshot of them that says whether any changed.
import { rawRequest } from './raw-request.mjs';

export const seededNamespaces = ['scope-a', 'scope-b'];
export const canaryLabel = 'scope-canary';
export const crdGroup = 'scope.example.com';

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `widgets.${crdGroup}` },
  spec: {
    group: crdGroup, scope: 'Namespaced', names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { replicas: { type: 'integer' } } }, status: { type: 'object', properties: { replicas: { type: 'integer' }, selector: { type: 'string' } } } } } },
      subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
    }],
  },
};

const labels = { [canaryLabel]: 'true' };
const container = { name: 'c', image: 'registry.k8s.io/pause:3.10' };

/** The seeded objects of one namespace: list path (under the namespace), and body. */
export function seededObjects(namespace) {
  const ns = `/api/v1/namespaces/${namespace}`;
  return [
    { list: '/api/v1/configmaps', path: `${ns}/configmaps`, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', labels }, data: { a: namespace } } },
    { list: '/api/v1/secrets', path: `${ns}/secrets`, body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'secret', labels }, stringData: { a: namespace } } },
    { list: '/api/v1/serviceaccounts', path: `${ns}/serviceaccounts`, body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'sa', labels } } },
    { list: '/api/v1/pods', path: `${ns}/pods`, body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod', labels }, spec: { serviceAccountName: 'sa', automountServiceAccountToken: false, containers: [container] } } },
    {
      list: '/apis/apps/v1/deployments', path: `/apis/apps/v1/namespaces/${namespace}/deployments`,
      body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'dep', labels }, spec: { replicas: 1, selector: { matchLabels: { app: 'dep' } }, template: { metadata: { labels: { app: 'dep' } }, spec: { serviceAccountName: 'sa', automountServiceAccountToken: false, containers: [container] } } } },
    },
    { list: `/apis/${crdGroup}/v1/widgets`, path: `/apis/${crdGroup}/v1/namespaces/${namespace}/widgets`, body: { apiVersion: `${crdGroup}/v1`, kind: 'Widget', metadata: { name: 'w', labels }, spec: { replicas: 1 } } },
  ];
}

/** Every list the snapshot reads (labelled objects of every namespace). */
export const snapshotLists = ['/api/v1/namespaces', ...seededObjects('x').map((object) => object.list)];

/** A JSON request as the admin; resolves with status and parsed body (null when not JSON). */
export async function adminJson(server, token, method, path, body, contentType = 'application/json') {
  const answer = await rawRequest(server, {
    method, target: path, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': contentType }) },
  });
  let json = null;
  try {
    json = JSON.parse(answer.body);
  } catch {
    // not JSON
  }
  return { status: answer.status, json, text: answer.body };
}

async function must(server, token, method, path, body, accepted = [200, 201]) {
  const answer = await adminJson(server, token, method, path, body);
  if (!accepted.includes(answer.status)) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer;
}

/** Creates what is missing of the seeded namespaces, CRD and objects (409 for what exists). */
export async function seed(server, token, namespaces = seededNamespaces) {
  await must(server, token, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd, [201, 409]);
  for (let attempt = 0; ; attempt++) {
    const established = (await adminJson(server, token, 'GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd.metadata.name}`)).json;
    if (established?.status?.conditions?.some((condition) => condition.type === 'Established' && condition.status === 'True')) break;
    if (attempt > 100) throw new Error('the CRD did not become Established');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const namespace of namespaces) {
    await must(server, token, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace, labels } }, [201, 409]);
    for (const object of seededObjects(namespace)) {
      // A CRD's objects are served a moment after it is Established on some servers.
      for (let attempt = 0; ; attempt++) {
        const answer = await adminJson(server, token, 'POST', object.path, object.body);
        if ([201, 409].includes(answer.status)) break;
        if (attempt > 50 || answer.status !== 404) throw new Error(`POST ${object.path}: ${answer.status} ${answer.text.slice(0, 300)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
}

/** Every labelled object as `list namespace/name uid resourceVersion`, sorted. */
export async function snapshot(server, token) {
  const answers = await Promise.all(snapshotLists.map((list) => must(server, token, 'GET', `${list}?labelSelector=${canaryLabel}%3Dtrue`)));
  const lines = answers.flatMap((answer, index) => answer.json.items.map((item) =>
    `${snapshotLists[index]} ${item.metadata.namespace ?? ''}/${item.metadata.name} ${item.metadata.uid} ${item.metadata.resourceVersion}`));
  return lines.sort();
}
