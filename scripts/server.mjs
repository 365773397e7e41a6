// Starts edge-apiserver locally: bundles src/ with esbuild and runs it in workerd through
// Miniflare, configured from wrangler.toml (the same bindings `wrangler dev` and `wrangler deploy`
// use). No `wrangler dev` proxy in front: about three times faster for tests and benchmarks.
// Used by `npm start`, the end-to-end tests and the benchmark.
import './offline-env.mjs';
import { build } from 'esbuild';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles the Worker into one ES module; returns its path. */
export async function bundleWorker(entry = path.join(projectRoot, 'src', 'index.ts'), outdir = path.join(projectRoot, '.wrangler', 'bundle')) {
  mkdirSync(outdir, { recursive: true });
  const outfile = path.join(outdir, `${path.basename(entry, '.ts')}.js`);
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2023',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['cloudflare:*', 'node:*'],
    outfile,
    sourcemap: true,
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Starts the server. Options: port (0 = any free port), host, persistTo (a directory for Durable
 * Object state; omitted = in memory), bindings (extra vars, e.g. HISTORY_WINDOW_SECONDS),
 * extraWorkers (more Miniflare v4 worker options in the same workerd, e.g. the benchmark probe),
 * https (serve TLS with a self-signed certificate; kubectl sends tokens only over TLS),
 * inspectorPort (workerd's V8 inspector, for the benchmark's heap figures).
 * Returns { url, mf, stop }.
 */
export async function startServer({ port = 0, host = '127.0.0.1', persistTo, bindings = {}, extraWorkers = [], https = false, inspectorPort } = {}) {
  const scriptPath = await bundleWorker();
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(projectRoot, 'wrangler.toml'));
  const mf = new Miniflare(convertV4MiniflareOptions({
    host,
    port,
    // kubectl (client-go) sends bearer tokens only over TLS: a server with authentication on is
    // served over HTTPS with Miniflare's self-signed localhost certificate.
    ...(https ? { https: true } : {}),
    ...(persistTo ? { resourcePersistencePath: persistTo } : {}),
    ...(inspectorPort ? { inspectorPort } : {}),
    workers: [{
      // Only what the bundled Worker needs from wrangler.toml; module rules are esbuild's business.
      compatibilityDate: workerOptions.compatibilityDate,
      compatibilityFlags: workerOptions.compatibilityFlags,
      durableObjects: workerOptions.durableObjects,
      name: 'edge-apiserver',
      rootPath: projectRoot,
      modules: true,
      scriptPath,
      // A self-signed certificate: the kubeconfigs tenants get (src/tenancy/) must skip verification too.
      bindings: { ...workerOptions.bindings, ...(https ? { KUBECONFIG_INSECURE_SKIP_TLS_VERIFY: 'true' } : {}), ...bindings },
    }, ...extraWorkers],
  }));
  const url = (await mf.ready).toString().replace(/\/$/, '');
  return { url, mf, stop: () => mf.dispose() };
}

/**
 * Bindings of a server without access control (benchmarks of other things than it): every path
 * open to system:anonymous, every request allowed, no rate limit.
 */
export const openAccess = {
  ANONYMOUS_PATHS: '*', AUTHORIZATION_MODE: 'AlwaysAllow', RATE_LIMIT_QPS: '1000000000', RATE_LIMIT_BURST: '1000000000', WATCH_LIMIT_PER_USER: '1000000',
  TENANT_RATE_LIMIT_QPS: '1000000000', TENANT_RATE_LIMIT_BURST: '1000000000',
};
