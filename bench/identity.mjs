// The cost of identity and audit per request (`identity`), edge-apiserver against kube-apiserver
// v1.32.13 + etcd with the same configuration, in one run. Each server (bench/side-by-side-servers.mjs:
// HTTPS, RBAC, the user `bench` granted ConfigMaps) gets:
//   - the same audit policy, by namespace: `audit-metadata` at Metadata, `audit-rr` at
//     RequestResponse, everything else at None; the log backend to a file (kube's
//     --audit-log-path, blocking mode; edge's AUDIT_LOG lines, which the harness appends to a file);
//   - the same JWT authenticator (AuthenticationConfiguration: a real OpenID provider,
//     test/helpers/oidc-provider.mjs, over HTTPS with its own CA; username = `sub`, no prefix), so
//     its ID token for account `bench` is the user `bench` too.
// Four cases, the same ConfigMap cycle (create, get, update, delete; 200-byte values) at 8 clients:
//   static   static token, namespace `plain` (None): the baseline;
//   metadata static token, namespace `audit-metadata`;
//   rr       static token, namespace `audit-rr`;
//   jwt      the ID token, namespace `plain`.
// Measured: CPU microseconds per request of each server's processes (kube-apiserver + etcd;
// workerd + its HTTPS front), over four rounds that each start from the next case, servers
// alternated in each. The cost of a feature is its case's CPU per request over the baseline's;
// reported with edge/kube ratios. Nothing is asserted.
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../scripts/server.mjs';
import { cpuSeconds, kubeMissing, startPrepared, stateDirectory } from './side-by-side-servers.mjs';
import { call } from './tls-client.mjs';
import { fmt, pool } from './stats.mjs';

/**
 * The tests' OpenID provider (test/helpers/oidc-provider.mjs), bundled for Node: it takes its
 * certificate from src/front/self-signed.ts, which Node does not load as TypeScript.
 */
async function oidcProviderModule(directory) {
  const outfile = path.join(directory, 'oidc-provider.mjs');
  await build({ entryPoints: [path.join(projectRoot, 'test', 'helpers', 'oidc-provider.mjs')], outfile, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'error' });
  return import(pathToFileURL(outfile).href);
}

const namespaces = { static: 'plain', metadata: 'audit-metadata', rr: 'audit-rr', jwt: 'plain' };
const cases = Object.keys(namespaces);
const clients = 8;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const auditPolicy = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: Metadata
  namespaces: [audit-metadata]
- level: RequestResponse
  namespaces: [audit-rr]
- level: None
`;

function authenticationConfiguration(provider, clientId) {
  return {
    apiVersion: 'apiserver.config.k8s.io/v1beta1', kind: 'AuthenticationConfiguration',
    jwt: [{
      issuer: { url: provider.issuer, audiences: [clientId], certificateAuthority: provider.ca },
      claimMappings: { username: { claim: 'sub', prefix: '' } },
    }],
  };
}

/** Both servers, configured alike; `files` is where their configuration and audit logs go. */
async function startServers(provider, clientId, files) {
  const policyFile = path.join(files, 'audit-policy.yaml');
  const authenticationFile = path.join(files, 'authentication.json');
  const authentication = JSON.stringify(authenticationConfiguration(provider, clientId));
  writeFileSync(policyFile, auditPolicy);
  writeFileSync(authenticationFile, authentication);
  const kubeLog = path.join(files, 'kube-audit.log');
  const edgeLog = path.join(files, 'edge-audit.log');
  const inherited = process.env.REF_APISERVER_ARGS;
  process.env.REF_APISERVER_ARGS = `${inherited ?? ''} --audit-policy-file=${policyFile} --audit-log-path=${kubeLog} --authentication-config=${authenticationFile}`;
  let kube;
  try {
    kube = await startPrepared('kube', [...new Set(Object.values(namespaces))]);
  } finally {
    if (inherited === undefined) delete process.env.REF_APISERVER_ARGS;
    else process.env.REF_APISERVER_ARGS = inherited;
  }
  try {
    const edge = await startPrepared('edge', [...new Set(Object.values(namespaces))], {
      bindings: { AUTHENTICATION_CONFIG: authentication, AUDIT_POLICY: auditPolicy, AUDIT_LOG: 'true' },
      auditLogPath: edgeLog, trustedCertificates: [provider.ca],
    });
    return { servers: [kube, edge], logs: { kube: kubeLog, edge: edgeLog } };
  } catch (error) {
    await kube.stop();
    throw error;
  }
}

/** One case on one server: `objects` ConfigMaps through create, get, update, delete; CPU us per request. */
async function runCase(server, token, namespace, objects, phase) {
  const base = `${server.url}/api/v1/namespaces/${namespace}/configmaps`;
  const object = (name, value) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: value.repeat(200) } });
  await settle();
  const before = cpuSeconds(server.pids());
  const started = performance.now();
  await pool(Array.from({ length: objects }, (_, i) => `${phase}-${i}`), clients, async (name) => {
    await call(base, { method: 'POST', token, body: object(name, 'x') });
    await call(`${base}/${name}`, { token });
    await call(`${base}/${name}`, { method: 'PUT', token, body: object(name, 'y') });
    await call(`${base}/${name}`, { method: 'DELETE', token });
  });
  const seconds = (performance.now() - started) / 1000;
  await settle();
  const requests = objects * 4;
  return { cpuUs: ((cpuSeconds(server.pids()) - before) * 1e6) / requests, requestsPerSecond: requests / seconds };
}

/** Whether the JWT user really is `bench` on `server` (a SelfSubjectReview). */
async function whoAmI(server, token) {
  // kube loads the issuer's keys in the background after it starts: 401 until then.
  for (let attempt = 0; ; attempt++) {
    try {
      return await selfSubjectReview(server, token);
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function selfSubjectReview(server, token) {
  const review = await call(`${server.url}/apis/authentication.k8s.io/v1/selfsubjectreviews`, {
    method: 'POST', token, body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
  });
  return JSON.parse(review).status.userInfo.username;
}

/** The provider's login flow runs against its own self-signed certificate (as in the e2e tests). */
async function withoutVerification(work) {
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  }
}

const countLines = (file) => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};

export async function runIdentity(objects = Number(process.env.BENCH_IDENTITY_OBJECTS ?? 150)) {
  const missing = kubeMissing();
  if (missing) return { skipped: missing };
  const files = mkdtempSync(path.join(stateDirectory(), 'identity-bench-'));
  const { clientId, startOidcProvider } = await oidcProviderModule(path.join(projectRoot, '.wrangler'));
  const provider = await startOidcProvider({ bench: { email: 'bench@example.com', email_verified: true, groups: [] } });
  let servers = [];
  try {
    const started = await startServers(provider, clientId, files);
    servers = started.servers;
    const idToken = await withoutVerification(() => provider.idToken('bench'));
    const users = await Promise.all(servers.map((server) => whoAmI(server, idToken)));
    const tokens = (server) => ({ static: server.token, metadata: server.token, rr: server.token, jwt: idToken });
    const totals = Object.fromEntries(servers.map((server) => [server.name, Object.fromEntries(cases.map((name) => [name, { cpuUs: 0, requestsPerSecond: 0 }]))]));
    // Unrecorded warm-up of every case, then four rounds, each starting from the next case (the
    // first case of a round measured heavier on both servers); servers alternate within each case.
    for (const server of servers) for (const name of cases) await runCase(server, tokens(server)[name], namespaces[name], 100, `warm-${name}`);
    const rounds = cases.length;
    for (let round = 0; round < rounds; round++) {
      for (const name of [...cases.slice(round), ...cases.slice(0, round)]) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const server of order) {
          const result = await runCase(server, tokens(server)[name], namespaces[name], objects, `r${round}-${name}`);
          totals[server.name][name].cpuUs += result.cpuUs / rounds;
          totals[server.name][name].requestsPerSecond += result.requestsPerSecond / rounds;
        }
      }
    }
    const { kube, edge } = totals;
    const over = (figures, name) => figures[name].cpuUs - figures.static.cpuUs;
    console.log(`identity and audit: server CPU per request (us), ConfigMap create/get/update/delete, ${objects * 4} requests per case and round, ${clients} clients; the JWT user is ${users.join(' / ')} (kube / edge)`);
    console.log(`  ${'case'.padEnd(30)}${'kube'.padStart(8)}${'edge'.padStart(8)}  edge/kube   cost over static: kube   edge   edge/kube`);
    const labels = { static: 'static token, audit None', metadata: 'audit Metadata (log)', rr: 'audit RequestResponse (log)', jwt: 'JWT authenticator' };
    const figures = {};
    for (const name of cases) {
      const cost = name === 'static' ? null : { kube: over(kube, name), edge: over(edge, name), ratio: over(edge, name) / over(kube, name) };
      figures[name] = { kube: kube[name], edge: edge[name], ratio: edge[name].cpuUs / kube[name].cpuUs, ...(cost ? { costOverStatic: cost } : {}) };
      const costText = cost ? `${fmt(cost.kube, 0).padStart(22)}${fmt(cost.edge, 0).padStart(7)}   ${fmt(cost.ratio, 2)}x` : '';
      console.log(`  ${labels[name].padEnd(30)}${fmt(kube[name].cpuUs, 0).padStart(8)}${fmt(edge[name].cpuUs, 0).padStart(8)}  ${fmt(figures[name].ratio, 2).padStart(8)}x${costText}`);
    }
    const events = { kube: countLines(started.logs.kube), edge: countLines(started.logs.edge) };
    console.log(`  audit events written: kube ${events.kube}, edge ${events.edge}`);
    return {
      conditions: `kube-apiserver v1.32.13 + etcd and edge-apiserver (workerd + HTTPS front) with the same audit policy (by namespace: Metadata, RequestResponse, None; log backend to a file; RequestReceived omitted) and the same JWT authenticator (a local OpenID provider over HTTPS); ConfigMap create/get/update/delete at ${clients} clients, ${objects * 4} requests per case, 4 rounds (each starting from the next case) after a warm-up; CPU of each server's processes per request`,
      jwtUser: users, cases: figures, auditEvents: events,
    };
  } finally {
    for (const server of servers) await server.stop();
    await provider.stop();
    rmSync(files, { recursive: true, force: true });
  }
}
