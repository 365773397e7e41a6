// Sets the offline environment (no Cloudflare fetches or metrics, config inside the project) before wrangler loads.
import './scripts/offline-env.mjs';
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// Three projects: pure functions in Node, storage and handlers inside workerd (Durable Objects
// with SQLite, through the pool), and end-to-end suites in Node that start a real local server
// and drive the real kubectl and @kubernetes/client-node.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: { HISTORY_WINDOW_SECONDS: '300', WATCH_HEARTBEAT_SECONDS: '1' } },
          }),
        ],
        test: { name: 'workers', include: ['test/workers/**/*.test.ts'], setupFiles: ['test/workers/setup.ts'] },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
