/**
 * A patch whose result does not fit the kind's Go types is refused as kube refuses it: 422, an
 * Invalid Status on the field `patch`. For a strategic merge patch (its FromUnstructured
 * conversion fails) the patch printed as Go prints a map and converter.go's reason; for merge and
 * JSON patches the patched document and the decoder's error. Recorded from the reference
 * kube-apiserver v1.32.13.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const paths: Record<string, () => string> = {
  cm: () => `/api/v1/namespaces/${ns}/configmaps/smp`,
  deploy: () => `/apis/apps/v1/namespaces/${ns}/deployments/smpd`,
  deployStatus: () => `/apis/apps/v1/namespaces/${ns}/deployments/smpd/status`,
};

beforeAll(async () => {
  ns = await freshNamespace('smp');
  await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'smp', labels: { a: 'b' } }, data: { a: '1' } } });
  const deployment = await api('POST', `/apis/apps/v1/namespaces/${ns}/deployments`, {
    body: {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'smpd' },
      spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } },
    },
  });
  expect(deployment.status).toBe(201);
});

// [target, patch, the patch as Go prints it, converter error]
const rows: [string, unknown, string, string][] = [
  ['cm', { data: 'x' }, 'map[data:x]', 'cannot restore map from string'],
  ['cm', { metadata: { labels: 'x' } }, 'map[metadata:map[labels:x]]', 'cannot restore map from string'],
  ['cm', { metadata: { labels: 5 } }, 'map[metadata:map[labels:5]]', 'cannot restore map from int64'],
  ['cm', { metadata: 'x' }, 'map[metadata:x]', 'cannot restore struct from: string'],
  ['deploy', { spec: { template: 'x' } }, 'map[spec:map[template:x]]', 'cannot restore struct from: string'],
  ['deploy', { spec: { template: { spec: { containers: 'x' } } } }, 'map[spec:map[template:map[spec:map[containers:x]]]]', 'cannot restore slice from string'],
  ['deploy', { spec: { template: { spec: { containers: [{ name: 'c', resources: 'x' }] } } } }, 'map[spec:map[template:map[spec:map[containers:[map[name:c resources:x]]]]]]', 'cannot restore struct from: string'],
  ['deploy', { spec: { selector: { matchLabels: ['a'] } } }, 'map[spec:map[selector:map[matchLabels:[a]]]]', 'cannot restore map from slice'],
  ['cm', { data: { a: { b: 'c' } } }, 'map[data:map[a:map[b:c]]]', 'unrecognized type: string'],
  ['deploy', { spec: { replicas: 'x' } }, 'map[spec:map[replicas:x]]', 'unrecognized type: int32'],
  ['deploy', { spec: 'x' }, 'map[spec:x]', 'cannot restore struct from: string'],
  ['deploy', { spec: { replicas: 1.5 } }, 'map[spec:map[replicas:1.5]]', 'cannot convert float64 to int32'],
  ['cm', { data: { a: 5 } }, 'map[data:map[a:5]]', 'cannot convert int64 to string'],
  ['cm', { data: { a: true } }, 'map[data:map[a:true]]', 'unrecognized type: string'],
  ['cm', { data: { a: 1.5e-7, b: 1e22 } }, 'map[data:map[a:1.5e-07 b:1e+22]]', 'unrecognized type: string'],
  ['deploy', { spec: { template: { spec: { containers: [{ name: 'c', resources: { limits: { cpu: { x: 1 } } } }] } } } }, 'map[spec:map[template:map[spec:map[containers:[map[name:c resources:map[limits:map[cpu:map[x:1]]]]]]]]]', "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
  ['deploy', { spec: { strategy: { rollingUpdate: { maxSurge: { a: 1 } } } } }, 'map[spec:map[strategy:map[rollingUpdate:map[maxSurge:map[a:1]]]]]', 'json: cannot unmarshal object into Go value of type int32'],
  ['deploy', { spec: { paused: 'yes' } }, 'map[spec:map[paused:yes]]', 'unrecognized type: bool'],
  ['deployStatus', { status: { replicas: 'x' } }, 'map[status:map[replicas:x]]', 'unrecognized type: int32'],
  ['deploy', { metadata: { creationTimestamp: 5 } }, 'map[metadata:map[creationTimestamp:5]]', 'json: cannot unmarshal number into Go value of type string'],
  ['cm', { binaryData: { a: 5 } }, 'map[binaryData:map[a:5]]', 'cannot restore slice from int64'],
];

describe('strategic merge patches that do not convert back to the Go type', () => {
  it.each(rows)('%s %j', async (target, patch, printed, reason) => {
    const response = await api('PATCH', paths[target]!(), { body: patch, headers: { 'content-type': 'application/strategic-merge-patch+json' } });
    const message = `Invalid value: ${JSON.stringify(printed)}: ${reason}`;
    expect(response.json).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: ` "" is invalid: patch: ${message}`, reason: 'Invalid',
      details: { causes: [{ reason: 'FieldValueInvalid', message, field: 'patch' }] }, code: 422,
    });
  });

});

describe('merge and JSON patches whose result does not decode', () => {
  // The patched document as evanphx/json-patch writes it: objects the patch reached and Go maps
  // sorted, the rest in kube's field order.
  const document = (cm: any, data: string, labels: string) =>
    `{"apiVersion":"v1","data":${data},"kind":"ConfigMap","metadata":{"name":"mp","namespace":"${ns}","uid":"${cm.metadata.uid}",` +
    `"resourceVersion":"${cm.metadata.resourceVersion}","creationTimestamp":"${cm.metadata.creationTimestamp}","labels":${labels},` +
    `"managedFields":[{"manager":"edge-test","operation":"Update","apiVersion":"v1","time":"${cm.metadata.managedFields[0].time}","fieldsType":"FieldsV1",` +
    '"fieldsV1":{"f:data":{".":{},"f:a":{},"f:b":{}},"f:metadata":{"f:labels":{".":{},"f:a":{},"f:z":{}}}}}]}}';

  it.each([
    ['merge patch', 'application/merge-patch+json', { data: 'x' }, '"x"', 'json: cannot unmarshal string into Go struct field ConfigMap.data of type map[string]string'],
    ['JSON patch', 'application/json-patch+json', [{ op: 'add', path: '/data/c', value: 5 }], '{"a":"2","b":"1","c":5}', 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string'],
  ])('a %s answers 422 naming the patched document', async (_name, contentType, patch, data, reason) => {
    await api('DELETE', `/api/v1/namespaces/${ns}/configmaps/mp`);
    const created = await api('POST', `/api/v1/namespaces/${ns}/configmaps?fieldManager=edge-test`, {
      body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'mp', labels: { z: '1', a: '2' } }, data: { b: '1', a: '2' } },
    });
    const response = await api('PATCH', `/api/v1/namespaces/${ns}/configmaps/mp`, { body: patch, headers: { 'content-type': contentType } });
    const message = `Invalid value: ${JSON.stringify(document(created.json, data, '{"a":"2","z":"1"}'))}: ${reason}`;
    expect(response.json).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: ` "" is invalid: patch: ${message}`, reason: 'Invalid',
      details: { causes: [{ reason: 'FieldValueInvalid', message, field: 'patch' }] }, code: 422,
    });
  });
});
