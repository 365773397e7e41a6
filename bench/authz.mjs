// Authorization cost per request: the same ConfigMap load, as the ordinary user `bench` (not
// system:masters, which RBAC lets through before looking at any policy), against two servers with
// authentication on (static tokens) that differ only in AUTHORIZATION_MODE: AlwaysAllow (the
// baseline) and RBAC. Both hold the same policy besides the bootstrap one:
//   - 125 ClusterRoles and 125 ClusterRoleBindings, binding other users, groups and service
//     accounts (walked by every namespaced request before the namespace's RoleBindings);
//   - 375 Roles and 375 RoleBindings: 75 + 75 in the bench namespace (74 decoys binding other
//     subjects, then the one grant: RoleBinding `grant-bench` -> Role `configmaps-bench`, get, list,
//     create, update and delete on configmaps, made last so the walk passes every decoy), and
//     6 + 6 in each of 50 other namespaces;
// 500 roles and 500 bindings in all. The load (create -> get -> list -> update -> delete of the
// worker's own ConfigMaps) runs at concurrency 1 and 16, after an unrecorded warm-up of each, each
// mode BENCH_SECONDS in two halves, alternated A, B, A, B so machine drift falls on both. The cold
// cost is the first request after the RBAC collections changed (one more Role created by the admin,
// which makes the isolate rebuild its policy snapshot from every role and binding): median of 10,
// next to the same sequence on the AlwaysAllow server. Figures are ratios against AlwaysAllow in the same process; nothing is asserted.
import { openAccess, startServer } from '../scripts/server.mjs';
import { credentialBindings, randomToken, signingKeyPem } from '../scripts/local-credentials.mjs';
import { closedLoop, fmt, pool, quantile, summarize } from './stats.mjs';

const benchNamespace = 'authz-bench';
const otherNamespaces = Array.from({ length: 50 }, (_, i) => `authz-ns-${String(i).padStart(2, '0')}`);
const steps = ['create', 'get', 'list', 'update', 'delete'];
const rbacBase = '/apis/rbac.authorization.k8s.io/v1';

async function call(url, token, method = 'GET', body) {
  const headers = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return response;
}

const decoyRules = (i) => [
  { apiGroups: [''], resources: [['secrets', 'pods', 'services', 'endpoints'][i % 4]], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'update'], resourceNames: [`app-${i}`] },
  { apiGroups: [''], resources: ['configmaps'], verbs: ['get'], resourceNames: [`only-${i}`] },
];

const decoySubjects = (i, namespace) => [
  [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: `user-${i}` }],
  [{ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: `team-${i}` }],
  [{ kind: 'ServiceAccount', name: `sa-${i}`, namespace: namespace ?? 'default' }],
  [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: `user-${i}-a` }, { kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: `team-${i}-b` }],
][i % 4];

/** The seed policy of both servers: 500 roles and 500 bindings, as described above. */
async function seed(url, admin) {
  for (const name of [benchNamespace, ...otherNamespaces, 'authz-cold']) {
    await call(`${url}/api/v1/namespaces`, admin, 'POST', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  }
  const tasks = [];
  const post = (path, body) => tasks.push(() => call(`${url}${rbacBase}/${path}`, admin, 'POST', body));
  for (let i = 0; i < 125; i++) {
    post('clusterroles', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: `authz-decoy-${i}` }, rules: decoyRules(i) });
    post('clusterrolebindings', {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: `authz-decoy-${i}` },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: `authz-decoy-${i}` }, subjects: decoySubjects(i),
    });
  }
  const namespaced = (namespace, count) => {
    for (let i = 0; i < count; i++) {
      post(`namespaces/${namespace}/roles`, { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: `decoy-${i}` }, rules: decoyRules(i) });
      // Every fourth decoy binding refers to a ClusterRole, the rest to the namespace's Role.
      const roleRef = i % 4 === 3
        ? { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: `authz-decoy-${i % 125}` }
        : { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: `decoy-${i}` };
      post(`namespaces/${namespace}/rolebindings`, { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: `decoy-${i}` }, roleRef, subjects: decoySubjects(i, namespace) });
    }
  };
  namespaced(benchNamespace, 74);
  for (const namespace of otherNamespaces) namespaced(namespace, 6);
  await pool(tasks, 16, (task) => task());
  // The grant, created last so it comes last in the namespace's bindings.
  await call(`${url}${rbacBase}/namespaces/${benchNamespace}/roles`, admin, 'POST', {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'configmaps-bench' },
    rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'create', 'update', 'delete'] }],
  });
  await call(`${url}${rbacBase}/namespaces/${benchNamespace}/rolebindings`, admin, 'POST', {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'grant-bench' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'configmaps-bench' },
    subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'bench' }],
  });
  // A ConfigMap the cold-cost requests read.
  await call(`${url}/api/v1/namespaces/${benchNamespace}/configmaps`, admin, 'POST', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'probe' }, data: { a: '1' } });
}

async function countPolicy(url, admin) {
  const counts = {};
  for (const resource of ['clusterroles', 'clusterrolebindings', 'roles', 'rolebindings']) {
    const response = await fetch(`${url}${rbacBase}/${resource}`, { headers: { authorization: `Bearer ${admin}` } });
    counts[resource] = (await response.json()).items.length;
  }
  return counts;
}

/** One phase of the ConfigMap load as `bench`; names are unique to the phase. */
async function loadPhase(url, token, concurrency, durationMs, phase) {
  const base = `${url}/api/v1/namespaces/${benchNamespace}/configmaps`;
  return closedLoop({
    concurrency, durationMs,
    operation: async (worker, iteration) => {
      const step = steps[iteration % steps.length];
      const name = `p${phase}-w${worker}-${Math.floor(iteration / steps.length)}`;
      const object = (data) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { worker: `${phase}-${worker}` } }, data });
      switch (step) {
        case 'create': await call(base, token, 'POST', object({ a: '1', b: 'x'.repeat(200) })); break;
        case 'get': await call(`${base}/${name}`, token); break;
        case 'list': await call(`${base}?labelSelector=worker%3D${phase}-${worker}&limit=10`, token); break;
        case 'update': await call(`${base}/${name}`, token, 'PUT', object({ a: '2', b: 'y'.repeat(200) })); break;
        default: await call(`${base}/${name}`, token, 'DELETE');
      }
      return step;
    },
  });
}

/** Alternates the modes' phases (A, B, A, B), each half of `durationMs`; merges each mode's latencies. */
async function alternatingLoad(servers, concurrency, durationMs) {
  const totals = servers.map(() => ({ completed: 0, seconds: 0, latencies: [], byOp: {} }));
  // An unrecorded warm-up of each at this concurrency, so neither's first phase pays for it.
  for (const server of servers) await loadPhase(server.url, server.bench, concurrency, Math.min(1000, durationMs / 4), `${concurrency}-warm`);
  for (let round = 0; round < 2; round++) {
    for (const [index, server] of servers.entries()) {
      const started = performance.now();
      const result = await loadPhase(server.url, server.bench, concurrency, durationMs / 2, `${concurrency}-${round}`);
      const total = totals[index];
      total.seconds += (performance.now() - started) / 1000;
      for (const [op, latencies] of Object.entries(result.byOp)) {
        total.completed += latencies.length;
        total.latencies.push(...latencies);
        (total.byOp[op] ??= []).push(...latencies);
      }
    }
  }
  return totals.map((total) => ({
    opsPerSecond: total.completed / total.seconds,
    ...summarize(total.latencies),
    byOp: Object.fromEntries(steps.map((step) => [step, summarize(total.byOp[step] ?? [])])),
  }));
}

const median = (values) => quantile([...values].sort((a, b) => a - b), 0.5);

/**
 * The first request as `bench` after the admin created one more Role (the write makes the isolate
 * forget its policy snapshot), against a request with the snapshot warm; median of `samples`.
 */
async function coldCost(server, samples, stamp) {
  const probe = `${server.url}/api/v1/namespaces/${benchNamespace}/configmaps/probe`;
  const timed = async () => {
    const started = performance.now();
    await call(probe, server.bench);
    return performance.now() - started;
  };
  const cold = [];
  const warm = [];
  for (let i = 0; i < samples; i++) {
    await call(`${server.url}${rbacBase}/namespaces/authz-cold/roles`, server.admin, 'POST', {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: `cold-${stamp}-${i}` },
      rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get'] }],
    });
    cold.push(await timed());
    warm.push(await timed());
  }
  return { cold: median(cold), warm: median(warm) };
}

export async function runAuthz(durationMs) {
  const admin = randomToken();
  const bench = randomToken();
  const credentials = credentialBindings({ adminToken: admin, signingKey: signingKeyPem(), extraUsers: [{ token: bench, name: 'bench', uid: 'bench' }] });
  // Authentication on (no anonymous paths beyond the defaults), no rate limit; only the mode differs.
  const common = { ...credentials, RATE_LIMIT_QPS: openAccess.RATE_LIMIT_QPS, RATE_LIMIT_BURST: openAccess.RATE_LIMIT_BURST, WATCH_LIMIT_PER_USER: openAccess.WATCH_LIMIT_PER_USER };
  const modes = [['AlwaysAllow', { ...common, AUTHORIZATION_MODE: 'AlwaysAllow' }], ['RBAC', { ...common, AUTHORIZATION_MODE: 'RBAC' }]];
  const servers = [];
  try {
    for (const [mode, bindings] of modes) {
      const server = await startServer({ bindings, https: false });
      servers.push({ mode, admin, bench, ...server });
    }
    const seedStarted = performance.now();
    await Promise.all(servers.map((server) => seed(server.url, admin)));
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const counts = await countPolicy(servers[1].url, admin);
    // A denied request shows RBAC is really judging `bench` (a namespace it has no grant in).
    const denied = await fetch(`${servers[1].url}/api/v1/namespaces/${otherNamespaces[0]}/configmaps`, { headers: { authorization: `Bearer ${bench}` } });
    await denied.arrayBuffer();

    console.log('authorization (user `bench`, static token, plain HTTP; AlwaysAllow server is the baseline)');
    console.log(`  policy on each server: ${counts.clusterroles} ClusterRoles, ${counts.clusterrolebindings} ClusterRoleBindings, ${counts.roles} Roles, ${counts.rolebindings} RoleBindings (seeded 125 + 125 + 375 + 375 + the grant, the rest bootstrap); seeded both in ${fmt(seedSeconds)} s`);
    console.log(`  RBAC check: bench listing configmaps in ${otherNamespaces[0]} -> ${denied.status}`);
    const loads = [];
    for (const concurrency of [1, 16]) {
      const [allow, rbac] = await alternatingLoad(servers, concurrency, durationMs);
      loads.push({ concurrency, alwaysAllow: allow, rbac, ratios: { throughput: rbac.opsPerSecond / allow.opsPerSecond, p50: rbac.p50 / allow.p50, p99: rbac.p99 / allow.p99 } });
      console.log(`  concurrency ${concurrency} (create, get, list, update, delete; phases A, B, A, B)`);
      for (const [mode, stats] of [['AlwaysAllow', allow], ['RBAC', rbac]]) {
        console.log(`    ${mode.padEnd(11)}  ${fmt(stats.opsPerSecond).padStart(7)} ops/s  p50 ${fmt(stats.p50, 2).padStart(6)} ms  p99 ${fmt(stats.p99, 2).padStart(6)} ms`);
        console.log(`      ${steps.map((step) => `${step} ${fmt(stats.byOp[step].p50, 2)}/${fmt(stats.byOp[step].p99, 2)}`).join('  ')}  (p50/p99 ms)`);
      }
      console.log(`    RBAC / AlwaysAllow: throughput ${fmt(rbac.opsPerSecond / allow.opsPerSecond, 2)}x, p50 ${fmt(rbac.p50 / allow.p50, 2)}x, p99 ${fmt(rbac.p99 / allow.p99, 2)}x`);
    }
    const stamp = Date.now().toString(36);
    const [allowCold, rbacCold] = [await coldCost(servers[0], 10, stamp), await coldCost(servers[1], 10, stamp)];
    console.log('  first GET after one more Role was created (median of 10), against the next GET:');
    console.log(`    AlwaysAllow  ${fmt(allowCold.cold, 2)} ms after the write, ${fmt(allowCold.warm, 2)} ms warm`);
    console.log(`    RBAC         ${fmt(rbacCold.cold, 2)} ms after the write (snapshot rebuilt from ~${counts.roles + counts.rolebindings + counts.clusterroles + counts.clusterrolebindings} RBAC objects), ${fmt(rbacCold.warm, 2)} ms warm`);
    console.log(`    rebuild cost: ${fmt(rbacCold.cold - rbacCold.warm, 2)} ms over warm; RBAC cold / AlwaysAllow after-write: ${fmt(rbacCold.cold / allowCold.cold, 2)}x`);
    return {
      conditions: 'two servers in one process, authentication on (static tokens), plain HTTP, differing only in AUTHORIZATION_MODE (AlwaysAllow as the baseline, RBAC); ' +
        `the same seeded policy; a ConfigMap create/get/list/update/delete load as the ordinary user \`bench\` at concurrency 1 and 16, ${durationMs / 1000} s per mode in two alternated halves after a warm-up; ` +
        'cold cost: the first GET after one more Role was created, median of 10',
      policy: counts, deniedStatus: denied.status, loads,
      afterPolicyWrite: { alwaysAllow: allowCold, rbac: rbacCold },
    };
  } finally {
    for (const server of servers) await server.stop();
  }
}
