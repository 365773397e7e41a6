import { describe, expect, it } from 'vitest';
import { defaultChecks, renderHealth, renderVersion, versionInfo, type HealthEndpoint } from '../../src/endpoints/health.js';

// Expected check lists: kube-apiserver v1.32.13's, read from its recorded /livez?verbose and
// /readyz?verbose (golden 008, 009). The recorded build (OpenShift's) leaves etcd and
// etcd-readiness out of readyz; upstream v1.32 lists them after log.
const nodeModule = (name: string): Promise<any> => import(name);
const { readFileSync } = await nodeModule('node:fs');
const recordedChecks = (file: string): string[] =>
  (JSON.parse(readFileSync(`reference/golden/kube-v1.32.13/${file}`, 'utf8')).response.body as string)
    .split('\n').filter((line) => line.startsWith('[+]')).map((line) => line.slice(3, -' ok'.length));
const livez = recordedChecks('008-livez-verbose.json');
const readyz = recordedChecks('009-readyz-verbose.json');
const names: Record<HealthEndpoint, string[]> = {
  livez,
  healthz: livez,
  readyz: [...readyz.slice(0, 2), 'etcd', 'etcd-readiness', ...readyz.slice(2)],
};
const endpoints: HealthEndpoint[] = ['livez', 'readyz', 'healthz'];
const storageDown = 'durable object unreachable';

const textHeaders = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };
const notFoundBody = '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",'
  + '"message":"the server could not find the requested resource","reason":"NotFound","code":404}\n';

/** `[+]name ok` lines, with per-name overrides. */
function lines(endpoint: HealthEndpoint, override: Record<string, string> = {}): string {
  return names[endpoint].map((name) => `${override[name] ?? `[+]${name} ok`}\n`).join('');
}

function render(endpoint: HealthEndpoint, query: string, storageOk = true, subPath?: string) {
  const checks = defaultChecks(endpoint, () => (storageOk ? null : storageDown));
  return renderHealth(endpoint, checks, new URL(`https://example.test/${endpoint}${query}`), subPath);
}

describe.each(endpoints)('/%s', (endpoint) => {
  const storageFailed = { etcd: '[-]etcd failed: reason withheld', 'etcd-readiness': '[-]etcd-readiness failed: reason withheld' };
  it.each([
    ['plain', '', true, 200, 'ok'],
    ['verbose', '?verbose', true, 200, `${lines(endpoint)}${endpoint} check passed\n`],
    ['verbose with a value still verbose', '?verbose=false', true, 200, `${lines(endpoint)}${endpoint} check passed\n`],
    ['exclude existing, verbose', '?verbose&exclude=etcd', true, 200,
      `${lines(endpoint, { etcd: '[+]etcd excluded: ok' })}${endpoint} check passed\n`],
    ['exclude existing, plain', '?exclude=etcd', true, 200, 'ok'],
    ['exclude nonexistent, verbose', '?verbose&exclude=x', true, 200,
      `${lines(endpoint)}warn: some health checks cannot be excluded: no matches for "x"\n${endpoint} check passed\n`],
    ['exclude nonexistent, plain: no warning', '?exclude=x', true, 200, 'ok'],
    ['exclude several nonexistent: sorted, deduplicated, Go-quoted', '?verbose&exclude=zz&exclude=a%22b&exclude=zz&exclude=log', true, 200,
      `${lines(endpoint, { log: '[+]log excluded: ok' })}warn: some health checks cannot be excluded: no matches for "a\\"b","zz"\n${endpoint} check passed\n`],
    ['failing check, plain: verbose forced', '', false, 500, `${lines(endpoint, storageFailed)}${endpoint} check failed\n`],
    ['failing check, verbose', '?verbose', false, 500, `${lines(endpoint, storageFailed)}${endpoint} check failed\n`],
    ['failing check excluded', '?exclude=etcd&exclude=etcd-readiness', false, 200, 'ok'],
    ['failing check with a bad exclude', '?exclude=nope', false, 500,
      `${lines(endpoint, storageFailed)}warn: some health checks cannot be excluded: no matches for "nope"\n${endpoint} check failed\n`],
    ['pair with a semicolon is dropped, as in Go', '?verbose;x', true, 200, 'ok'],
  ])('%s', async (_name, query, storageOk, status, body) => {
    const response = await render(endpoint, query, storageOk);
    expect(response).toEqual({ status, body, headers: textHeaders });
  });

  it.each([
    ['ping ok', 'ping', true, 200, 'ok', { 'Content-Type': 'text/plain; charset=utf-8' }],
    ['etcd ok', 'etcd', true, 200, 'ok', { 'Content-Type': 'text/plain; charset=utf-8' }],
    ['etcd failing: the reason is shown', 'etcd', false, 500, `internal server error: ${storageDown}\n`, textHeaders],
    ['hook with slashes', 'poststarthook/crd-informer-synced', true, 200, 'ok', { 'Content-Type': 'text/plain; charset=utf-8' }],
    ['unknown check', 'nope', true, 404, notFoundBody, { 'Content-Type': 'application/json' }],
    ['empty name (trailing slash)', '', true, 404, notFoundBody, { 'Content-Type': 'application/json' }],
  ])('/%s/<check>: %s', async (_name, subPath, storageOk, status, body, headers) => {
    const response = await render(endpoint, '?verbose', storageOk, subPath);
    expect(response).toEqual({ status, body, headers });
  });
});

describe('renderHealth with custom checks', () => {
  it('readyz-only checks answer per-check paths on readyz but not livez', async () => {
    const url = new URL('https://example.test/livez/shutdown');
    expect((await renderHealth('livez', defaultChecks('livez', () => null), url, 'shutdown')).status).toBe(404);
    expect((await renderHealth('readyz', defaultChecks('readyz', () => null), url, 'shutdown')).status).toBe(200);
  });

  it('a throwing or async check fails with its message', async () => {
    const checks = [
      { name: 'boom', check: () => { throw new Error('kaput'); } },
      { name: 'slow', check: async () => 'later' },
    ];
    const url = new URL('https://example.test/livez');
    expect((await renderHealth('livez', checks, url, undefined)).body)
      .toBe('[-]boom failed: reason withheld\n[-]slow failed: reason withheld\nlivez check failed\n');
    expect((await renderHealth('livez', checks, url, 'boom')).body).toBe('internal server error: kaput\n');
  });
});

describe('/version', () => {
  const body = `{
  "major": "1",
  "minor": "32",
  "gitVersion": "v1.32.13",
  "gitCommit": "63adf010aa20e104c0b7043b47f42f50c9f72b17",
  "gitTreeState": "clean",
  "buildDate": "2026-01-01T00:00:00Z",
  "goVersion": "go1.23.5",
  "compiler": "gc",
  "platform": "linux/amd64"
}`;

  it('serves the v1.32.13 body (golden 007) indented like WriteRawJSON, 264 bytes as the reference server sends', () => {
    expect(renderVersion()).toEqual({ status: 200, body, headers: { 'Content-Type': 'application/json' } });
    expect(renderVersion().body.length).toBe(264);
  });

  it('keeps the golden field order', () => {
    expect(Object.keys(versionInfo())).toEqual([
      'major', 'minor', 'gitVersion', 'gitCommit', 'gitTreeState', 'buildDate', 'goVersion', 'compiler', 'platform',
    ]);
  });
});
