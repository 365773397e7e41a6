/** Runs `work` over `items` with at most `concurrency` calls in flight; rejects with the first failure. */
export async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/**
 * Runs `work` over the items of `source` as they arrive, at most `concurrency` at a time, taking
 * the next item only when a slot is free (so a streamed source is read no faster than worked);
 * rejects with the first failure, after which no further item is taken.
 */
export async function inPoolFrom<T>(source: AsyncIterable<T>, concurrency: number, work: (item: T) => Promise<unknown>): Promise<void> {
  const iterator = source[Symbol.asyncIterator]();
  let failed = false;
  const next = async (): Promise<IteratorResult<T>> => (failed ? { done: true, value: undefined } : iterator.next());
  try {
    await Promise.all(Array.from({ length: concurrency }, async () => {
      for (let item = await next(); !item.done; item = await next()) {
        try {
          await work(item.value);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    }));
  } finally {
    await iterator.return?.();
  }
}
