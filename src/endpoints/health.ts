/**
 * /livez, /readyz, /healthz and /version as pure functions: the HTTP layer passes the URL and
 * the path remainder, and writes back { status, body, headers } unchanged.
 *
 * Mirrors k8s.io/apiserver/pkg/server/healthz/healthz.go (handleRootHealth, adaptCheckToHandler)
 * and routes/version.go (responsewriters.WriteRawJSON) of kube-apiserver v1.32.
 */
import { goQuote } from '../apimachinery/go-format.js';

/** A named check: null means healthy, a string is the failure reason (kube's `error`). */
export interface HealthCheck {
  name: string;
  check: () => Promise<string | null> | string | null;
}

export type HealthEndpoint = 'livez' | 'readyz' | 'healthz';

export interface HealthResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const textPlain = 'text/plain; charset=utf-8';

/** What the root handler sets on success and Go's http.Error sets on failure. */
const rootHeaders = (): Record<string, string> => ({ 'Content-Type': textPlain, 'X-Content-Type-Options': 'nosniff' });

/**
 * Answers `/<endpoint>` (subPath undefined) or `/<endpoint>/<subPath>` exactly as kube does.
 * subPath is the decoded path after `/<endpoint>/`; it may contain slashes (poststarthook/x).
 */
export async function renderHealth(
  endpoint: HealthEndpoint, checks: HealthCheck[], url: URL, subPath: string | undefined,
): Promise<HealthResponse> {
  if (subPath !== undefined) return renderSingleCheck(checks, subPath);
  return renderRoot(endpoint, checks, goQuery(url.search));
}

/** handleRootHealth: run every check in order, honouring ?exclude= and ?verbose. */
async function renderRoot(endpoint: HealthEndpoint, checks: HealthCheck[], query: Map<string, string[]>): Promise<HealthResponse> {
  const excluded = new Set(query.get('exclude') ?? []);
  let lines = '';
  let failed = false;
  for (const check of checks) {
    // Quirk: an exclude matches once; a second check of the same name runs normally.
    if (excluded.delete(check.name)) {
      lines += `[+]${check.name} excluded: ok\n`;
    } else if ((await runCheck(check)) !== null) {
      // The reason is withheld on this public endpoint; /<endpoint>/<name> reveals it.
      lines += `[-]${check.name} failed: reason withheld\n`;
      failed = true;
    } else {
      lines += `[+]${check.name} ok\n`;
    }
  }
  if (excluded.size > 0) {
    const names = [...excluded].sort(compareGoStrings).map(goQuote).join(',');
    lines += `warn: some health checks cannot be excluded: no matches for ${names}\n`;
  }
  // Always verbose on failure; http.Error appends the newline (fmt.Fprintln).
  if (failed) return { status: 500, body: `${lines}${endpoint} check failed\n`, headers: rootHeaders() };
  const body = query.has('verbose') ? `${lines}${endpoint} check passed\n` : 'ok';
  return { status: 200, body, headers: rootHeaders() };
}

/** adaptCheckToHandler: `ok`, or 500 `internal server error: <reason>`; unknown name is a 404. */
async function renderSingleCheck(checks: HealthCheck[], name: string): Promise<HealthResponse> {
  const check = checks.find((c) => c.name === name);
  if (!check) return notFoundResponse();
  const reason = await runCheck(check);
  if (reason !== null) {
    return { status: 500, body: `internal server error: ${reason}\n`, headers: rootHeaders() };
  }
  // Kube sets no headers here: Go's content sniffing yields text/plain and no nosniff header.
  return { status: 200, body: 'ok', headers: { 'Content-Type': textPlain } };
}

/** A check that throws counts as failed, with the thrown message as its reason. */
async function runCheck(check: HealthCheck): Promise<string | null> {
  try {
    return await check.check();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Kube's mux has no handler for /livez/<unknown> (or /livez/), so the request falls through to
 * the end of the delegation chain (apiserver/pkg/util/notfoundhandler): a JSON Status 404, no
 * details. Encoded compactly; kube pretty-prints it for curl-like user agents (HTTP layer's job).
 */
function notFoundResponse(): HealthResponse {
  const status = {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
    message: 'the server could not find the requested resource', reason: 'NotFound', code: 404,
  };
  return { status: 404, body: `${JSON.stringify(status)}\n`, headers: { 'Content-Type': 'application/json' } };
}

/**
 * Go's url.ParseQuery, which differs from URLSearchParams: a `&`-separated pair containing `;`
 * or an invalid %-escape is dropped entirely, and `?verbose` (no `=`) is present with value "".
 */
function goQuery(search: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const eq = pair.indexOf('=');
    const key = goUnescape(eq < 0 ? pair : pair.slice(0, eq));
    const value = goUnescape(eq < 0 ? '' : pair.slice(eq + 1));
    if (key === null || value === null) continue;
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  return values;
}

/** url.QueryUnescape: `+` is a space, `%XX` must be two hex digits, else null (the pair is skipped). */
function goUnescape(text: string): string | null {
  if (/%(?![0-9a-fA-F]{2})/.test(text)) return null;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  // Splitting on a capture group alternates literal runs and %XX escapes.
  for (const part of text.split(/(%[0-9a-fA-F]{2})/)) {
    if (part.startsWith('%')) bytes.push(parseInt(part.slice(1), 16));
    else bytes.push(...encoder.encode(part.replaceAll('+', ' ')));
  }
  // Limitation: Go keeps invalid UTF-8 as raw bytes (%q shows \xff); we decode it to U+FFFD.
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** Go orders strings by UTF-8 bytes, i.e. by code point; JS `<` compares UTF-16 units. */
function compareGoStrings(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  }
  return x.length - y.length;
}

/**
 * The post-start hooks (and kube-aggregator's autoregister-completion check) kube-apiserver
 * v1.32.13 reports, in its order, all trivially ok: a Worker has no boot phase, so the work these
 * hooks guard in kube (bootstrap objects, informers, controllers) is done per request or at build.
 */
export const postStartHooks: readonly string[] = [
  'poststarthook/start-apiserver-admission-initializer',
  'poststarthook/generic-apiserver-start-informers',
  'poststarthook/priority-and-fairness-config-consumer',
  'poststarthook/priority-and-fairness-filter',
  'poststarthook/storage-object-count-tracker-hook',
  'poststarthook/start-apiextensions-informers',
  'poststarthook/start-apiextensions-controllers',
  'poststarthook/crd-informer-synced',
  'poststarthook/start-system-namespaces-controller',
  'poststarthook/start-cluster-authentication-info-controller',
  'poststarthook/start-kube-apiserver-identity-lease-controller',
  'poststarthook/start-kube-apiserver-identity-lease-garbage-collector',
  'poststarthook/start-legacy-token-tracking-controller',
  'poststarthook/start-service-ip-repair-controllers',
  'poststarthook/rbac/bootstrap-roles',
  'poststarthook/scheduling/bootstrap-system-priority-classes',
  'poststarthook/priority-and-fairness-config-producer',
  'poststarthook/bootstrap-controller',
  'poststarthook/aggregator-reload-proxy-client-cert',
  'poststarthook/start-kube-aggregator-informers',
  'poststarthook/apiservice-status-local-available-controller',
  'poststarthook/apiservice-status-remote-available-controller',
  'poststarthook/apiservice-registration-controller',
  'poststarthook/apiservice-wait-for-first-sync',
  'poststarthook/apiservice-discovery-controller',
  'poststarthook/kube-apiserver-autoregistration',
  'autoregister-completion',
  'poststarthook/apiservice-openapi-controller',
  'poststarthook/apiservice-openapiv3-controller',
];

const healthy = (name: string): HealthCheck => ({ name, check: () => null });

/**
 * The checks each endpoint reports, in kube's order. `etcd` (and readyz's `etcd-readiness`)
 * keep kube's names but mean "Durable Object storage reachable"; scripts grep for `[+]etcd ok`.
 * `log` cannot block (console logging) and `shutdown` never trips (Workers drain themselves).
 * readyz lists etcd and etcd-readiness as upstream v1.32 does (the OpenShift build the golden
 * recordings come from drops them from readyz only).
 */
export function defaultChecks(endpoint: HealthEndpoint, storageCheck: HealthCheck['check']): HealthCheck[] {
  const base = [healthy('ping'), healthy('log'), { name: 'etcd', check: storageCheck }];
  const hooks = postStartHooks.map(healthy);
  if (endpoint !== 'readyz') return [...base, ...hooks];
  const readiness = [{ name: 'etcd-readiness', check: storageCheck }, healthy('informer-sync')];
  return [...base, ...readiness, ...hooks, healthy('shutdown')];
}

/** k8s.io/apimachinery/pkg/version.Info as served by v1.32 (no emulation* fields until 1.33). */
export interface VersionInfo {
  major: string;
  minor: string;
  gitVersion: string;
  gitCommit: string;
  gitTreeState: string;
  buildDate: string;
  goVersion: string;
  compiler: string;
  platform: string;
}

/** The /version body of the reference kube-apiserver v1.32.13 linux/amd64 build (golden 007), in wire order. */
export function versionInfo(): VersionInfo {
  return {
    major: '1',
    minor: '32', // kubectl's dispatcher on this machine picks its binary from this
    gitVersion: 'v1.32.13',
    gitCommit: '63adf010aa20e104c0b7043b47f42f50c9f72b17',
    gitTreeState: 'clean',
    buildDate: '2026-01-01T00:00:00Z',
    goVersion: 'go1.23.5',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}

/** GET /version: WriteRawJSON is json.MarshalIndent(info, "", "  ") with no trailing newline. */
export function renderVersion(): HealthResponse {
  return { status: 200, body: JSON.stringify(versionInfo(), null, 2), headers: { 'Content-Type': 'application/json' } };
}
