// The JavaScript heap of the server's Worker isolate (where its Worker and its Durable Objects run
// in workerd), through workerd's V8 inspector: a heap snapshot first forces a full collection, so
// the figure is what the isolate holds, not garbage awaiting collection.
import { createServer } from 'node:net';

/** A TCP port free right now on 127.0.0.1 (for startServer's inspectorPort). */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** MiB of JavaScript heap the edge-apiserver isolate uses after a full collection. */
export async function isolateHeapMiB(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((candidate) => candidate.title.endsWith(':edge-apiserver'));
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  const pending = new Map();
  let id = 0;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const send = (method, params = {}) => new Promise((resolve) => {
    pending.set(++id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
  });
  try {
    // The snapshot's chunks arrive as events and are dropped: only its full collection matters.
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    return (await send('Runtime.getHeapUsage')).usedSize / (1024 * 1024);
  } finally {
    socket.close();
  }
}
