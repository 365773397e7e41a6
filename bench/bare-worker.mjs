// A bare Worker for the runtime repros (native-pipe-soak, cross-request-soak, gc-stall-repro,
// idle-stream-memory): one module Worker in workerd through Miniflare, with the project's
// compatibility date and flags (wrangler.toml), a direct socket on a free loopback port, and
// optional SQLite Durable Objects. Resolves with Miniflare (dispose it) and the Worker's URL.
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { projectCompatibility } from '../scripts/server.mjs';

/**
 * @param {{ name: string, script?: string, scriptPath?: string, durableObjects?: Record<string, string> }} worker
 *   the Worker's source (script) or bundle (scriptPath); durableObjects maps bindings to class names.
 */
export async function startBareWorker({ name, script, scriptPath, durableObjects = {} }) {
  const compatibility = projectCompatibility();
  const mf = new Miniflare(convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: 0,
    workers: [{
      name, modules: true, ...(script ? { script } : { scriptPath }),
      ...compatibility,
      unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
      durableObjects: Object.fromEntries(Object.entries(durableObjects).map(([binding, className]) => [binding, { className, useSQLite: true }])),
    }],
  }));
  await mf.ready;
  const url = await mf.unsafeGetDirectURL(name);
  return { mf, url, compatibilityDate: compatibility.compatibilityDate };
}
