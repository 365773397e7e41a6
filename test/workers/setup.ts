/**
 * The pool gives every test file fresh Durable Object storage but keeps the Worker isolate, whose
 * bootstrap (system namespaces) ran against the previous file's storage and is not due again for
 * a minute. Re-create what bootstrap guarantees, through the API, before each file.
 */
import { beforeAll } from 'vitest';
import { builtinOpenApiDocuments } from '../../src/endpoints/openapi/openapi-data.js';
import { api } from './api-client.js';

// kube's OpenAPI documents are imported on first use. In the pool that import goes through Vite's
// module runner (4.3 MB transformed over RPC), seconds on a loaded machine: longer than a test may
// take. The isolate keeps the module, so only the first file pays, in a hook.
beforeAll(async () => {
  await builtinOpenApiDocuments();
});

beforeAll(async () => {
  for (const name of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) {
    const response = await api('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } });
    if (response.status !== 201 && response.status !== 409) throw new Error(`bootstrap namespace ${name}: ${response.text}`);
  }
});
