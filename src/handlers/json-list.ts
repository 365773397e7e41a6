/**
 * A list as compact JSON, streamed: the served JSON of each stored document is spliced in as the
 * items arrive from storage, never parsed or re-encoded, so a list of any size costs memory of a
 * chunk and the isolate runs other requests between chunks (each chunk ends with a yield). The bytes are those of
 * `renderJson(typedList(...))` (or `unstructuredList` for custom resources): typed items drop
 * their leading kind and apiVersion (which the stored form begins with; anything else is parsed
 * and re-encoded as listItem does).
 */
import { listItem, listMeta } from '../codecs/lists.js';
import type { ListedObjects } from '../registry/store.js';
import type { ServedItem } from '../registry/served-item.js';

/** Bytes collected before a chunk is sent. */
const chunkChars = 64 << 10;

export interface JsonListShape {
  listKind: string;
  apiVersion: string;
  /** Custom resources: an UnstructuredList (keys sorted, items whole). */
  unstructured: boolean;
  /** The kind of the items (typed lists strip it from each item). */
  kind: string;
}

/** The body of `list` as JSON, streamed. */
export function jsonListBody(list: ListedObjects, shape: JsonListShape): ReadableStream<Uint8Array> {
  const { items, ...meta } = list;
  const metadata = JSON.stringify(listMeta({ ...meta, items: [] }));
  const kind = JSON.stringify(shape.listKind);
  const apiVersion = JSON.stringify(shape.apiVersion);
  const head = shape.unstructured ? `{"apiVersion":${apiVersion},"items":[` : `{"kind":${kind},"apiVersion":${apiVersion},"metadata":${metadata},"items":[`;
  const tail = shape.unstructured ? `],"kind":${kind},"metadata":${metadata}}\n` : ']}\n';
  const itemJson = shape.unstructured ? (item: ServedItem) => item.json() : typedItemJson(shape.kind, shape.apiVersion);
  const iterator = items[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let text = head;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (text.length < chunkChars) {
        const next = await iterator.next();
        if (next.done) {
          controller.enqueue(encoder.encode(text + tail));
          return controller.close();
        }
        text += (first ? '' : ',') + itemJson(next.value);
        first = false;
      }
      controller.enqueue(encoder.encode(text));
      text = '';
      // Storage's chunks may all be waiting already: reading them resolves as microtasks, which
      // would run the whole list before any other request of the isolate. A timer yields.
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    async cancel() {
      await iterator.return?.();
    },
  }, { highWaterMark: 0 });
}

/** An item's JSON inside a typed list: its served JSON without the leading kind and apiVersion. */
function typedItemJson(kind: string, apiVersion: string): (item: ServedItem) => string {
  const prefix = `{"kind":${JSON.stringify(kind)},"apiVersion":${JSON.stringify(apiVersion)},`;
  return (item) => {
    const json = item.json();
    return json.startsWith(prefix) ? `{${json.slice(prefix.length)}` : JSON.stringify(listItem(item.object()));
  };
}
