// Starts edge-apiserver locally: bundles src/ with esbuild and runs it in workerd through
// Miniflare, configured from wrangler.toml (the same bindings `wrangler dev` and `wrangler deploy`
// use). No `wrangler dev` proxy in front: about three times faster for tests and benchmarks.
// Used by `npm start`, the end-to-end tests and the benchmark.
//
// Clients reach the Worker on its own workerd socket (Miniflare's "direct socket"), not through
// Miniflare's entry worker, which differs from the platform in two ways that matter here: it
// gzips every JSON response of any size for a client that accepts gzip, ignoring
// `Cache-Control: no-transform`, and so buffers streamed responses (watches) until they end
// (workers-sdk#8004); and it resets a keep-alive connection whose request body the Worker did not
// read (the next request on it fails with ECONNRESET). With HTTPS, a TLS front in a child process
// (src/front/tls-pipe.ts, a byte pipe) terminates TLS before the direct socket.
import './offline-env.mjs';
import { build } from 'esbuild';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { appendFileSync, mkdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import { Response } from 'miniflare';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { spawn } from 'node:child_process';

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
 * Bundles a program of the local front (src/front/NAME.ts, TypeScript that imports src/'s request
 * classification) into one ES module for Node; returns its path. A build step rather than Node's
 * type stripping: src/ imports its modules by their `.js` names (bundler resolution), which Node
 * does not map to `.ts` files.
 */
export async function bundleFront(name) {
  const outfile = path.join(projectRoot, '.wrangler', 'bundle', 'front', `${name}.mjs`);
  await build({
    entryPoints: [path.join(projectRoot, 'src', 'front', `${name}.ts`)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Starts the server. Options: port (0 = any free port), host, persistTo (a directory for Durable
 * Object state; omitted = in memory), bindings (extra vars, e.g. HISTORY_WINDOW_SECONDS),
 * extraWorkers (more Miniflare v4 worker options in the same workerd, e.g. the benchmark probe,
 * reached by its routes through `entryUrl`, Miniflare's entry socket), https (serve TLS with a
 * self-signed certificate; kubectl sends tokens only over TLS), front (serve HTTPS from
 * the HTTPS front (src/front/https-front.ts) instead, which keeps idle client connections open as kube-apiserver
 * does, where workerd closes them after 5 s: for long-lived clients such as
 * kube-controller-manager and kubectl drain), entry (another Worker entry module, bundled apart:
 * a benchmark's variant of the Worker), inspectorPort (workerd's DevTools inspector, for CPU
 * profiles and heap figures: bench/profile-edge.mjs, bench/isolate-heap.mjs), heapLimitMiB (caps
 * V8's old generation as the platform caps an isolate's memory: locally nothing does, and V8
 * then collects large garbage late, so resident memory follows bytes moved, not bytes held),
 * v8Flags (more of workerd's V8 flags: a test makes V8 optimize early with
 * `--invocation-count-for-turbofan=20`, which brings on what optimized code does at once).
 * Returns { url, entryUrl, tlsPid (with https), frontPid (with front), mf, stop }.
 */
export async function startServer({ port = 0, host = '127.0.0.1', persistTo, bindings = {}, extraWorkers = [], https = false, front = false, entry, inspectorPort, heapLimitMiB, v8Flags = [], auditLogPath, trustedCertificates } = {}) {
  if (front) return startBehindFront({ port, host, persistTo, bindings, extraWorkers, entry, inspectorPort, heapLimitMiB, v8Flags, auditLogPath, trustedCertificates });
  const scriptPath = entry ? await bundleWorker(entry, path.join(projectRoot, '.wrangler', 'bundle-variants')) : await bundleWorker();
  const direct = { host, port: https ? 0 : port };
  const options = { ...miniflareOptions({ host, direct, persistTo, inspectorPort, scriptPath, https, bindings, extraWorkers, trustedCertificates }), ...workerLogs(auditLogPath) };
  const flags = [...(heapLimitMiB ? [`--max-old-space-size=${heapLimitMiB}`] : []), ...v8Flags];
  const { mf, entryUrl } = await withV8Flags(flags, async () => {
    const mf = new Miniflare(options);
    try {
      return { mf, entryUrl: (await mf.ready).toString().replace(/\/$/, '') };
    } catch (error) {
      // A runtime that failed to start still holds workerd and Miniflare's sockets: a caller that goes on must not inherit them.
      await mf.dispose().catch(() => {});
      throw error;
    }
  });
  const directUrl = await mf.unsafeGetDirectURL('edge-apiserver');
  if (!https) return { url: directUrl.toString().replace(/\/$/, ''), entryUrl, mf, stop: () => mf.dispose() };
  const tlsPipe = await spawnFront('tls-pipe', [host, port, directUrl.port]);
  return { url: `https://${host}:${tlsPipe.port}`, entryUrl, tlsPid: tlsPipe.pid, mf, stop: async () => { await tlsPipe.close(); await mf.dispose(); } };
}

/** The project's compatibility date and flags (wrangler.toml), for every Worker run beside or instead of the server. */
export function projectCompatibility() {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(projectRoot, 'wrangler.toml'));
  return { compatibilityDate: workerOptions.compatibilityDate, compatibilityFlags: workerOptions.compatibilityFlags };
}

/** Miniflare's options for the server: the bundled Worker on a direct socket, what it needs from wrangler.toml. */
function miniflareOptions({ host, direct, persistTo, inspectorPort, scriptPath, https, bindings, extraWorkers, trustedCertificates }) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(projectRoot, 'wrangler.toml'));
  return convertV4MiniflareOptions({
    host,
    port: 0,
    ...(persistTo ? { resourcePersistencePath: persistTo } : {}),
    ...(inspectorPort ? { inspectorPort } : {}),
    workers: [{
      unsafeDirectSockets: [direct],
      // Only what the bundled Worker needs from wrangler.toml; module rules are esbuild's business.
      compatibilityDate: workerOptions.compatibilityDate,
      compatibilityFlags: workerOptions.compatibilityFlags,
      durableObjects: workerOptions.durableObjects,
      name: 'edge-apiserver',
      rootPath: projectRoot,
      modules: true,
      scriptPath,
      // TLS is terminated in front of workerd (TLS_IN_FRONT), with a self-signed certificate: tenants' kubeconfigs skip verification too.
      bindings: { ...workerOptions.bindings, ...(https ? { KUBECONFIG_INSECURE_SKIP_TLS_VERIFY: 'true', TLS_IN_FRONT: 'true' } : {}), ...bindings },
      ...(trustedCertificates?.length ? { outboundService: trustingOutbound(trustedCertificates) } : {}),
    }, ...extraWorkers],
  });
}

/**
 * The Worker's outbound fetch, made by Node trusting `certificates` (PEM) besides the public CAs:
 * a local OpenID provider with its own CA (a JWT authenticator's certificateAuthority). On the
 * platform a Worker's fetch trusts public CAs only (this Miniflare offers no network service with
 * extra CAs, so Node makes the requests).
 */
function trustingOutbound(certificates) {
  const ca = [...rootCertificates, ...certificates];
  return async (request) => {
    const url = new URL(request.url);
    const body = ['GET', 'HEAD'].includes(request.method) ? undefined : Buffer.from(await request.arrayBuffer());
    return new Promise((resolve, reject) => {
      const outbound = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: request.method, headers: Object.fromEntries(request.headers), ca }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk)).on('error', reject).on('end', () => {
          const headers = Object.entries(response.headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, v]) : [[name, value]]));
          resolve(new Response(Buffer.concat(chunks), { status: response.statusCode, headers }));
        });
      });
      outbound.on('error', reject);
      outbound.end(body);
    });
  };
}

/**
 * The Worker's log lines: audit events (JSON lines of the log backend, AUDIT_LOG) appended to
 * `auditLogPath` when given, as kube-apiserver's --audit-log-path; everything else to the console.
 */
function workerLogs(auditLogPath) {
  if (!auditLogPath) return {};
  const auditPrefix = '{"kind":"Event","apiVersion":"audit.k8s.io/v1"';
  return {
    handleStructuredLogs: ({ level, message }) => {
      if (message.startsWith(auditPrefix)) appendFileSync(auditLogPath, `${message}\n`);
      else if (level === 'error' || level === 'warn') console.error(message);
      else console.log(message);
    },
  };
}

/**
 * Runs `start` with workerd's V8 flags set to `flags`: Miniflare reads them from its environment
 * (MINIFLARE_WORKERD_V8_FLAGS) when it assembles workerd's configuration, during `ready`.
 */
async function withV8Flags(flags, start) {
  const before = process.env.MINIFLARE_WORKERD_V8_FLAGS;
  if (flags.length) process.env.MINIFLARE_WORKERD_V8_FLAGS = [before, ...flags].filter(Boolean).join(' ');
  try {
    return await start();
  } finally {
    if (before === undefined) delete process.env.MINIFLARE_WORKERD_V8_FLAGS;
    else process.env.MINIFLARE_WORKERD_V8_FLAGS = before;
  }
}

/**
 * A front in a child process of its own: `name` (src/front/tls-pipe.ts or https-front.ts, bundled)
 * with `args`, which prints `{"port":N}` once listening. Resolves with { port, pid, close }.
 * FRONT_NODE_ARGS: Node flags for it (e.g. `--cpu-prof --cpu-prof-dir=DIR`: a profile when it stops).
 */
async function spawnFront(name, args) {
  const script = await bundleFront(name);
  const nodeArgs = process.env.FRONT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, script, ...args.map(String)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const listening = await new Promise((resolve, reject) => {
    child.once('error', reject).once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
    child.stdout.once('data', (data) => resolve(JSON.parse(data.toString())));
  });
  return {
    port: listening.port,
    pid: child.pid,
    close: () => new Promise((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }),
  };
}

/**
 * Bindings of a server without access control (benchmarks of other things than it): every path
 * open to system:anonymous, every request allowed, no rate limit.
 */
export const openAccess = { ANONYMOUS_PATHS: '*', AUTHORIZATION_MODE: 'AlwaysAllow', RATE_LIMIT_QPS: '1000000000', RATE_LIMIT_BURST: '1000000000', WATCH_LIMIT_PER_USER: '1000000' };

/** The server on a free loopback port behind the HTTPS front (listening on `host`:`port`). */
async function startBehindFront({ port, host, ...options }) {
  // Its certificate is self-signed: the kubeconfigs tenants get must skip verification too.
  const inner = await startServer({ ...options, bindings: { KUBECONFIG_INSECURE_SKIP_TLS_VERIFY: 'true', TLS_IN_FRONT: 'true', ...options.bindings }, port: 0, host: '127.0.0.1' });
  const front = await spawnFront('https-front', [host, port, inner.url]);
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${front.port}`;
  return { url, entryUrl: inner.entryUrl, frontPid: front.pid, mf: inner.mf, stop: async () => { await front.close(); await inner.stop(); } };
}
