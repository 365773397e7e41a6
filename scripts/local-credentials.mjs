// Credentials of a local server: an admin bearer token (user "admin" in system:masters) in
// kube's static token file format, and a service account signing key (EC P-256, PKCS#8 PEM).
// Made once and kept in .wrangler/credentials.json, so a restarted `npm start` keeps accepting
// the kubeconfig and the service account tokens it issued; also written to .dev.vars, which
// `wrangler dev` reads. Tests make throwaway ones with testCredentials().
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './server.mjs';

const file = path.join(projectRoot, '.wrangler', 'credentials.json');

/** A random token as kube's tokens look: 32 base64url characters. */
export function randomToken() {
  return randomBytes(24).toString('base64url');
}

/** A fresh EC P-256 signing key as PKCS#8 PEM. */
export function signingKeyPem() {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Static token file lines: the admin, plus `extra` users ({token, name, uid, groups}). */
export function tokenFile(adminToken, extra = []) {
  const users = [{ token: adminToken, name: 'admin', uid: 'admin', groups: ['system:masters'] }, ...extra];
  return users.map((u) => `${u.token},${u.name},${u.uid}${u.groups?.length ? `,"${u.groups.join(',')}"` : ''}`).join('\n') + '\n';
}

/** The bindings that turn authentication on with these credentials. */
export function credentialBindings({ adminToken, signingKey, extraUsers = [] }) {
  return { STATIC_TOKENS: tokenFile(adminToken, extraUsers), SERVICE_ACCOUNT_KEY: signingKey };
}

/** The local server's credentials, made on first use. */
export function localCredentials() {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ adminToken: randomToken(), signingKey: signingKeyPem() }, null, 2), { mode: 0o600 });
  }
  const credentials = JSON.parse(readFileSync(file, 'utf8'));
  writeDevVars(credentials);
  return credentials;
}

/** .dev.vars for `wrangler dev` (dotenv: single-quoted values are taken as they are, newlines included). */
function writeDevVars(credentials) {
  const bindings = credentialBindings(credentials);
  const lines = Object.entries(bindings).map(([name, value]) => `${name}='${value}'`);
  writeFileSync(path.join(projectRoot, '.dev.vars'), lines.join('\n') + '\n', { mode: 0o600 });
}

/** Throwaway credentials for a test server, with extra token users. */
export function testCredentials(extraUsers = []) {
  return { adminToken: randomToken(), signingKey: signingKeyPem(), extraUsers };
}
