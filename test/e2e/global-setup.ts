/**
 * Starts one real local server (workerd through Miniflare, in-memory Durable Objects, port 0) for
 * the end-to-end suites (authentication on, TLS: test-server.ts), and hands its URL to them with `inject('serverUrl')`.
 */
import type { TestProject } from 'vitest/node';
import { startTestServer } from './test-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide('serverUrl', server.url);
  return async () => {
    await server.stop();
  };
}
