/** JSON merge patch (RFC 7386 examples) and JSON patch with kube's evanphx behaviour. */
import { describe, expect, it } from 'vitest';
import { JsonPatchApplyError, JsonPatchDecodeError, applyJsonPatch, decodeJsonPatch } from '../../src/patch/json-patch.js';
import { applyMergePatch } from '../../src/patch/merge-patch.js';

describe('applyMergePatch (RFC 7386 appendix A)', () => {
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [['a', 'b'], ['c', 'd'], ['c', 'd']],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ])('%j + %j = %j', (target, patch, want) => {
    const before = JSON.stringify(target);
    expect(applyMergePatch(target, patch)).toEqual(want);
    expect(JSON.stringify(target)).toBe(before);
  });
});

describe('JSON patch', () => {
  const document = { data: { a: '1' }, list: ['x'] };

  it.each([
    ['add', [{ op: 'add', path: '/data/b', value: '2' }], { data: { a: '1', b: '2' }, list: ['x'] }],
    ['replace of a missing key sets it (golden 037)', [{ op: 'replace', path: '/data/zzz', value: '9' }], { data: { a: '1', zzz: '9' }, list: ['x'] }],
    ['remove', [{ op: 'remove', path: '/data/a' }], { data: {}, list: ['x'] }],
    ['append to a list', [{ op: 'add', path: '/list/-', value: 'y' }], { data: { a: '1' }, list: ['x', 'y'] }],
    ['move', [{ op: 'move', from: '/data/a', path: '/data/b' }], { data: { b: '1' }, list: ['x'] }],
    ['copy', [{ op: 'copy', from: '/data/a', path: '/data/b' }], { data: { a: '1', b: '1' }, list: ['x'] }],
    ['passing test', [{ op: 'test', path: '/data/a', value: '1' }], document],
  ])('%s', (_name, patch, want) => {
    expect(applyJsonPatch(document, patch as never)).toEqual(want);
    expect(document).toEqual({ data: { a: '1' }, list: ['x'] });
  });

  it.each([
    ['failing test, even after a successful op', [{ op: 'replace', path: '/data/a', value: '2' }, { op: 'test', path: '/data/a', value: '9' }]],
    ['remove of a missing path', [{ op: 'remove', path: '/data/nope' }]],
    ['add below a missing parent', [{ op: 'add', path: '/nope/x', value: 1 }]],
    ['move from a missing path', [{ op: 'move', from: '/nope', path: '/data/b' }]],
    ['unknown op', [{ op: 'frobnicate', path: '/data' }]],
  ])('refuses %s, changing nothing', (_name, patch) => {
    const copy = structuredClone(document);
    expect(() => applyJsonPatch(copy, patch as never)).toThrowError(JsonPatchApplyError);
    expect(copy).toEqual(document);
  });

  it.each([['{'], ['{}'], ['"x"']])('refuses a body that is not a list of operations: %s', (text) => {
    expect(() => decodeJsonPatch(text)).toThrowError(JsonPatchDecodeError);
  });
});
