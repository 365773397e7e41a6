/**
 * The pool gives every test file fresh Durable Object storage but keeps the Worker isolate, whose
 * bootstrap (system namespaces) ran against the previous file's storage and is not due again for
 * a minute. Re-create what bootstrap guarantees, through the API, before each file.
 */
import { beforeAll } from 'vitest';
import { api } from './api-client.js';

beforeAll(async () => {
  for (const name of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) {
    const response = await api('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } });
    if (response.status !== 201 && response.status !== 409) throw new Error(`bootstrap namespace ${name}: ${response.text}`);
  }
});
