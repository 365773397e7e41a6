/**
 * Test servers as the product runs: authentication on (the test users of
 * test/helpers/test-users.mjs, a fresh service account signing key), served over TLS with a
 * self-signed certificate (kubectl sends bearer tokens only over TLS; the e2e project sets
 * NODE_TLS_REJECT_UNAUTHORIZED=0 for Node's fetch), rate limits out of the way unless asked.
 */
// @ts-expect-error -- plain ESM script shared with `npm start` and the benchmark
import { startServer } from '../../scripts/server.mjs';
// @ts-expect-error -- plain ESM script shared with `npm start`
import { credentialBindings, signingKeyPem } from '../../scripts/local-credentials.mjs';
import { adminToken, testUsers, tokenOf } from '../helpers/test-users.mjs';

export interface TestServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a server; `bindings` override the defaults (e.g. low rate limits), and
 * E2E_SHARDED_TYPES sets SHARDED_TYPES for every suite's server; `front` serves TLS
 * from src/front/https-front.ts, which keeps idle connections open as kube-apiserver does.
 */
export async function startTestServer(options: { port?: number; persistTo?: string; bindings?: Record<string, string>; front?: boolean } = {}): Promise<TestServer> {
  const bindings = {
    ...credentialBindings({ adminToken, signingKey: signingKey(), extraUsers: testUsers }),
    RATE_LIMIT_QPS: '1000000', RATE_LIMIT_BURST: '1000000',
    // E2E_SHARDED_TYPES runs the suites with types spread over storage shards (docs/shards.md).
    ...(process.env.E2E_SHARDED_TYPES ? { SHARDED_TYPES: process.env.E2E_SHARDED_TYPES } : {}),
    ...options.bindings,
  };
  return startServer({ port: options.port ?? 0, persistTo: options.persistTo, bindings, https: true, front: options.front ?? false });
}

/** One signing key per test process, so that a restarted server accepts the tokens it issued. */
let key: string | undefined;
function signingKey(): string {
  key ??= signingKeyPem() as string;
  return key!;
}

/** Headers that authenticate as a test user (default admin). */
export function authHeaders(user = 'admin'): Record<string, string> {
  return { authorization: `Bearer ${tokenOf(user)}` };
}

/** fetch against the server as a test user (default admin); explicit headers win. */
export function apiFetch(url: string, init: RequestInit = {}, user = 'admin'): Promise<Response> {
  return fetch(url, { ...init, headers: { ...authHeaders(user), ...(init.headers as Record<string, string> | undefined) } });
}
