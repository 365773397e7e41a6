// The noisy tenant of the `tenants` section, in a worker thread of its own so that its 32 writers
// do not delay the quiet tenant's client on the benchmark's event loop (which would count the
// load generator's own queueing as the quiet tenant's latency). workerData: { url, token,
// durationMs }; posts { admitted, throttled } when done.
import { parentPort, workerData } from 'node:worker_threads';
import { call } from './token-call.mjs';

const { url, token, durationMs } = workerData;
const counts = { admitted: 0, throttled: 0 };
const deadline = performance.now() + durationMs;

/** One create; its status. */
async function write(name) {
  const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'x'.repeat(512) } };
  return (await call(`${url}/api/v1/namespaces/default/configmaps`, token, 'POST', body)).status;
}

await Promise.all(Array.from({ length: 32 }, async (_, worker) => {
  for (let i = 0; performance.now() < deadline; i++) {
    if ((await write(`n-${worker}-${i}`)) === 429) counts.throttled += 1;
    else counts.admitted += 1;
  }
}));
parentPort.postMessage(counts);
