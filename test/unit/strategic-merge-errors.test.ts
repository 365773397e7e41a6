// Strategic merge patch errors: kube's exact texts (mergepatch/errors.go, strategicpatch/patch.go,
// forkedjson LookupPatchMetadataForStruct) and the answer kube-apiserver gives each one
// (endpoints/handlers/patch.go interpretStrategicMergePatchError: 400, 422, else a plain 500).
import { describe, expect, it } from 'vitest';
import {
  StrategicMergePatchError, apiserverPanicText, applyStrategicMergePatch, schemaLookupForKind, schemaLookupFromNode,
  strategicMergePatchStatus, type SchemaLookup,
} from '../../src/patch/strategic/index.js';
import { formatGoFloat, formatGoValue } from '../../src/patch/strategic/go-values.js';
import { sliceStable } from '../../src/patch/strategic/go-sort.js';

const lookup = (group: string, version: string, kind: string): SchemaLookup => {
  const schema = schemaLookupForKind(group, version, kind);
  if (!schema) throw new Error(`no schema for ${kind}`);
  return schema;
};
const deploymentSchema = lookup('apps', 'v1', 'Deployment');

type Json = Record<string, unknown>;

const deployment: Json = {
  metadata: { name: 'd', labels: { a: 'b' }, finalizers: [] },
  spec: {
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } },
    template: { spec: { containers: [{ name: 'xa', image: 'busybox', args: ['a'] }] } },
  },
};
const podSpecPatch = (podSpec: Json): Json => ({ spec: { template: { spec: podSpec } } });

function captureError(run: () => unknown): StrategicMergePatchError {
  try {
    run();
  } catch (error) {
    if (error instanceof StrategicMergePatchError) return error;
    throw error;
  }
  throw new Error('expected a StrategicMergePatchError');
}

describe('error texts and codes', () => {
  it.each<[string, unknown, string, number]>([
    // rule: every item of a merging list must carry the merge key (mergepatch.ErrNoMergeKey, plain error).
    ['missing merge key', podSpecPatch({ containers: [{ image: 'nginx' }] }), 'map: map[image:nginx] does not contain declared merge key: name', 500],
    // rule: a `$patch: delete` list item needs the merge key too.
    ['delete item without merge key', podSpecPatch({ containers: [{ $patch: 'delete' }] }), 'map: map[$patch:delete] does not contain declared merge key: name', 500],
    // rule: unknown `$patch` value in a list item (mergepatch.ErrBadPatchType).
    ['unknown directive in a list', podSpecPatch({ containers: [{ name: 'xa', $patch: 'bogus' }] }), 'unknown patch type: bogus in map: map[$patch:bogus name:xa]', 500],
    // rule: unknown `$patch` value in a map; a non-string prints with %s as Go does.
    ['unknown directive in a map', { metadata: { labels: { $patch: 'bogus', a: 'c' } } }, 'unknown patch type: bogus in map: map[$patch:bogus a:c]', 500],
    ['numeric directive in a map', { metadata: { labels: { $patch: 1 } } }, 'unknown patch type: %!s(int64=1) in map: map[$patch:1]', 500],
    // rule: `$patch: merge` is refused in lists.
    ['$patch: merge in a list', podSpecPatch({ containers: [{ name: 'xa', $patch: 'merge' }] }), 'merging lists cannot yet be specified in the patch', 500],
    // rule: `$patch: merge` is no map directive either.
    ['$patch: merge in a map', { metadata: { labels: { $patch: 'merge' } } }, 'unknown patch type: merge in map: map[$patch:merge]', 500],
    // rule: `$retainKeys` must be a list (ErrBadPatchFormatForRetainKeys: 400).
    ['$retainKeys not a list', { spec: { strategy: { $retainKeys: 'type', type: 'Recreate' } } }, 'invalid patch format of retainKeys', 400],
    // rule: every non-null field of the patch must be listed in `$retainKeys` (400).
    ['field missing from $retainKeys', { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate', rollingUpdate: {} } } }, 'invalid patch format of retainKeys', 400],
    // rule: `$deleteFromPrimitiveList` needs `/<field>` (ErrBadPatchFormatForPrimitiveList: 400).
    ['$deleteFromPrimitiveList without field', { metadata: { $deleteFromPrimitiveList: ['x'] } }, 'invalid patch format of primitive list', 400],
    // rule: `$setElementOrder` needs `/<field>` (ErrBadPatchFormatForSetElementOrderList: 400).
    ['$setElementOrder without field', { metadata: { $setElementOrder: [] } }, 'invalid patch format of setElementOrder list', 400],
    // rule: `$setElementOrder/<field>` must be a list (mergepatch.ErrBadArgType, plain error).
    ['$setElementOrder not a list', podSpecPatch({ '$setElementOrder/containers': 'xa' }), 'expected a []interface {}, but received a string', 500],
    // rule: the field `$setElementOrder` orders must be a list in the original.
    ['$setElementOrder of a map field', { '$setElementOrder/metadata': [] }, 'expected a []interface {}, but received a map[string]interface {}', 500],
    // rule: `$setElementOrder` items of a merging list must be maps.
    ['$setElementOrder items not maps', podSpecPatch({ '$setElementOrder/containers': ['xa'], containers: [{ name: 'xa' }] }), 'expected a map[string]interface {}, but received a string', 500],
    // rule: the patch list must follow `$setElementOrder`.
    ['patch list out of $setElementOrder order', { metadata: { '$setElementOrder/finalizers': ['a', 'b'], finalizers: ['b', 'a'] } }, "The order in patch list:\n[b a]\n doesn't match $setElementOrder list:\n[a b]\n", 500],
    // rule: all items of the merged lists must have one type.
    ['mixed element types', podSpecPatch({ containers: ['xa'] }), 'list element types are not identical: [[map[args:[a] image:busybox name:xa]] [xa]]', 500],
    // rule: lists of lists are refused (ErrNoListOfLists: 422).
    ['list of lists', { metadata: { finalizers: [['a']] } }, 'lists of lists are not supported', 422],
    // rule: a patch that is not a JSON object fails decoding into map[string]interface{} (400).
    ['patch not an object', [], 'json: cannot unmarshal array into Go value of type map[string]interface {}', 400],
  ])('%s', (_name, patch, message, code) => {
    const error = captureError(() => applyStrategicMergePatch(deployment, patch, deploymentSchema));
    expect({ message: error.message, code: error.code }).toEqual({ message, code });
  });

  // rule: forkedjson LookupPatchMetadataForStruct: a json field the struct lacks is an error.
  it('maps merge through the struct fields: a map under a field the struct lacks is an error', () => {
    const original = { ...deployment, spec: { ...(deployment.spec as Json), bogus: { x: 1 } } };
    const error = captureError(() => applyStrategicMergePatch(original, { spec: { bogus: { y: 1 } } }, deploymentSchema));
    expect({ message: error.message, code: error.code }).toEqual({ message: 'unable to find api field in struct DeploymentSpec for the json field "bogus"', code: 500 });
  });

  // rule: RawExtension's only field is json:"-": every nested map lookup fails.
  it('RawExtension has no fields: nested maps of ControllerRevision.data cannot merge', () => {
    const revision = { data: { spec: { template: {} } }, revision: 1 };
    const error = captureError(() => applyStrategicMergePatch(revision, { data: { spec: { x: 1 } } }, lookup('apps', 'v1', 'ControllerRevision')));
    expect(error.message).toBe('unable to find api field in struct RawExtension for the json field "spec"');
  });

  // rule: lookups into a Go map type fail: "data type is not struct".
  it('a map of lists (CSR spec.extra) cannot merge its values: the map is no struct', () => {
    const request = { spec: { extra: { groups: ['a'] } } };
    const error = captureError(() => applyStrategicMergePatch(request, { spec: { extra: { groups: ['b'] } } }, lookup('certificates.k8s.io', 'v1', 'CertificateSigningRequest')));
    expect(error.message).toBe('merging an object in json but data type is not struct, instead is: map');
  });

  // rule: a list of maps with strategy merge needs a merge key.
  it('maps sent for a merge list of strings cannot merge without a merge key', () => {
    const schema = schemaLookupFromNode({ $ref: 't.T' }, (name) => (name === 't.T'
      ? { type: 'object', properties: { items: { type: 'array', items: { type: 'string' }, 'x-kubernetes-patch-strategy': 'merge' } } }
      : undefined));
    const error = captureError(() => applyStrategicMergePatch({ items: [] }, { items: [{ a: 1 }] }, schema));
    expect(error.message).toBe('cannot merge lists without merge key for string');
  });

  // rule: Go's == on two map values panics; WithPanicRecovery answers a plain-text 500.
  it('two maps compared as merge key values panic in Go: a plain-text 500', () => {
    const error = captureError(() => applyStrategicMergePatch(deployment, podSpecPatch({ containers: [{ name: { a: 1 } }] }), deploymentSchema));
    expect({ panicked: error.panicked, code: error.code, message: error.message }).toEqual({
      panicked: true, code: 500, message: 'runtime error: comparing uncomparable type map[string]interface {}',
    });
    expect(apiserverPanicText).toBe('This request caused apiserver to panic. Look in the logs for details.\n');
  });
});

describe('the Status kube-apiserver answers', () => {
  it.each<[string, StrategicMergePatchError, unknown]>([
    // rule: format errors are errors.NewBadRequest(text).
    ['400', new StrategicMergePatchError('invalid patch format of retainKeys', 400), {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'invalid patch format of retainKeys', reason: 'BadRequest', code: 400,
    }],
    // rule: ErrNoListOfLists is NewGenericServerResponse(422): kube's text is dropped.
    ['422', new StrategicMergePatchError('lists of lists are not supported', 422), {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server rejected our request due to an error in our request',
      reason: 'Invalid', details: {}, code: 422,
    }],
    // rule: kube passes any other error to ErrorToAPIStatus as a bare 500; it is the client's
    // mistake, and this server answers bad input with 400 and kube's text (docs/differences-from-kube.md).
    ['kube 500 -> 400', new StrategicMergePatchError('map: map[image:nginx] does not contain declared merge key: name', 500), {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'map: map[image:nginx] does not contain declared merge key: name', reason: 'BadRequest', code: 400,
    }],
  ])('%s', (_name, error, status) => {
    expect(strategicMergePatchStatus(error).status).toEqual(status);
  });
});

describe('Go behaviour the engine reproduces', () => {
  // rule: %v of decoded JSON as kube's messages print it: sorted map keys, <nil>, shortest %g floats.
  it.each<[unknown, string]>([
    [{ b: [1, 'x', null], a: { c: true } }, 'map[a:map[c:true] b:[1 x <nil>]]'],
    [1.5, '1.5'],
    [1e21, '1e+21'],
    [0.00001, '1e-05'],
    [123456.5, '123456.5'],
    [1234567.5, '1.2345675e+06'],
  ])('%%v of %j is %s', (value, text) => {
    expect(typeof value === 'number' && !Number.isInteger(value) ? formatGoFloat(value) : formatGoValue(value)).toBe(text);
  });

  // rule: kube orders with sort.SliceStable and a less that is not a strict weak order.
  it('sort.SliceStable with kube\'s lenient less keeps Go\'s exact result', () => {
    // less answers true whenever an item is missing from the order: not a strict weak order.
    const order = ['c', 'a'];
    const items = ['x', 'a', 'y', 'c', 'z'];
    sliceStable(items, (i, j) => {
      const left = order.indexOf(items[i] as string);
      const right = order.indexOf(items[j] as string);
      return left >= 0 && right >= 0 ? left < right : true;
    });
    // Go's insertion sort: every unknown item swaps left past its neighbour.
    expect(items).toEqual(['z', 'c', 'y', 'a', 'x']);
  });
});
