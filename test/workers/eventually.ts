/**
 * Waits for work the server does on its own (lifecycle controllers, grace periods) to show:
 * polls `check` until it holds. The limit only stops a broken run; it asserts nothing about speed.
 */
export async function eventually(check: () => Promise<boolean> | boolean, limitMillis = 20_000): Promise<void> {
  const deadline = Date.now() + limitMillis;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not come true');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
