/**
 * Reading a storage shard's byte streams (durable/list-stream.ts): list bodies, lines
 * `rv TAB "key" TAB value`, and history, one watch message a line; decoded as the bytes arrive,
 * one line at a time, so memory stays bounded by a chunk.
 */
import type { StoredObject } from './types.js';

/** The items of a list body, in order. */
export async function* listItems(body: ReadableStream<Uint8Array>): AsyncGenerator<StoredObject> {
  for await (const line of lines(body)) yield parseLine(line);
}

/** The lines of a byte stream of newline-terminated UTF-8 lines, as they arrive. */
export async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let pending = '';
  let completed = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      completed = done;
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let start = 0;
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n', start)) {
        yield pending.slice(start, end);
        start = end + 1;
      }
      pending = pending.slice(start);
      if (done) break;
    }
  } finally {
    // A consumer that stops early cancels the rest, which releases the shard's snapshot.
    if (!completed) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

function parseLine(line: string): StoredObject {
  const first = line.indexOf('\t');
  const second = line.indexOf('\t', first + 1);
  return { resourceVersion: Number(line.slice(0, first)), key: JSON.parse(line.slice(first + 1, second)) as string, value: line.slice(second + 1) };
}

/** Every item of a list, for callers whose lists are small by nature (caches of RBAC objects and such). */
export async function collectItems<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
