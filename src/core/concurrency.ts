/** Runs `work` over `items` with at most `concurrency` calls in flight; rejects with the first failure. */
export async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}
