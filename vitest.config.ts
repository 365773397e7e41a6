// Sets the offline environment (no Cloudflare fetches or metrics, config inside the project) before wrangler loads.
import './scripts/offline-env.mjs';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { credentialBindings, signingKeyPem } from './scripts/local-credentials.mjs';
import { adminToken, testUsers } from './test/helpers/test-users.mjs';
import { fakeWebhooks } from './test/helpers/fake-webhooks.mjs';

/** Authentication on, with the test users; rate limits out of the way of functional tests. */
const securityBindings = {
  ...credentialBindings({ adminToken, signingKey: signingKeyPem(), extraUsers: testUsers }),
  RATE_LIMIT_QPS: '1000000', RATE_LIMIT_BURST: '1000000',
};

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
            miniflare: {
              bindings: { HISTORY_WINDOW_SECONDS: '300', WATCH_HEARTBEAT_SECONDS: '1', TENANT_DOMAIN: 'tenants.edge.test', ...securityBindings },
              // Admission webhooks the Worker calls (test/helpers/fake-webhooks.mjs); nothing else leaves workerd.
              outboundService: fakeWebhooks,
            },
          }),
        ],
        test: {
          name: 'workers', include: ['test/workers/**/*.test.ts'], setupFiles: ['test/workers/setup.ts'],
          // The first request of a file bootstraps the cluster (namespaces, the RBAC policy): slow when
          // the three projects share two cores, so hooks get more than vitest's default 10 s.
          hookTimeout: 60_000,
          // Suites over several shards (each a Durable Object) make many RPCs per test: slow when the machine is busy.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          // The test server speaks TLS with a self-signed certificate (kubectl sends tokens only over TLS).
          env: { NODE_TLS_REJECT_UNAUTHORIZED: '0' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
