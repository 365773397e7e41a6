// The large lists of the `kube-lists` section's "GET during a large list" case, in a worker thread
// of their own: each 45 MB body is drained, never joined into one string, so that the load
// generator's own work on it (which would stall the thread measuring the GETs for tens of
// milliseconds) is not counted as the server's latency. workerData: { url, token }; lists until
// the parent posts 'stop', then posts { times, error }.
import https from 'node:https';
import { parentPort, workerData } from 'node:worker_threads';

const { url, token } = workerData;
const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
let listing = true;
parentPort.once('message', () => (listing = false));

/** One list: its status once the body is drained. */
function list() {
  return new Promise((resolve, reject) => {
    https.get(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const times = [];
let error;
try {
  while (listing) {
    const started = performance.now();
    const status = await list();
    if (status !== 200) throw new Error(`large list answered ${status}`);
    times.push(performance.now() - started);
  }
} catch (caught) {
  error = String(caught);
}
agent.destroy();
parentPort.postMessage({ times, error });
