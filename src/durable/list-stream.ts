/**
 * The body of a list as it leaves a storage shard: a byte stream the consumer pulls (Durable
 * Object RPC carries it with backpressure), one line per item, `rv TAB "key" TAB value`, in key
 * order. Each pull reads a bounded part of the snapshot (about 256 KiB of items, or a few thousand
 * rows rejected by the selectors), so no reply grows with the data and other requests to the
 * shard run between pulls: a 100,000-object list does not hold up a GET. Keys travel as JSON strings and documents are
 * compact JSON, so neither holds a raw tab or newline.
 */
import type { ListRequest } from '../storage/types.js';
import type { KeyRange, RowSource } from './list-source.js';

/**
 * A byte stream of `lines`, one per line, pulled in chunks of about `chunkBytes`; `done` runs
 * once when it ends, fails or is cancelled.
 */
export function linesStream(lines: Iterator<string>, done: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let finished = false;
  const finish = () => {
    if (!finished) (finished = true), done();
  };
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      try {
        let text = '';
        for (let line = lines.next(); ; line = lines.next()) {
          if (line.done) {
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return finish();
          }
          text += `${line.value}\n`;
          if (text.length >= chunkBytes) return controller.enqueue(encoder.encode(text));
        }
      } catch (error) {
        finish();
        throw error;
      }
    },
    cancel: finish,
  }, { highWaterMark: 1 });
}

/** Rows read per query, the most bytes one chunk collects, and the rows a pull may reject before it yields. */
const batchRows = 256;
const chunkBytes = 256 << 10;
const maxRejectedPerPull = 4096;

/** Lets the shard's other requests run (a pull that found nothing to send yet yields before going on). */
const yieldToOthers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Streams the items of `request` in `range` from `source` (at most `request.limit` when
 * positive); `done` runs once when the stream ends, fails or is cancelled. A pull sends about
 * `chunkBytes`, or what it found after rejecting `maxRejectedPerPull` rows; between pulls the
 * shard serves other requests.
 */
export function listBody(source: RowSource, request: ListRequest, range: KeyRange, done: () => void): ReadableStream<Uint8Array> {
  const { matches } = source;
  const limit = request.limit && request.limit > 0 ? request.limit : Infinity;
  const encoder = new TextEncoder();
  let cursor = range.after;
  let sent = 0;
  let exhausted = false;
  let pulled = 0;
  let finished = false;
  const finish = () => {
    if (!finished) (finished = true), done();
  };
  /** One bounded step: the text of the items found, possibly empty. */
  const step = (): string => {
    let text = '';
    let rejected = 0;
    while (text.length < chunkBytes && sent < limit && rejected < maxRejectedPerPull) {
      const rows = source.rows({ ...range, after: cursor }, batchRows, 'all');
      for (const row of rows) {
        cursor = row.key;
        if (matches && !matches(row)) {
          rejected++;
          continue;
        }
        text += `${row.rv}\t${JSON.stringify(row.key)}\t${row.value}\n`;
        if (++sent >= limit) break;
      }
      if (rows.length < batchRows) {
        exhausted = true;
        break;
      }
    }
    return text;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // The consumer's reads may come back to back (microtasks): yield so other requests run between chunks.
        if (pulled++) await yieldToOthers();
        let text = step();
        while (!text && !exhausted && sent < limit) {
          await yieldToOthers();
          text = step();
        }
        if (text) controller.enqueue(encoder.encode(text));
        if (exhausted || sent >= limit) {
          controller.close();
          finish();
        }
      } catch (error) {
        finish();
        throw error;
      }
    },
    cancel: finish,
  }, { highWaterMark: 1 });
}
