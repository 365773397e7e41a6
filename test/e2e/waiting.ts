/**
 * Helpers of the end-to-end suites: bounded concurrency, waiting for what the server does on its
 * own (the limit only stops a broken run; it asserts nothing about speed), and a free port for
 * servers a suite restarts.
 */
import { createServer } from 'node:net';

export { inPool as pool } from '../../src/apimachinery/concurrency.js';

/** Polls `check` until it holds. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMillis = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMillis;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A TCP port free right now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}
