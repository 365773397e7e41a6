/**
 * The Protobuf codec (src/codecs/protobuf): kube-apiserver's recorded Protobuf responses, request
 * bodies captured from kubectl v1.32.4 (typed clients send Protobuf and never fall back to JSON),
 * JSON round trips of the built-in kinds, kube's zero-value conventions and malformed input.
 *
 * Fixture provenance: KUBECTL bodies were captured by pointing kubectl at a stub server; their
 * expected JSON is kubectl's own `--dry-run=client -o json` output for the same command, so the
 * decoder is checked against Go's encoding/json, not against itself.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeMessage,
  decodeProtobufObject,
  encodeMessage,
  encodeProtobufObject,
  messageDescriptor,
  messageNameForKind,
  ProtobufDecodeError,
  ProtobufEncodeError,
  wrapEnvelope,
} from '../../src/codecs/protobuf/index.js';
import { compareUtf8 } from '../../src/codecs/protobuf/bytes.js';
import { formatGoDuration, formatMicroTime, parseGoDuration, parseRfc3339 } from '../../src/codecs/protobuf/go-time.js';
import { WireType, WireWriter } from '../../src/codecs/protobuf/wire.js';

// Node built-ins are loaded untyped: tsconfig types the Worker runtime only (see catalog.test.ts).
const nodeModule = (name: string): Promise<any> => import(name);
const { execFileSync } = await nodeModule('node:child_process');
const { mkdtempSync, readFileSync, readdirSync, rmSync } = await nodeModule('node:fs');
const { tmpdir } = await nodeModule('node:os');
const { dirname, join } = await nodeModule('node:path');
const { fileURLToPath } = await nodeModule('node:url');

const PROJECT: string = join(dirname(fileURLToPath((import.meta as unknown as { url: string }).url)), '../..');

type Obj = { apiVersion: string; kind: string; [key: string]: unknown };

const fromHex = (hex: string): Uint8Array => new Uint8Array((hex.match(/../g) ?? []).map((b) => parseInt(b, 16)));
const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const golden = (name: string): any => JSON.parse(readFileSync(join(PROJECT, 'reference/golden/kube-v1.32.13', name), 'utf8'));
const roundTrip = (object: Obj) => decodeProtobufObject(encodeProtobufObject(object)).object;
const META = 'k8s.io.apimachinery.pkg.apis.meta.v1';

// ---- kube-apiserver recordings ------------------------------------------------------------

const NOT_ACCEPTABLE: Obj = {
  kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
  message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf',
  reason: 'NotAcceptable', code: 406,
};

describe('kube-apiserver recordings', () => {
  const configMapBytes = fromHex(golden('029-configmap-get-protobuf.json').response.body.hex);
  const configMapJson = golden('015-configmap-create.json').response.body as Obj;

  it('decodes the ConfigMap of 029 to the JSON kube serves for it (015), key order included', () => {
    const decoded = decodeProtobufObject(configMapBytes);
    expect(decoded.apiVersion).toBe('v1');
    expect(decoded.kind).toBe('ConfigMap');
    expect(JSON.stringify(decoded.object)).toBe(JSON.stringify(configMapJson));
  });

  it.each([
    ['ConfigMap (029 from 015)', configMapJson, configMapBytes],
    ['Status (088)', NOT_ACCEPTABLE, fromHex(golden('088-cr-get-protobuf.json').response.body.hex)],
  ])('encodes %s byte-for-byte as kube-apiserver', (_name, json, bytes) => {
    expect(toHex(encodeProtobufObject(json))).toBe(toHex(bytes));
  });
});

// ---- kubectl request bodies ---------------------------------------------------------------

const KUBECTL: [string, string, Obj][] = [
  ['create namespace', '6b3873000a0f0a02763112094e616d657370616365121b0a130a036e733112001a0022002a0032003800420012001a020a001a002200',
    { kind: 'Namespace', apiVersion: 'v1', metadata: { name: 'ns1', creationTimestamp: null }, spec: {}, status: {} }],
  ['create configmap', '6b3873000a0f0a0276311209436f6e6669674d617012280a130a03636d3112001a0022002a0032003800420012060a016112013112090a05656d70747912001a002200',
    { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'cm1', creationTimestamp: null }, data: { a: '1', empty: '' } }],
  ['create secret generic', '6b3873000a0c0a0276311206536563726574122f0a120a02733112001a0022002a0032003800420012090a0362696e12020102120c0a02707712067333637233741a001a002200',
    { kind: 'Secret', apiVersion: 'v1', metadata: { name: 's1', creationTimestamp: null }, data: { bin: 'AQI=', pw: 'czNjcjN0' } }],
  ['create deployment --replicas=0', '6b3873000a150a07617070732f7631120a4465706c6f796d656e7412bd010a1f0a0377656212001a0022002a003200380042005a0a0a036170701203776562128b010800120c0a0a0a0361707012037765621a710a1c0a0012001a0022002a003200380042005a0a0a036170701203776562125112330a056e67696e78120a6e67696e783a312e32352a00320a0a001000185022002a0042006a007200800100880100900100a201001a00320042004a0052005800600068008201008a01009a0100c2010022020a00280038001a0c0800100018002000280038001a002200',
    { kind: 'Deployment', apiVersion: 'apps/v1', metadata: { name: 'web', creationTimestamp: null, labels: { app: 'web' } },
      spec: { replicas: 0, selector: { matchLabels: { app: 'web' } },
        template: { metadata: { creationTimestamp: null, labels: { app: 'web' } },
          spec: { containers: [{ name: 'nginx', image: 'nginx:1.25', ports: [{ containerPort: 80 }], resources: {} }] } },
        strategy: {} },
      status: {} }],
  ['create service clusterip (named targetPort)', '6b3873000a0d0a027631120753657276696365126f0a210a047376633112001a0022002a003200380042005a0b0a0361707012047376633112460a1e0a0738302d6874747012035443501850220a080110001a04687474702800120b0a036170701204737663311a002209436c757374657249503a00420052005a00600068001a020a001a002200',
    { kind: 'Service', apiVersion: 'v1', metadata: { name: 'svc1', creationTimestamp: null, labels: { app: 'svc1' } },
      spec: { ports: [{ name: '80-http', protocol: 'TCP', port: 80, targetPort: 'http' }], selector: { app: 'svc1' }, type: 'ClusterIP' },
      status: { loadBalancer: {} } }],
  ['create poddisruptionbudget (IntOrString "50%", zeros without omitempty)', '6b3873000a200a09706f6c6963792f76311213506f6444697372757074696f6e427564676574123d0a140a047064623112001a0022002a0032003800420012190a09080110001a03353025120c0a0a0a0361707012037765621a0a080018002000280030001a002200',
    { kind: 'PodDisruptionBudget', apiVersion: 'policy/v1', metadata: { name: 'pdb1', creationTimestamp: null },
      spec: { minAvailable: '50%', selector: { matchLabels: { app: 'web' } } },
      status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 } }],
  ['create ingress (inline IngressRuleValue)', '6b3873000a1f0a146e6574776f726b696e672e6b38732e696f2f76311207496e6772657373127e0a1c0a04696e673112001a0022002a0032003800420062060a0161120162125a0a0e220c0a047376633212040a001050120e0a07666f6f2e636f6d12037365631a310a07666f6f2e636f6d12260a240a220a042f626172121222100a047376633112080a046874747010001a0650726566697822056e67696e781a020a001a002200',
    { kind: 'Ingress', apiVersion: 'networking.k8s.io/v1', metadata: { name: 'ing1', creationTimestamp: null, annotations: { a: 'b' } },
      spec: { ingressClassName: 'nginx', defaultBackend: { service: { name: 'svc2', port: { number: 80 } } },
        tls: [{ hosts: ['foo.com'], secretName: 'sec' }],
        rules: [{ host: 'foo.com', http: { paths: [{ path: '/bar', pathType: 'Prefix', backend: { service: { name: 'svc1', port: { name: 'http' } } } }] } }] },
      status: { loadBalancer: {} } }],
  ['create token (subresource body)', '6b3873000a280a1861757468656e7469636174696f6e2e6b38732e696f2f7631120c546f6b656e52657175657374122e0a100a0012001a0022002a0032003800420012141a0f0a03506f64120276311a017022017520901c1a040a0012001a002200',
    { kind: 'TokenRequest', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: null },
      spec: { boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'p', uid: 'u' }, expirationSeconds: 3600 },
      status: { token: '', expirationTimestamp: null } }],
];

describe('kubectl v1.32 request bodies', () => {
  it.each(KUBECTL)('%s: decodes to the JSON kubectl itself prints', (_name, hex, json) => {
    const { object, apiVersion, kind } = decodeProtobufObject(fromHex(hex));
    expect(object).toEqual(json);
    expect([apiVersion, kind]).toEqual([json.apiVersion, json.kind]);
  });

  it.each(KUBECTL)('%s: re-encodes byte-for-byte as gogo-protobuf wrote it', (_name, hex, json) => {
    expect(toHex(encodeProtobufObject(json))).toBe(hex);
  });

  it('create job --from a CronJob whose template sets every part of a PodSpec', () => {
    const { object } = decodeProtobufObject(fromHex(RICH_JOB));
    const job = object as any;
    const pod = job.spec.template.spec;
    expect(job.metadata.ownerReferences).toEqual([{ kind: 'CronJob', name: 'rich', uid: 'u-1', apiVersion: 'batch/v1', controller: true }]);
    expect(job.spec.podFailurePolicy.rules[0]).toEqual({ action: 'FailJob', onExitCodes: { operator: 'In', values: [1] } });
    // Inline VolumeSource, ProbeHandler and LocalObjectReference fields sit in their parents' JSON.
    expect(pod.volumes.slice(0, 3)).toEqual([
      { name: 'v1', configMap: { name: 'cm', items: [{ key: 'k', path: 'p' }] } },
      { name: 'v2', secret: { secretName: 's', items: [{ key: 'k', path: 'p', mode: 256 }] } },
      { name: 'v3', emptyDir: { medium: 'Memory', sizeLimit: '1Gi' } },
    ]);
    const [c] = pod.containers;
    expect([c.livenessProbe, c.readinessProbe, c.startupProbe]).toEqual([
      { exec: { command: ['true'] } },
      { httpGet: { path: '/', port: 8080, httpHeaders: [{ name: 'h', value: 'v' }] } },
      { tcpSocket: { port: 'http' } },
    ]);
    expect(c.env[1]).toEqual({ name: 'B', valueFrom: { configMapKeyRef: { name: 'cm', key: 'k' } } });
    expect(c.resources).toEqual({ limits: { cpu: '1' }, requests: { cpu: '100m' }, claims: [{ name: 'rc' }] });
    expect(pod.tolerations).toEqual([{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 3 }]);
    // A Go value Quantity prints "0" when unset, as kube's JSON does.
    expect(pod.volumes[6].downwardAPI.items[0].resourceFieldRef).toEqual({ resource: 'limits.cpu', divisor: '0' });
    // Decoding is a fixed point of encode: nothing is lost or invented by a round trip.
    expect(roundTrip(job)).toEqual(job);
  });
});

// kubectl create job fromcj --from=cronjob/rich (kubectl v1.32.4). It carries one field newer
// than the v1.26 descriptors (ResourceClaim.request), which decoding skips as unknown.
const RICH_JOB = [
  '6b3873000a0f0a0862617463682f763112034a6f6212820d0a750a0666726f6d636a12001a0022002a00320038004200',
  '5a060a0161120162622b0a2163726f6e6a6f622e6b756265726e657465732e696f2f696e7374616e746961746512066d',
  '616e75616c62060a01781201796a200a0743726f6e4a6f621a04726963682203752d312a0862617463682f7631300112',
  'fe0b22080a060a016112016232b60b0a180a0012001a0022002a003200380042005a060a016112016212990b0a170a02',
  '763112119a010e0a040a02636d12060a016b1201700a160a0276321210320e0a017312090a016b1201701880020a170a',
  '0276331211120f0a064d656d6f727912050a033147690a0e0a02763412080a060a042f746d700a0d0a02763512075205',
  '0a016310000a420a027636123cd201390a0722050a001a01740a1c121a0a180a016c12130a00120f6d65746164617461',
  '2e6c6162656c730a071a050a030a01780a070a050a030a01790a230a027637121d82011a0a180a01631a130a00120a6c',
  '696d6974732e6370751a030a01300a110a027638120be201080a01642a030a016e0a110a027639120b3a090a01731202',
  '2f7018000a670a037631301260ea015d0a5b0a180a0012001a0022002a003200380042005a060a0161120162123f0a0d',
  '5265616457726974654f6e6365121212100a0773746f7261676512050a033147691a0022080a060a01611201623a0612',
  '014b1a016e420612014b1a016e0a1b0a03763131121442120a0174120169180122002a003000400058000a100a037631',
  '3212092a070a017212001a000a110a03763133120a8a01071a0020002a01770a190a0376313412125a100a016d120169',
  '1a0022002a00320040000a140a03763135120d720b0a016d12001a00220030000a120a03763136120b22090a01761200',
  '180020000a120a03763137120b1a090a01701200180020000a100a037631381209b201060a01641201750a120a037631',
  '39120b9201080a017312016818000a100a03763230120962070a01641200200012ae030a016312056e67696e781a0161',
  '2201622a022f77320e0a04687474701000185022002a003a060a01411201313a120a014212001a0b1a090a040a02636d',
  '12016b3a110a014312001a0a22080a030a017312016b3a1a0a014412001a130a110a00120d6d657461646174612e6e61',
  '6d653a210a014512001a1a12180a00120d6c696d6974732e6d656d6f72791a050a03314d6942230a0a0a036370751203',
  '0a0131120d0a0363707512060a043130306d1a060a02726312004a0e0a02763110001a022f6d2200320052140a080a06',
  '0a0474727565100018002000280030005a260a1a12180a012f1207080010903f1a001a0022002a060a01681201761000',
  '180020002800300062190a050a030a01781210120e0a001206080010501a001a0022006a0072007a330a0b0a094e4554',
  '5f41444d494e1a0a0a0012001a002202733020e80752031a01755a100a0e52756e74696d6544656661756c7480010088',
  '01009001009a010a0a0012060a040a02636d9a010b0a02535f1a050a030a0173a20100aa010c0a02763512062f646576',
  '2f78b2011c0a101a0e0a0a080110001a0468747470120010001800200028003000123d0a01671201782a00420052110a',
  '05220308a84610001800200028003000620e120c1a0a0a06080010011a0012006a007200800100880100900100a20100',
  '1a054e65766572280532003a060a0161120162420273614a005200580060006800722a0a090a017512001a0022001001',
  '3a060a016e12017642030a0167520e0a094c6f63616c686f73741201707a050a037265678201008a010092015b0a2e0a',
  '0e0a0c0a0a0a016b1202496e1a0176121c0801121812160a0d6d657461646174612e6e616d651202496e1a016e120f0a',
  '0d0a080a060a01611201621a01741a181216080212121a0174220d120b0a016b12064578697374739a0100a201230a04',
  '696e6974120762757379626f782a0042006a007200800100880100900100a20100b2011b0a016b12064578697374731a',
  '00220a4e6f5363686564756c652803ba010c0a07312e322e332e34120168c20100d201150a07312e312e312e311a0a0a',
  '056e646f7473120132e201030a016382020b0a0363707512040a02316d8a021e08011201741a0d446f4e6f7453636865',
  '64756c6522080a060a0161120162a202070a056c696e7578b202030a0167ba02040a02726338025a370a110a07466169',
  '6c4a6f6212061202496e18010a220a0649676e6f72651a180a1044697372757074696f6e546172676574120454727565',
  '1a082000280030003a001a002200',
].join('');

// ---- round trips --------------------------------------------------------------------------

const CREATED = '2026-11-21T09:55:37Z';

const META_FULL = {
  name: 'web-1', namespace: 'prod', uid: '0b6f3a0e-8f5c-4c1e-9a57-6f1d0c1f4a11', resourceVersion: '42', generation: 3,
  creationTimestamp: '2026-11-21T09:55:37Z', deletionTimestamp: '2026-11-21T10:00:00Z', deletionGracePeriodSeconds: 30,
  labels: { app: 'web', tier: 'frontend' }, annotations: { 'example.com/note': 'hello' },
  ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5d4f', uid: 'a1b2', controller: true, blockOwnerDeletion: true }],
  finalizers: ['example.com/cleanup'],
  managedFields: [{ manager: 'kubectl-client-side-apply', operation: 'Update', apiVersion: 'v1', time: '2026-11-21T09:55:37Z',
    fieldsType: 'FieldsV1', fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } }, subresource: 'status' }],
};

const POD_SPEC = {
  volumes: [
    { name: 'config', configMap: { name: 'web-config', defaultMode: 420, optional: false } },
    { name: 'data', persistentVolumeClaim: { claimName: 'data', readOnly: true } },
    { name: 'cache', emptyDir: { sizeLimit: '500Mi' } },
  ],
  initContainers: [{ name: 'init', image: 'busybox', command: ['sh', '-c', 'true'], resources: {} }],
  containers: [{
    name: 'web', image: 'nginx:1.25', args: ['-g', 'daemon off;'],
    ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }, { containerPort: 9090, hostPort: 19090 }],
    env: [{ name: 'MODE', value: 'prod' }, { name: 'POD', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
      { name: 'MEM', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } }],
    resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi', 'ephemeral-storage': '1Gi' } },
    volumeMounts: [{ name: 'config', mountPath: '/etc/web', readOnly: true }],
    livenessProbe: { httpGet: { path: '/healthz', port: 'http', scheme: 'HTTP' }, initialDelaySeconds: 5, periodSeconds: 10 },
    readinessProbe: { tcpSocket: { port: 8080 }, timeoutSeconds: 2 },
    lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
    securityContext: { runAsUser: 0, runAsNonRoot: false, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
    terminationMessagePath: '/dev/termination-log', imagePullPolicy: 'IfNotPresent', stdin: true,
  }],
  restartPolicy: 'Always', terminationGracePeriodSeconds: 0, dnsPolicy: 'ClusterFirst', nodeSelector: { disk: 'ssd' },
  serviceAccountName: 'web', hostNetwork: true, securityContext: { fsGroup: 2000, sysctls: [{ name: 'net.core.somaxconn', value: '1024' }] },
  affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [
    { weight: 100, podAffinityTerm: { labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['web'] }] }, topologyKey: 'kubernetes.io/hostname' } }] } },
  tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
  priority: 0, enableServiceLinks: true, overhead: { cpu: '10m' },
};

const SCHEMA = {
  type: 'object', description: 'A widget', required: ['spec'], 'x-kubernetes-preserve-unknown-fields': true,
  properties: {
    spec: {
      type: 'object', $ref: '#/definitions/spec', additionalProperties: false,
      properties: {
        size: { type: 'integer', format: 'int32', minimum: 1, maximum: 10.5, exclusiveMaximum: true, default: 3 },
        color: { type: 'string', enum: ['red', 'blue'], 'x-kubernetes-validations': [{ rule: 'self != "green"', message: 'no green' }] },
        tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] },
        labels: { type: 'object', additionalProperties: { type: 'string' }, 'x-kubernetes-map-type': 'granular' },
        port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
        embedded: { type: 'object', 'x-kubernetes-embedded-resource': true, nullable: true },
      },
      dependencies: { color: ['size'], tags: { required: ['color'] } },
    },
  },
};

const ROUND_TRIPS: [string, Obj][] = [
  ['Namespace with a status', { kind: 'Namespace', apiVersion: 'v1', metadata: { name: 'prod', creationTimestamp: CREATED, labels: { team: 'a' } },
    spec: { finalizers: ['kubernetes'] }, status: { phase: 'Terminating',
      conditions: [{ type: 'NamespaceDeletionContentFailure', status: 'False', lastTransitionTime: '2026-01-02T03:04:05Z', reason: 'r', message: 'm' }] } }],
  ['ConfigMap with binaryData and immutable', { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'c', creationTimestamp: CREATED },
    data: { 'app.properties': 'a=1\nb=2\n', unicode: 'héllo ✓ 😀' }, binaryData: { blob: 'AAEC/f7/' }, immutable: true }],
  ['Secret with bytes data, stringData and type', { kind: 'Secret', apiVersion: 'v1', metadata: { name: 's', creationTimestamp: CREATED },
    data: { password: 'czNjcjN0', empty: '' }, stringData: { token: 'abc' }, type: 'Opaque' }],
  ['Pod with metadata, containers, probes, quantities and volumes', { kind: 'Pod', apiVersion: 'v1', metadata: META_FULL, spec: POD_SPEC,
    status: { phase: 'Running', podIP: '10.0.0.7', podIPs: [{ ip: '10.0.0.7' }], startTime: '2026-11-21T09:55:40Z', qosClass: 'Burstable',
      containerStatuses: [{ name: 'web', ready: true, restartCount: 2, image: 'nginx:1.25', imageID: 'sha256:x', started: true,
        state: { running: { startedAt: '2026-11-21T09:55:41Z' } } }] } }],
  ['Service with integer and named targetPorts', { kind: 'Service', apiVersion: 'v1', metadata: { name: 'web', creationTimestamp: CREATED, namespace: 'prod' },
    spec: { ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 30080 }, { name: 'metrics', protocol: 'TCP', port: 9090, targetPort: 'metrics' }],
      selector: { app: 'web' }, clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'], type: 'NodePort', sessionAffinity: 'None',
      ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack', internalTrafficPolicy: 'Cluster', externalTrafficPolicy: 'Cluster' },
    status: { loadBalancer: { ingress: [{ ip: '1.2.3.4', ports: [{ port: 80, protocol: 'TCP' }] }] } } }],
  ['Deployment with a pod template and a rolling update strategy', { kind: 'Deployment', apiVersion: 'apps/v1',
    metadata: { name: 'web', creationTimestamp: CREATED, namespace: 'prod', generation: 2, annotations: { 'deployment.kubernetes.io/revision': '1' } },
    spec: { replicas: 3, selector: { matchLabels: { app: 'web' } },
      template: { metadata: { creationTimestamp: null, labels: { app: 'web' } }, spec: POD_SPEC },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: 1 } },
      revisionHistoryLimit: 10, progressDeadlineSeconds: 600 },
    status: { observedGeneration: 2, replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3,
      conditions: [{ type: 'Available', status: 'True', lastUpdateTime: '2026-11-21T09:56:00Z', lastTransitionTime: '2026-11-21T09:56:00Z', reason: 'MinimumReplicasAvailable', message: 'ok' }] } }],
  ['core Event with a MicroTime', { kind: 'Event', apiVersion: 'v1', metadata: { name: 'web.1', creationTimestamp: CREATED, namespace: 'prod' },
    involvedObject: { kind: 'Pod', namespace: 'prod', name: 'web', uid: 'u', apiVersion: 'v1', fieldPath: 'spec.containers{web}' },
    reason: 'Pulled', message: 'pulled', source: { component: 'kubelet', host: 'node-1' }, firstTimestamp: '2026-11-21T09:55:37Z',
    lastTimestamp: '2026-11-21T09:55:38Z', count: 2, type: 'Normal', eventTime: '2026-11-21T09:55:37.123456Z',
    reportingComponent: 'kubelet', reportingInstance: 'node-1' }],
  ['Lease with MicroTimes', { kind: 'Lease', apiVersion: 'coordination.k8s.io/v1', metadata: { name: 'node-1', creationTimestamp: CREATED, namespace: 'kube-node-lease' },
    spec: { holderIdentity: 'node-1', leaseDurationSeconds: 40, acquireTime: '2026-11-21T09:00:00.000000Z', renewTime: '2026-11-21T09:55:37.999999Z', leaseTransitions: 0 } }],
  ['CustomResourceDefinition (JSONSchemaProps names and unions)', { kind: 'CustomResourceDefinition', apiVersion: 'apiextensions.k8s.io/v1',
    metadata: { name: 'widgets.example.com', creationTimestamp: CREATED },
    spec: { group: 'example.com', names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wd'] },
      scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: SCHEMA },
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
        additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }] }],
      conversion: { strategy: 'None' } },
    status: { acceptedNames: { plural: 'widgets', kind: 'Widget' }, storedVersions: ['v1'] } }],
  ['ControllerRevision with RawExtension data', { kind: 'ControllerRevision', apiVersion: 'apps/v1', metadata: { name: 'web-1', creationTimestamp: CREATED },
    data: { spec: { template: { spec: { containers: [{ name: 'c' }] } } }, note: null }, revision: 1 }],
  ['SubjectAccessReview with ExtraValue', { kind: 'SubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null },
    spec: { resourceAttributes: { namespace: 'prod', verb: 'get', resource: 'pods' }, user: 'alice', groups: ['dev'],
      extra: { scopes: ['a', 'b'], empty: [] }, uid: 'u1' },
    status: { allowed: true, reason: 'RBAC' } }],
  ['APIResourceList with Verbs', { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: 'apps/v1',
    resources: [{ name: 'deployments', singularName: 'deployment', namespaced: true, kind: 'Deployment', verbs: ['get', 'list'], shortNames: ['deploy'] }] }],
  ['Status with details', { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'bad', reason: 'Invalid',
    details: { name: 'x', kind: 'ConfigMap', causes: [{ reason: 'FieldValueInvalid', message: 'm', field: 'data' }] }, code: 422 }],
  ['DeleteOptions with a zero grace period', { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0,
    preconditions: { uid: 'u', resourceVersion: '' }, propagationPolicy: 'Foreground', dryRun: ['All'] }],
  ['WatchEvent with a JSON object', { kind: 'WatchEvent', apiVersion: 'v1', type: 'ADDED',
    object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'c', creationTimestamp: CREATED }, data: { a: '1' } } }],
  ['ConfigMapList (items carry no TypeMeta in Protobuf)', { kind: 'ConfigMapList', apiVersion: 'v1',
    metadata: { resourceVersion: '77', continue: 'eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ', remainingItemCount: 5 },
    items: [{ metadata: { name: 'a', namespace: 'n', creationTimestamp: CREATED }, data: { k: 'v' } },
      { metadata: { name: 'b', namespace: 'n', creationTimestamp: CREATED } }] }],
  ['PriorityClass with a negative value', { kind: 'PriorityClass', apiVersion: 'scheduling.k8s.io/v1', metadata: { name: 'low', creationTimestamp: CREATED },
    value: -1000, globalDefault: true, description: 'low' }],
];

describe('JSON → Protobuf → JSON', () => {
  it.each(ROUND_TRIPS)('%s', (_name, object) => {
    expect(roundTrip(object)).toEqual(object);
  });

  it('fills absent Go value fields with what Go marshals for their zero values', () => {
    const pod: Obj = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] } };
    expect(roundTrip(pod)).toEqual({
      kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', creationTimestamp: null },
      spec: { containers: [{ name: 'c', image: 'i', resources: {} }] }, status: {},
    });
  });
});

// ---- presence and zero values -------------------------------------------------------------

/** Encodes fields of a message by hand: [number, wire type, value]. */
function message(fields: [number, number, number | string | Uint8Array][]): Uint8Array {
  const w = new WireWriter();
  for (const [n, type, v] of fields) {
    w.tag(n, type as WireType);
    if (type === WireType.Varint) w.int(v as number);
    else w.lengthDelimited(typeof v === 'string' ? new TextEncoder().encode(v) : (v as Uint8Array));
  }
  return w.finish();
}
const decodeAs = (name: string, bytes: Uint8Array) => decodeMessage(messageDescriptor(name), bytes);
const { Varint, LengthDelimited } = WireType;

describe('zero values on the wire (gogo writes every Go value field)', () => {
  it.each([
    ['a Go value string "" means unset', `${META}.ObjectMeta`, message([[1, LengthDelimited, 'n'], [3, LengthDelimited, '']]), { name: 'n' }],
    ['a Go *string "" is kept (storageClassName: "" disables provisioning)', 'k8s.io.api.core.v1.PersistentVolumeClaimSpec',
      message([[5, LengthDelimited, '']]), { storageClassName: '' }],
    ['a pointer int 0 is kept (replicas: 0)', 'k8s.io.api.apps.v1.DeploymentSpec', message([[1, Varint, 0]]), { replicas: 0 }],
    ['a Go value bool false means unset', 'k8s.io.api.core.v1.PodSpec', message([[11, Varint, 0]]), {}],
    ['a Go value int 0 means unset', `${META}.ObjectMeta`, message([[7, Varint, 0]]), {}],
    ['a zero without omitempty is kept, as kube prints it', 'k8s.io.api.core.v1.ContainerPort', message([[3, Varint, 0]]), { containerPort: 0 }],
    ['an empty Time is null', `${META}.ObjectMeta`, message([[8, LengthDelimited, new Uint8Array(0)]]), { creationTimestamp: null }],
    ['map values keep "" and absent values are zero', 'k8s.io.api.core.v1.ConfigMap',
      message([[2, LengthDelimited, message([[1, LengthDelimited, 'a']])], [2, LengthDelimited, message([[2, LengthDelimited, 'v']])]]),
      { data: { a: '', '': 'v' } }],
  ])('%s', (_name, type, bytes, want) => {
    expect(decodeAs(type, bytes)).toEqual(want);
  });

  it('writes absent Go value fields with their zero values, as gogo does', () => {
    const bytes = encodeMessage(messageDescriptor(`${META}.ObjectMeta`), { name: 'n' });
    // name, then generateName..resourceVersion "", generation 0, creationTimestamp empty.
    expect(toHex(bytes)).toBe('0a016e12001a0022002a00320038004200');
  });
});

// ---- wire details -------------------------------------------------------------------------

describe('wire details', () => {
  it('sorts map keys by UTF-8 bytes, as Go sort.Strings does', () => {
    const data = { z: '1', 'é': '2', a: '3', '😀': '4', '\uffff': '5', A: '6' };
    const bytes = encodeMessage(messageDescriptor('k8s.io.api.core.v1.ConfigMap'), { data });
    expect(Object.keys((decodeAs('k8s.io.api.core.v1.ConfigMap', bytes) as any).data)).toEqual(['A', 'a', 'z', 'é', '\uffff', '😀']);
    expect(['b', '\uffff', '😀', 'a'].sort(compareUtf8)).toEqual(['a', 'b', '\uffff', '😀']);
  });

  it('skips unknown fields of every wire type', () => {
    const fixed = new WireWriter().tag(97, WireType.Fixed64).double(1.5).tag(98, WireType.Fixed32).float(2).finish();
    const bytes = new Uint8Array([...message([[1, LengthDelimited, message([[1, LengthDelimited, 'c']])], [99, Varint, 7],
      [100, LengthDelimited, 'junk']]), ...fixed]);
    expect(decodeAs('k8s.io.api.core.v1.ConfigMap', bytes)).toEqual({ metadata: { name: 'c' } });
  });

  it('merges a singular message field that occurs twice, as proto2 does', () => {
    const bytes = message([[1, LengthDelimited, message([[1, LengthDelimited, 'n']])], [1, LengthDelimited, message([[3, LengthDelimited, 'ns']])]]);
    expect(decodeAs('k8s.io.api.core.v1.ConfigMap', bytes)).toEqual({ metadata: { name: 'n', namespace: 'ns' } });
  });

  it('keeps a leading U+FEFF in strings, as Go does (no byte-order mark stripping)', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x6e]);
    expect(decodeAs('k8s.io.api.core.v1.ConfigMap', message([[1, LengthDelimited, message([[1, LengthDelimited, bom]])]])))
      .toEqual({ metadata: { name: '\ufeffn' } });
    const data = { '\ufeffkey': '\ufeffvalue', plain: '\ufeff' };
    const bytes = encodeMessage(messageDescriptor('k8s.io.api.core.v1.ConfigMap'), { data });
    expect((decodeAs('k8s.io.api.core.v1.ConfigMap', bytes) as any).data).toEqual(data);
  });

  it('accepts packed repeated numbers', () => {
    const packed = new WireWriter().int(1).int(-2).int(300).finish();
    const bytes = message([[1, LengthDelimited, 'main'], [3, LengthDelimited, packed]]);
    expect(decodeAs('k8s.io.api.batch.v1.PodFailurePolicyOnExitCodesRequirement', bytes)).toEqual({ containerName: 'main', values: [1, -2, 300] });
  });

  it('round-trips int64 extremes exactly within 2^53', () => {
    for (const v of [0, 1, -1, 2 ** 31, -(2 ** 31), 2 ** 32 + 5, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      const bytes = encodeMessage(messageDescriptor(`${META}.DeleteOptions`), { gracePeriodSeconds: v });
      expect(decodeAs(`${META}.DeleteOptions`, bytes)).toEqual({ gracePeriodSeconds: v });
    }
  });

  it('embeds RawExtension objects as Protobuf on request and decodes them back', () => {
    const event: Obj = { kind: 'WatchEvent', apiVersion: 'v1', type: 'MODIFIED',
      object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'c', creationTimestamp: null }, data: { a: '1' } } };
    const bytes = encodeProtobufObject(event, { rawObjectsAsProtobuf: true });
    expect(toHex(bytes)).toContain(toHex(new TextEncoder().encode('k8s\0')).repeat(1) + '0a0f0a0276311209436f6e6669674d6170');
    expect(decodeProtobufObject(bytes).object).toEqual(event);
    expect(toHex(bytes)).not.toBe(toHex(encodeProtobufObject(event)));
  });

  it.each([
    ['1h0m0s', 3_600_000_000_000n], ['1.5s', 1_500_000_000n], ['100ms', 100_000_000n], ['0s', 0n], ['-2m3.000000004s', -123_000_000_004n],
  ])('carries metav1.Duration %s as nanoseconds', (text, ns) => {
    const d = messageDescriptor(`${META}.Duration`);
    const bytes = encodeMessage(d, text);
    expect(bytes).toEqual(new WireWriter().tag(1, Varint).varint64(Number(BigInt.asUintN(64, ns) & 0xffffffffn), Number(BigInt.asUintN(64, ns) >> 32n)).finish());
    expect(decodeMessage(d, bytes)).toBe(text);
  });
});

// ---- Go time formats ----------------------------------------------------------------------

describe('Go time formats', () => {
  it.each([
    [0n, '0s'], [1n, '1ns'], [1_100n, '1.1µs'], [2_200_000n, '2.2ms'], [1_000_000_000n, '1s'], [90_000_000_000n, '1m30s'],
    [3_600_000_000_000n, '1h0m0s'], [-5_000_000_000n, '-5s'], [100_000_000_000_000n, '27h46m40s'],
  ])('formatGoDuration(%s) = %s', (ns, text) => {
    expect(formatGoDuration(ns)).toBe(text);
    expect(parseGoDuration(text)).toBe(ns);
  });

  it.each([['1.5h', 5_400_000_000_000n], ['300us', 300_000n], ['1h30m', 5_400_000_000_000n], ['+0', 0n], ['', undefined], ['1', undefined], ['1d', undefined], ['.s', undefined]])(
    'parseGoDuration(%j)', (text, ns) => expect(parseGoDuration(text)).toBe(ns));

  it.each([
    ['2026-11-21T09:55:37Z', { seconds: 1795254937, nanos: 0 }],
    ['2026-11-21T10:55:37.5+01:00', { seconds: 1795254937, nanos: 500_000_000 }],
    ['0001-01-01T00:00:00Z', { seconds: -62135596800, nanos: 0 }],
    ['2026-02-30T00:00:00Z', undefined], ['2026-11-21 09:55:37Z', undefined], ['yesterday', undefined],
  ])('parseRfc3339(%j)', (text, instant) => expect(parseRfc3339(text)).toEqual(instant));

  it('prints MicroTime with six digits and Time with whole seconds', () => {
    expect(formatMicroTime(1795254937, 1_234_567)).toBe('2026-11-21T09:55:37.001234Z');
    const meta = decodeAs(`${META}.ObjectMeta`, message([[8, LengthDelimited, message([[1, Varint, 1795254937], [2, Varint, 999]])]]));
    expect(meta).toEqual({ creationTimestamp: '2026-11-21T09:55:37Z' });
  });
});

// ---- errors -------------------------------------------------------------------------------

const MAGIC = [0x6b, 0x38, 0x73, 0x00];
const envelope = (kind: string, raw: Uint8Array, apiVersion = 'v1') => wrapEnvelope(apiVersion, kind, raw);

describe('malformed input is a ProtobufDecodeError', () => {
  it.each([
    ['empty body', new Uint8Array(0), /prefix/],
    ['JSON instead of Protobuf', new TextEncoder().encode('{"kind":"ConfigMap"}'), /prefix/],
    ['truncated varint', new Uint8Array([...MAGIC, 0x0a, 0x80]), /truncated varint/],
    ['varint longer than 10 bytes', new Uint8Array([...MAGIC, 0x28, ...new Array(11).fill(0xff), 0x01]), /longer than 10 bytes/],
    ['length beyond the end', new Uint8Array([...MAGIC, 0x12, 0x05, 0x01]), /truncated field/],
    ['field number 0', new Uint8Array([...MAGIC, 0x02, 0x00]), /field number 0/],
    ['group wire type', new Uint8Array([...MAGIC, 0x0b]), /wire type/],
    ['Unknown field with the wrong wire type', new Uint8Array([...MAGIC, 0x10, 0x01]), /wrong wire type/],
    ['missing kind', envelope('', new Uint8Array(0)), /Kind' is missing/],
    ['unknown kind', envelope('Gizmo', new Uint8Array(0)), /no Protobuf message for apiVersion "v1", kind "Gizmo"/],
    ['kind of another group', envelope('Deployment', new Uint8Array(0)), /kind "Deployment"/],
    ['known field with the wrong wire type', envelope('ConfigMap', message([[1, Varint, 1]])), /field 1: wrong wire type/],
    ['truncated nested message', envelope('ConfigMap', new Uint8Array([0x0a, 0x03, 0x0a, 0x05, 0x61])), /truncated field/],
    ['RawExtension that is not JSON', envelope('WatchEvent', message([[2, LengthDelimited, message([[1, LengthDelimited, '{nope']])]])), /valid JSON/],
    ['IntOrString of an impossible type', envelope('Service', message([[2, LengthDelimited, message([[1, LengthDelimited,
      message([[4, LengthDelimited, message([[1, Varint, 7]])]])]])]])), /impossible type 7/],
  ])('%s', (_name, bytes, message) => {
    expect(() => decodeProtobufObject(bytes)).toThrow(ProtobufDecodeError);
    expect(() => decodeProtobufObject(bytes)).toThrow(message);
  });

  it('throws only ProtobufDecodeError for every truncation and byte mutation of real bodies', () => {
    const bodies = [fromHex(KUBECTL[3]![1]), fromHex(KUBECTL[6]![1]), fromHex(golden('029-configmap-get-protobuf.json').response.body.hex)];
    const attempt = (bytes: Uint8Array) => {
      try {
        decodeProtobufObject(bytes);
      } catch (error) {
        if (!(error instanceof ProtobufDecodeError)) throw error;
      }
    };
    for (const body of bodies) {
      for (let n = 0; n < body.length; n++) attempt(body.subarray(0, n));
      for (let i = 4; i < body.length; i++) {
        for (const value of [0x00, 0x7f, 0x80, 0xff, body[i]! ^ 0x07]) attempt(body.map((b, j) => (j === i ? value : b)));
      }
    }
  });

  it('rejects a compressed envelope it cannot read', () => {
    const bytes = new Uint8Array([...MAGIC, ...new WireWriter().tag(1, LengthDelimited).lengthDelimited(message([[2, LengthDelimited, 'ConfigMap']]))
      .tag(3, LengthDelimited).lengthDelimited(new TextEncoder().encode('gzip')).finish()]);
    expect(() => decodeProtobufObject(bytes)).toThrow(/content encoding "gzip"/);
  });
});

describe('objects that do not fit their message are a ProtobufEncodeError', () => {
  it.each([
    ['unknown kind', { kind: 'Gizmo', apiVersion: 'v1' }, /no Protobuf message/],
    ['missing kind', { kind: '', apiVersion: 'v1' }, /apiVersion and kind/],
    ['string for an int32', { kind: 'Service', apiVersion: 'v1', spec: { ports: [{ port: '80' }] } }, /Service\.spec\.ports\[0\]\.port: want an int32/],
    ['fraction for an int64', { kind: 'Namespace', apiVersion: 'v1', metadata: { generation: 1.5 } }, /want an int64/],
    ['int32 out of range', { kind: 'Service', apiVersion: 'v1', spec: { ports: [{ port: 2 ** 31 }] } }, /want an int32/],
    ['object for a string', { kind: 'ConfigMap', apiVersion: 'v1', data: { a: { b: 1 } } }, /want a string/],
    ['non-array for a repeated field', { kind: 'Namespace', apiVersion: 'v1', spec: { finalizers: 'kubernetes' } }, /want an array/],
    ['bad base64', { kind: 'Secret', apiVersion: 'v1', data: { a: '***' } }, /want a base64 string/],
    ['bad time', { kind: 'ConfigMap', apiVersion: 'v1', metadata: { creationTimestamp: 'yesterday' } }, /want an RFC 3339 time/],
    ['bad IntOrString', { kind: 'Service', apiVersion: 'v1', spec: { ports: [{ targetPort: true }] } }, /want an integer or a string/],
  ])('%s', (_name, object, message) => {
    expect(() => encodeProtobufObject(object as Obj)).toThrow(ProtobufEncodeError);
    expect(() => encodeProtobufObject(object as Obj)).toThrow(message);
  });
});

// ---- descriptors --------------------------------------------------------------------------

describe('descriptors', () => {
  it.each([
    ['k8s.io.api.admissionregistration.v1.ValidatingWebhookConfiguration', 2, 'webhooks'],
    ['k8s.io.api.authentication.v1.BoundObjectReference', 4, 'uid'],
    ['k8s.io.api.networking.v1.IngressClassParametersReference', 1, 'apiGroup'],
    ['k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps', 3, '$ref'],
    ['k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps', 38, 'x-kubernetes-preserve-unknown-fields'],
    ['k8s.io.api.core.v1.DaemonEndpoint', 1, 'Port'],
  ])('%s field %i has the JSON name %s', (name, number, json) => {
    expect(messageDescriptor(name).byNumber.get(number)?.name).toBe(json);
  });

  it.each([
    ['v1', 'Pod', 'k8s.io.api.core.v1.Pod'],
    ['apps/v1', 'DeploymentList', 'k8s.io.api.apps.v1.DeploymentList'],
    ['v1', 'PodLogOptions', 'k8s.io.api.core.v1.PodLogOptions'],
    ['apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition'],
    ['apiregistration.k8s.io/v1', 'APIService', 'k8s.io.kube_aggregator.pkg.apis.apiregistration.v1.APIService'],
    ['apps/v1', 'DeleteOptions', `${META}.DeleteOptions`],
    ['v1', 'Status', `${META}.Status`],
    ['meta.k8s.io/v1', 'PartialObjectMetadataList', `${META}.PartialObjectMetadataList`],
    ['v1', 'PodTemplateSpec', undefined],
    ['apps/v1', 'Pod', undefined],
  ])('%s %s is %s', (apiVersion, kind, name) => {
    expect(messageNameForKind(apiVersion, kind)).toBe(name);
  });
});

// ---- workerd ------------------------------------------------------------------------------

describe('workerd compatibility', () => {
  const dir = join(PROJECT, 'src/codecs/protobuf');
  it.each((readdirSync(dir) as string[]).filter((f) => f.endsWith('.ts')))('%s uses no Node APIs and no code generation', (file) => {
    const source = (readFileSync(join(dir, file), 'utf8') as string).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(source).not.toMatch(/\bBuffer\b|from 'node:|require\(|\bprocess\.|\beval\(|new Function/);
  });
});

// ---- the descriptor build -----------------------------------------------------------------

describe('scripts/build-proto.mjs', () => {
  it('rebuilds data/proto-descriptors.json byte-for-byte and agrees with OpenAPI', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'build-proto-'));
    try {
      const out = join(tmp, 'descriptors.json');
      const log = execFileSync(process.execPath, [join(PROJECT, 'scripts/build-proto.mjs'), out, '--check-openapi'], { encoding: 'utf8' });
      expect(log).toMatch(/check-openapi: 0 difference\(s\)/);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(PROJECT, 'data/proto-descriptors.json'), 'utf8'));
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
