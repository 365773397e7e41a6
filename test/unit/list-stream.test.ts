/**
 * The streaming list encoders (src/codecs/list-stream/) against the whole-body encoders the
 * server answers lists with today (respondList: lists.ts, table.ts, partial-metadata.ts through
 * encode-body.ts): byte-identical bodies for every list form and encoding, over every built-in
 * kind of the round-trip fixtures, tricky strings, empty and big lists, decoded items and stored
 * JSON spliced in; and the stream's contract: pull-based (the source is read as the reader
 * reads), a second pass only past the buffer, a changed second pass fails the stream, a
 * cancelled stream ends the source.
 */
import { describe, expect, it } from 'vitest';
import { encodeBody } from '../../src/codecs/encode-body.js';
import { type ListMetaFields, listMeta, typedList, unstructuredList } from '../../src/codecs/lists.js';
import { encodeListStream, isJsonItem, jsonItem as makeJsonItem, type JsonItem, type ListForm, type ListItem, type ListStreamOptions } from '../../src/codecs/list-stream/index.js';
import type { Encoding, OutputFormat } from '../../src/codecs/negotiate.js';
import { partialObjectMetadata } from '../../src/codecs/partial-metadata.js';
import { defaultPrinter, type Printer } from '../../src/codecs/printer-registry.js';
import { builtinPrinters } from '../../src/codecs/printers/index.js';
import { type IncludeObject, toTable } from '../../src/codecs/table.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import type { ObjectList } from '../../src/apimachinery/object.js';
import { fromStored, storedJson, storedToJson } from '../../src/registry/stored-object.js';
import { roundTripObjects } from '../fixtures/round-trip-objects.js';

const now = new Date('2026-11-21T12:00:00Z');

/** What respondList writes for `objects` in `form` (the reference). */
function wholeBody(form: ListForm, list: ObjectList, encoding: Encoding, pretty: boolean): Uint8Array {
  const format: OutputFormat = { encoding, mediaType: 'unused' };
  let value: unknown;
  switch (form.form) {
    case 'typed': value = typedList(form.kind, form.apiVersion, list); break;
    case 'unstructured': value = unstructuredList(form.kind, form.apiVersion, list); break;
    case 'partial':
      value = { kind: 'PartialObjectMetadataList', apiVersion: `meta.k8s.io/${form.version}`, metadata: listMeta(list), items: list.items.map((item) => partialObjectMetadata(item, form.version)) };
      break;
    case 'table':
      value = toTable(list.items, form.printer, listMeta(list), { includeObject: form.includeObject, version: form.version, now: form.now });
  }
  const body = encodeBody(value, format, pretty);
  return typeof body === 'string' ? new TextEncoder().encode(body) : body;
}

/** Byte equality, fast for big bodies; a mismatch shows both sides around the first differing byte. */
function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  if (Buffer.from(actual).equals(Buffer.from(expected))) return;
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at++;
  const around = (bytes: Uint8Array) => Buffer.from(bytes.subarray(Math.max(0, at - 80), at + 80)).toString('latin1');
  expect({ at, length: actual.length, text: around(actual) }).toEqual({ at, length: expected.length, text: around(expected) });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function streamed(form: ListForm, metadata: ListMetaFields, items: ListItem[], encoding: Encoding, pretty: boolean, extra: Partial<ListStreamOptions> = {}) {
  return readAll(await encodeListStream({ form, metadata, encoding, pretty, ...extra }, () => items));
}

/** A stored revision of `object` as the lead's storage stream will hand it over: served JSON, decoded lazily. */
function jsonItem(object: KubeObject, resourceVersion: number, unstructured = false): JsonItem {
  const stored = { key: object.metadata.name!, resourceVersion, value: storedJson(object, unstructured) };
  return makeJsonItem(storedToJson(stored), () => fromStored(stored));
}

function copies(object: KubeObject, count: number): KubeObject[] {
  return Array.from({ length: count }, (_, i) => {
    const copy = structuredClone(object);
    copy.metadata.name = `${object.metadata.name}-${i}`;
    return copy;
  });
}

function printerOf(object: KubeObject): Printer {
  const group = object.apiVersion!.includes('/') ? object.apiVersion!.split('/')[0] : '';
  return builtinPrinters[`${group}/${object.kind!.toLowerCase()}s`] ?? defaultPrinter;
}

const tricky: KubeObject = {
  kind: 'ConfigMap', apiVersion: 'v1',
  metadata: { name: 'tricky', namespace: 'default', uid: 'u-1', resourceVersion: '7', creationTimestamp: '2026-11-21T09:55:37Z', labels: { b: 'yes', a: 'no' }, annotations: { 'x/y': 'on' } },
  data: {
    multiline: 'line one\nline two\n\n\nafter blank lines\n',
    keep: 'trailing\n\n\n',
    leading: '  starts with spaces\nand more',
    unicode: 'héllo wörld ✓ 日本語 🚀',
    quoted: '"quoted" \'single\' : colon # hash',
    empty: '',
    number: '0x1F',
    nul: 'a\u0000b\u0007c',
    'key with spaces': 'v',
    '-dash': '- item',
    tab: 'a\tb',
    crlf: 'x\r\ny',
  },
  binaryData: { blob: 'AAECAwQ=' },
};

const kinds = roundTripObjects.filter((object) => !object.kind.endsWith('List')) as unknown as KubeObject[];
const metas: [string, (items: KubeObject[]) => ObjectList][] = [
  ['rv only', (items) => ({ resourceVersion: '12345', items })],
  ['a page', (items) => ({ resourceVersion: '12345', continue: 'eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ', remainingItemCount: 42, items })],
];
const textEncodings: [Encoding, boolean][] = [['json', false], ['json', true], ['yaml', false]];
const allEncodings: [Encoding, boolean][] = [...textEncodings, ['protobuf', false], ['cbor', false]];

describe('typed lists: byte-identical to the whole-body encoders', () => {
  const lists = [...kinds.map((object) => [`${object.kind}`, object] as const), ['tricky ConfigMap', tricky] as const];
  for (const [name, object] of lists) {
    it.each(allEncodings)(`${name} x0/x1/x3, %s pretty=%s`, async (encoding, pretty) => {
      const form: ListForm = { form: 'typed', kind: `${object.kind}List`, apiVersion: object.apiVersion! };
      for (const count of [0, 1, 3]) {
        for (const [, makeList] of metas) {
          const list = makeList(copies(object, count));
          expectSameBytes(await streamed(form, listMeta(list), list.items, encoding, pretty), wholeBody(form, list, encoding, pretty));
        }
      }
    });
  }
});

describe('stored JSON spliced in', () => {
  it.each(allEncodings)('typed lists of every kind from stored revisions, %s pretty=%s', async (encoding, pretty) => {
    for (const object of [...kinds, tricky]) {
      const items = copies(object, 3).map((copy, i) => jsonItem(copy, 500 + i));
      const list: ObjectList = { resourceVersion: '900', items: items.map((item) => item.object()) };
      const form: ListForm = { form: 'typed', kind: `${object.kind}List`, apiVersion: object.apiVersion! };
      const fresh = copies(object, 3).map((copy, i) => jsonItem(copy, 500 + i));
      expectSameBytes(await streamed(form, listMeta(list), fresh, encoding, pretty), wholeBody(form, list, encoding, pretty));
    }
  });

  it('compact JSON never decodes a spliced item', async () => {
    let decoded = 0;
    const items = copies(tricky, 5).map((copy, i) => {
      const stored = { key: copy.metadata.name!, resourceVersion: i + 1, value: storedJson(copy) };
      return makeJsonItem(storedToJson(stored), () => (decoded++, fromStored(stored)));
    });
    await streamed({ form: 'typed', kind: 'ConfigMapList', apiVersion: 'v1' }, { resourceVersion: '9' }, items, 'json', false);
    await streamed({ form: 'unstructured', kind: 'ConfigMapList', apiVersion: 'v1' }, { resourceVersion: '9' }, items, 'json', false);
    expect(decoded).toBe(0);
  });
});

describe('unstructured lists (custom resources)', () => {
  const widget = (n: number): KubeObject => ({
    apiVersion: 'example.com/v1', kind: 'Widget',
    metadata: { name: `w${n}`, namespace: 'default', uid: `u${n}`, resourceVersion: String(n), creationTimestamp: '2026-11-21T09:55:37Z' },
    spec: { size: n, color: 'red', nested: { list: [1, 'two', { three: 3.5 }], empty: {}, none: null }, text: 'a\nb' },
  });
  it.each(textEncodings.concat([['cbor', false]]))('%s pretty=%s, decoded and stored', async (encoding, pretty) => {
    const form: ListForm = { form: 'unstructured', kind: 'WidgetList', apiVersion: 'example.com/v1' };
    for (const count of [0, 1, 4]) {
      const objects = Array.from({ length: count }, (_, i) => widget(i + 1));
      const stored = objects.map((object) => jsonItem(object, Number(object.metadata.resourceVersion), true));
      const list: ObjectList = { resourceVersion: '77', continue: 'abc', items: stored.map((item) => item.object()) };
      expectSameBytes(await streamed(form, listMeta(list), stored, encoding, pretty), wholeBody(form, list, encoding, pretty));
      const plain: ObjectList = { resourceVersion: '77', items: objects };
      expectSameBytes(await streamed(form, listMeta(plain), objects, encoding, pretty), wholeBody(form, plain, encoding, pretty));
    }
  });
});

describe('Tables and PartialObjectMetadataLists', () => {
  const includes: IncludeObject[] = ['None', 'Metadata', 'Object'];
  it.each(textEncodings)('Tables of every kind, every includeObject, v1 and v1beta1, %s pretty=%s', async (encoding, pretty) => {
    for (const object of [...kinds, tricky]) {
      for (const includeObject of includes) {
        for (const version of ['v1', 'v1beta1']) {
          const form: ListForm = { form: 'table', version, printer: printerOf(object), includeObject, now };
          for (const count of [0, 2]) {
            const list: ObjectList = { resourceVersion: '5', remainingItemCount: 3, continue: 'c', items: copies(object, count) };
            const items = count ? list.items.map((item, i) => (i % 2 ? item : jsonItem(item, 5))) : [];
            const reference: ObjectList = { ...list, items: items.map((item) => (isJsonItem(item) ? item.object() : item)) };
            expectSameBytes(await streamed(form, listMeta(list), items, encoding, pretty), wholeBody(form, reference, encoding, pretty));
          }
        }
      }
    }
  });

  it.each(textEncodings)('a Table whose printer sorts its rows (as kube\'s FlowSchema printer does), %s pretty=%s', async (encoding, pretty) => {
    const byNameDescending: Printer = { ...defaultPrinter, order: (objects) => [...objects].sort((a, b) => (a.metadata.name! < b.metadata.name! ? 1 : -1)) };
    const form: ListForm = { form: 'table', version: 'v1', printer: byNameDescending, includeObject: 'Metadata', now };
    const list: ObjectList = { resourceVersion: '5', items: copies(tricky, 5) };
    const body = await streamed(form, listMeta(list), list.items, encoding, pretty);
    expectSameBytes(body, wholeBody(form, list, encoding, pretty));
    expect(new TextDecoder().decode(body).indexOf('tricky-4')).toBeLessThan(new TextDecoder().decode(body).indexOf('tricky-0'));
  });

  it.each(allEncodings)('PartialObjectMetadataLists, v1 and v1beta1, %s pretty=%s', async (encoding, pretty) => {
    for (const object of [...kinds, tricky]) {
      for (const version of ['v1', 'v1beta1']) {
        const form: ListForm = { form: 'partial', version };
        const list: ObjectList = { resourceVersion: '5', items: copies(object, 2) };
        expectSameBytes(await streamed(form, listMeta(list), list.items, encoding, pretty), wholeBody(form, list, encoding, pretty));
      }
    }
  });
});

describe('big lists', () => {
  const pods = copies(kinds.find((object) => object.kind === 'Pod')!, 400);
  const list: ObjectList = { resourceVersion: '1', continue: 'next', remainingItemCount: 7, items: pods };
  const form: ListForm = { form: 'typed', kind: 'PodList', apiVersion: 'v1' };

  it.each(allEncodings)('400 Pods across many chunks, %s pretty=%s', async (encoding, pretty) => {
    expectSameBytes(await streamed(form, listMeta(list), pods, encoding, pretty), wholeBody(form, list, encoding, pretty));
  });

  it.each([['protobuf'], ['cbor']] as [Encoding][])('%s past the buffer reads the items twice, within it once', async (encoding) => {
    let passes = 0;
    const source = () => (passes++, pods);
    const expected = wholeBody(form, list, encoding, false);
    expectSameBytes(await readAll(await encodeListStream({ form, metadata: listMeta(list), encoding, bufferLimit: 10_000 }, source)), expected);
    expect(passes).toBe(2);
    passes = 0;
    expectSameBytes(await readAll(await encodeListStream({ form, metadata: listMeta(list), encoding }, source)), expected);
    expect(passes).toBe(1);
  });

  it('CBOR with the item count given reads the items once, as they are pulled', async () => {
    let passes = 0;
    const body = await encodeListStream({ form, metadata: listMeta(list), encoding: 'cbor', itemCount: pods.length, bufferLimit: 0 }, () => (passes++, pods));
    expectSameBytes(await readAll(body), wholeBody(form, list, 'cbor', false));
    expect(passes).toBe(1);
  });
});

/** An async source of `count` ConfigMaps that records how many it has handed out and whether it was closed. */
function countingSource(count: number) {
  const state = { pulled: 0, closed: false };
  async function* items(): AsyncGenerator<ListItem> {
    try {
      for (let i = 0; i < count; i++) {
        state.pulled++;
        yield { ...tricky, metadata: { ...tricky.metadata, name: `cm-${i}` } };
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, items };
}

describe('the stream', () => {
  it.each(textEncodings)('%s pretty=%s is pulled: the source is read only as far as the reader has read', async (encoding, pretty) => {
    const { state, items } = countingSource(100_000);
    const reader = (await encodeListStream({ form: { form: 'typed', kind: 'ConfigMapList', apiVersion: 'v1' }, metadata: { resourceVersion: '1' }, encoding, pretty }, items)).getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeGreaterThan(0);
    // One chunk is about 64 KiB: a few hundred items of ~700 bytes, nowhere near all 100,000.
    expect(state.pulled).toBeLessThan(1_000);
    await reader.read();
    expect(state.pulled).toBeLessThan(2_000);
    await reader.cancel();
    expect(state.closed).toBe(true);
  });

  it('a second pass that differs from the first fails the stream', async () => {
    let pass = 0;
    const source = () => (pass++ === 0 ? copies(tricky, 30) : copies(tricky, 31));
    const body = await encodeListStream({ form: { form: 'typed', kind: 'ConfigMapList', apiVersion: 'v1' }, metadata: { resourceVersion: '1' }, encoding: 'protobuf', bufferLimit: 100 }, source);
    await expect(readAll(body)).rejects.toThrow(/changed between the passes/);
  });

  it('a CBOR item count that does not match fails the stream', async () => {
    const body = await encodeListStream({ form: { form: 'typed', kind: 'ConfigMapList', apiVersion: 'v1' }, metadata: { resourceVersion: '1' }, encoding: 'cbor', itemCount: 2 }, () => copies(tricky, 3));
    await expect(readAll(body)).rejects.toThrow(/changed between the passes/);
  });

  it('a Protobuf encoding error rejects before the body starts, naming the item as the whole-list encoder does', async () => {
    const bad = copies(tricky, 3);
    bad[1]!.data = { key: 7 };
    const form: ListForm = { form: 'typed', kind: 'ConfigMapList', apiVersion: 'v1' };
    const list: ObjectList = { resourceVersion: '1', items: bad };
    const whole = (() => { try { wholeBody(form, list, 'protobuf', false); } catch (error) { return (error as Error).message; } })();
    await expect(encodeListStream({ form, metadata: listMeta(list), encoding: 'protobuf' }, () => bad)).rejects.toThrow(whole!);
  });
});
