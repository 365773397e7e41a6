/**
 * The body of a list as it leaves a storage shard: a byte stream the consumer pulls (Durable
 * Object RPC carries it with backpressure), one line per item, `rv TAB "key" TAB value`, in key
 * order. Each pull reads one bounded batch of the snapshot, so no reply grows with the data and
 * other requests to the shard run between batches. Keys travel as JSON strings and documents are
 * compact JSON, so neither holds a raw tab or newline.
 */
import type { ListRequest } from '../storage/types.js';
import { type KeyRange, rowFilter, snapshotRows } from './list.js';

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

/** Rows read per pull, and the most bytes one chunk collects before it is sent. */
const batchRows = 256;
const chunkBytes = 1 << 20;

/**
 * Streams the items of `request` in `range` at snapshot `at` (at most `request.limit` when
 * positive); `done` runs once when the stream ends, fails or is cancelled.
 */
export function listBody(sql: SqlStorage, request: ListRequest, range: KeyRange, at: number, done: () => void): ReadableStream<Uint8Array> {
  const matches = rowFilter(request);
  const limit = request.limit && request.limit > 0 ? request.limit : Infinity;
  const encoder = new TextEncoder();
  let cursor = range.after;
  let sent = 0;
  let finished = false;
  const finish = () => {
    if (!finished) (finished = true), done();
  };
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      try {
        let text = '';
        let exhausted = false;
        while (text.length < chunkBytes && sent < limit) {
          const rows = snapshotRows(sql, at, { ...range, after: cursor }, batchRows);
          for (const row of rows) {
            cursor = row.key;
            if (matches && !matches(row)) continue;
            text += `${row.rv}\t${JSON.stringify(row.key)}\t${row.value}\n`;
            if (++sent >= limit) break;
          }
          if (rows.length < batchRows) {
            exhausted = true;
            break;
          }
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
