/**
 * Malformed requests of an authorized user (admin) for the hostile-requests suite: bodies the
 * decoder must refuse, names that are not names, selectors and options that do not parse. None
 * is a valid write; the few whose validity is arguable carry dryRun=All.
 */
import { randomBytes } from 'node:crypto';
import { seed, seedNamespacePath as ns, rbacPath as rbac, type HostileRequest } from './hostile-cases.js';

const megabyte = 1024 * 1024;
const concat = (...parts: (string | Uint8Array)[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

/** Endpoints that accept a create body, with the kind they expect. */
const createEndpoints = [
  { path: `${ns}/configmaps`, apiVersion: 'v1', kind: 'ConfigMap' },
  { path: `${ns}/secrets`, apiVersion: 'v1', kind: 'Secret' },
  { path: `${rbac}/namespaces/${seed.namespace}/roles`, apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role' },
  { path: '/api/v1/namespaces', apiVersion: 'v1', kind: 'Namespace' },
  { path: `${rbac}/clusterrolebindings`, apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding' },
];

function request(category: string, label: string, method: string, path: string, contentType: string | undefined, body: string | Uint8Array | undefined, expect: HostileRequest['expect'] = 'refused'): HostileRequest {
  return { category, label, method, path, user: 'admin', headers: contentType ? { 'content-type': contentType } : {}, body, expect };
}

/** Nested arrays or objects `depth` deep. */
function nested(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/** Bodies over the 3 MiB limit (Content-Length matches): 413. */
export function oversizedBodies(): HostileRequest[] {
  const sizes = [3 * megabyte + 1, 4 * megabyte, 10 * megabyte];
  return sizes.flatMap((size) => createEndpoints.slice(0, 3).map((endpoint) => {
    const padding = 'x'.repeat(size - 100);
    const body = JSON.stringify({ apiVersion: endpoint.apiVersion, kind: endpoint.kind, metadata: { name: 'too-big' }, data: { a: padding } }).slice(0, size).padEnd(size, ' ');
    return request('oversized bodies', `${size} bytes to ${endpoint.path}`, 'POST', endpoint.path, 'application/json', body, 413);
  }));
}

/** Objects under the body limit whose stored row would not fit SQLite's 2 MB (labels are stored twice). */
export function oversizedRows(): HostileRequest[] {
  return [0.85, 1, 1.2].map((mebibytes) => {
    const labels: Record<string, string> = {};
    for (let i = 0; i < mebibytes * 8200; i++) labels[`k${String(i).padStart(6, '0')}.example.com/${'l'.repeat(40)}`] = 'v'.repeat(63);
    const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'too-big-row', labels } });
    return request('oversized rows', `a ConfigMap with ${mebibytes} MiB of labels`, 'POST', createEndpoints[0]!.path, 'application/json', body, 413);
  });
}

/** JSON bodies that do not decode into an object of the endpoint's kind. */
export function malformedJsonBodies(): HostileRequest[] {
  const bodies: [string, string | Uint8Array][] = [
    ['empty', ''], ['whitespace', '   \n'], ['null', 'null'], ['number', '42'], ['string', '"configmap"'], ['array', '[]'],
    ['truncated', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"tr'], ['unclosed string', '{"a":"'],
    ['trailing garbage', '{"metadata":{"name":"Bad%Name"}} garbage'], ['single quotes', "{'metadata':{'name':'x'}}"],
    ['comments', '{/* c */"metadata":{"name":"Bad%Name"}}'], ['NaN', '{"metadata":{"name":"Bad%Name","generation":NaN}}'],
    ['depth 10k arrays', nested(10_000, '[', ']')], ['depth 100k arrays', nested(100_000, '[', ']')],
    ['depth 10k objects', nested(10_000, '{"a":', '}')], ['depth 100k objects', nested(100_000, '{"a":', '}')],
    ['depth 10k in data', `{"metadata":{"name":"Bad%Name"},"data":${nested(10_000, '{"a":', '}', '"x"')}}`],
    ['depth 100k in metadata', `{"metadata":${nested(100_000, '{"labels":', '}', '{}')}}`],
    ['invalid UTF-8 in name', concat('{"metadata":{"name":"', new Uint8Array([0xff, 0xfe, 0xc3, 0x28]), '"},"rules":7,"data":7}')],
    ['invalid UTF-8 in key', concat('{"metadata":{"name":"Bad%Name"},"da', new Uint8Array([0xc0, 0xaf]), 'ta":7}')],
    ['lone surrogate escape in name', '{"metadata":{"name":"\\ud800"},"rules":7,"data":7}'], ['overlong UTF-8 slash', concat('{"metadata":{"name":"a', new Uint8Array([0xc0, 0xaf]), 'b"},"rules":7,"data":7}')],
    ['BOM then object', concat(new Uint8Array([0xef, 0xbb, 0xbf]), '{"metadata":{"name":"Bad%Name"},"data":7}')],
    ['UTF-16 body', new Uint8Array(Buffer.from('{"metadata":{"name":"Bad%Name"}}', 'utf16le'))],
    ['NUL bytes', concat('{"metadata":{"name":"Bad%Name"', new Uint8Array([0, 0, 0]), '}}')],
    ['kind mismatch', '{"apiVersion":"v1","kind":"Pod","metadata":{"name":"Bad%Name"}}'],
    ['apiVersion mismatch', '{"apiVersion":"evil.example.com/v1","metadata":{"name":"Bad%Name"}}'],
    ['metadata array', '{"metadata":[]}'], ['metadata string', '{"metadata":"x"}'], ['labels array', '{"metadata":{"name":"Bad%Name","labels":[1]}}'],
    ['1e400 generation', '{"metadata":{"name":"Bad%Name","generation":1e400}}'], ['1e400 data value', '{"metadata":{"name":"Bad%Name"},"data":{"a":1e400}}'],
    ['-0 and 1e-400', '{"metadata":{"name":"Bad%Name","generation":1e-400},"data":-0}'], ['huge integer', `{"metadata":{"name":"Bad%Name","generation":${'9'.repeat(5000)}}}`],
    ['long key', `{"metadata":{"name":"Bad%Name"},"data":7,"${'k'.repeat(100_000)}":1}`], ['many keys', `{"metadata":{"name":"Bad%Name"},"data":7,${Array.from({ length: 50_000 }, (_, i) => `"k${i}":1`).join(',')}}`],
    ['__proto__ pollution', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"metadata":{"name":"Bad%Name","__proto__":{"x":1}},"data":7}'],
  ];
  return bodies.flatMap(([label, body]) => createEndpoints.map((endpoint) => request('malformed JSON', `${label} to ${endpoint.path}`, 'POST', endpoint.path, 'application/json', body)));
}

/** Duplicate fields are an error only under fieldValidation=Strict (and these are dry runs). */
export function duplicateKeyBodies(): HostileRequest[] {
  const body = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"dup","name":"dup2"},"data":{"a":"1","a":"2"}}';
  return [
    request('malformed JSON', 'duplicate keys, Strict', 'POST', `${ns}/configmaps?fieldValidation=Strict&dryRun=All`, 'application/json', body, 'refused'),
    request('malformed JSON', 'duplicate keys, Warn', 'POST', `${ns}/configmaps?fieldValidation=Warn&dryRun=All`, 'application/json', body, 'answered'),
    request('malformed JSON', 'duplicate keys, Bogus validation', 'POST', `${ns}/configmaps?fieldValidation=Bogus`, 'application/json', body, 'refused'),
  ];
}

/** Bodies in media types the endpoint does not take, or garbage in the ones it does. */
export function wrongMediaTypes(): HostileRequest[] {
  const configMap = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"media"},"data":7}';
  const billionLaughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...Array.from({ length: 9 }, (_, i) => `${'bcdefghij'[i]}: &${'bcdefghij'[i]} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`), 'metadata: {name: bomb}', 'data: *j'].join('\n');
  const bodies: [string, string, string | Uint8Array][] = [
    ['text/plain', 'text/plain', configMap], ['application/xml', 'application/xml', '<ConfigMap><name>x</name></ConfigMap>'],
    ['multipart', 'multipart/form-data; boundary=xyz', `--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n${configMap}\r\n--xyz--`],
    ['form', 'application/x-www-form-urlencoded', 'metadata.name=x'], ['no subtype', 'application', configMap], ['garbage type', ';;;==', configMap],
    ['json with bad charset', 'application/json; charset=ebcdic', configMap], ['json with huge param', `application/json; x=${'y'.repeat(10_000)}`, configMap],
    ['protobuf garbage', 'application/vnd.kubernetes.protobuf', randomBytes(512)], ['protobuf magic then garbage', 'application/vnd.kubernetes.protobuf', concat('k8s\0', randomBytes(256))],
    ['protobuf magic, huge length', 'application/vnd.kubernetes.protobuf', concat('k8s\0', new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]))],
    ['protobuf truncated', 'application/vnd.kubernetes.protobuf', concat('k8s\0', new Uint8Array([0x0a, 0x0c, 0x0a, 0x02, 0x76]))],
    ['cbor garbage', 'application/cbor', randomBytes(512)], ['cbor self-describe then garbage', 'application/cbor', concat(new Uint8Array([0xd9, 0xd9, 0xf7]), randomBytes(64))],
    ['cbor huge map length', 'application/cbor', new Uint8Array([0xd9, 0xd9, 0xf7, 0xbb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])],
    ['cbor deep nesting', 'application/cbor', concat(new Uint8Array([0xd9, 0xd9, 0xf7]), new Uint8Array(100_000).fill(0x81), new Uint8Array([0x01]))],
    ['cbor indefinite', 'application/cbor', new Uint8Array([0xd9, 0xd9, 0xf7, 0xbf, 0x61, 0x61, 0x01, 0xff])],
    ['yaml billion laughs', 'application/yaml', billionLaughs], ['yaml deep flow', 'application/yaml', `metadata: {name: deep}\ndata: ${nested(50_000, '[', ']')}`],
    ['yaml tabs', 'application/yaml', 'metadata:\n\tname: x'], ['yaml custom tag', 'application/yaml', 'metadata: !!python/object:os.system {name: x}'],
    ['yaml merge keys', 'application/yaml', 'base: &b {name: x}\nmetadata:\n  <<: *b\ndata: 7'], ['yaml multi document', 'application/yaml', '---\nmetadata: {name: a}\ndata: 7\n---\nmetadata: {name: b}\n'],
  ];
  // kube refuses a YAML bomb (excessive aliasing) but takes merge keys: dry runs, as both would be valid Roles.
  const dryRun = new Set(['yaml billion laughs', 'yaml merge keys']);
  return bodies.flatMap(([label, type, body]) => createEndpoints.slice(0, 3).map((endpoint) => {
    const path = dryRun.has(label) ? `${endpoint.path}?dryRun=All` : endpoint.path;
    return request('media types', `${label} to ${path}`, 'POST', path, type, body, label === 'yaml merge keys' ? 'answered' : 'refused');
  }));
}

/** Patch bodies of every patch type that do not apply. */
export function malformedPatches(): HostileRequest[] {
  const byType: Record<string, string[]> = {
    'application/json-patch+json': ['', '{', '{}', '[{"op":"bogus","path":"/data/a"}]', '[{"op":"remove","path":"/data/missing"}]', '[{"op":"add","path":"data","value":1}]',
      '[{"op":"test","path":"/data/a","value":"never"},{"op":"replace","path":"/data/a","value":"pwned"}]', '[{"op":"move","from":"/metadata","path":"/metadata/labels"}]',
      '[{"op":"copy","from":"/data","path":"/data/a/b/c/d"}]', '[{"op":"add","path":"/metadata/name","value":"../../etc"}]', `[${Array(5000).fill('{"op":"test","path":"/data/nope","value":1}').join(',')}]`],
    'application/merge-patch+json': ['', '{', '[]', '"x"', '{"metadata":{"name":"renamed"}}', '{"metadata":{"namespace":"kube-system"}}', '{"rules":"x","data":{"a":{"b":1}}}', nested(100_000, '{"a":', '}')],
    'application/strategic-merge-patch+json': ['', '{', '[1]', '{"$patch":"bogus"}', '{"metadata":{"name":"renamed"}}', '{"rules":7,"data":[1,2]}', '{"rules":7,"$setElementOrder/data":"x"}', nested(100_000, '[', ']')],
    'application/apply-patch+yaml': ['', ':::', 'apiVersion: v1\nkind: Pod\nmetadata: {name: cm-0}', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: other}', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-0}\ndata: [1]', '- a\n- b'],
    'application/apply-patch+cbor': ['garbage'],
    'application/x-bogus-patch': ['{"data":{"a":"pwned"}}'],
  };
  const targets = [`${ns}/configmaps/cm-0`, `${ns}/secrets/secret-0`, `${rbac}/namespaces/${seed.namespace}/roles/configmap-reader`];
  return Object.entries(byType).flatMap(([type, bodies]) => bodies.flatMap((body, index) => targets.map((target) => {
    const query = type.startsWith('application/apply-patch') ? '?fieldManager=hostile&force=true' : '';
    return request('malformed patches', `${type} #${index} to ${target}`, 'PATCH', target + query, type, body);
  })));
}
