// `npm run acceptance:tenant`: the acceptance kit (../shared/acceptance, or ACCEPTANCE_KIT) against
// a tenant. Starts a server (authentication on, TLS), creates a ControlPlane through the default
// plane, waits until it is Ready, and runs the kit against https://127.0.0.1:PORT/clusters/NAME
// with the tenant's own admin token from the kubeconfig Secret. Exits with the kit's status.
// Too slow for `npm test` (about two minutes): run it by hand or in CI beside it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { credentialBindings, testCredentials } from './local-credentials.mjs';
import { projectRoot, startServer } from './server.mjs';

process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const kit = process.env.ACCEPTANCE_KIT ?? path.join(projectRoot, '..', 'shared', 'acceptance', 'run.sh');
const tenant = process.env.TENANT ?? 'acceptance';
const credentials = testCredentials();
const server = await startServer({ https: true, bindings: { ...credentialBindings(credentials), RATE_LIMIT_QPS: '1000000', RATE_LIMIT_BURST: '1000000', TENANT_RATE_LIMIT_QPS: '1000000', TENANT_RATE_LIMIT_BURST: '1000000' } });
const headers = { authorization: `Bearer ${credentials.adminToken}`, 'content-type': 'application/json' };

try {
  const created = await fetch(`${server.url}/apis/tenancy.edge-apiserver.dev/v1alpha1/controlplanes`, {
    method: 'POST', headers, body: JSON.stringify({ apiVersion: 'tenancy.edge-apiserver.dev/v1alpha1', kind: 'ControlPlane', metadata: { name: tenant } }),
  });
  if (created.status !== 201) throw new Error(`ControlPlane create: ${created.status} ${await created.text()}`);
  const token = await tenantToken();
  const url = `${server.url}/clusters/${tenant}`;
  console.log(`tenant ${tenant} ready; running ${kit} ${url} ${process.argv.slice(2).join(' ')}`);
  const code = await new Promise((resolve) => {
    spawn(kit, [url, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, TOKEN: token } }).on('exit', resolve);
  });
  process.exitCode = code ?? 1;
} finally {
  await server.stop();
}

/** The tenant's admin token, once its kubeconfig Secret exists. */
async function tenantToken() {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await fetch(`${server.url}/api/v1/namespaces/tenancy-system/secrets/${tenant}-kubeconfig`, { headers });
    if (response.status === 200) return Buffer.from((await response.json()).data.token, 'base64').toString();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`tenant ${tenant} was not provisioned`);
}
