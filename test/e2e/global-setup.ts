/**
 * Starts one real local server (workerd through Miniflare, in-memory Durable Objects, port 0) for
 * the end-to-end suites, and hands its URL to them with `inject('serverUrl')`.
 */
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- plain ESM script shared with `npm start` and the benchmark
import { startServer } from '../../scripts/server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer({ port: 0 });
  project.provide('serverUrl', server.url);
  return async () => {
    await server.stop();
  };
}
