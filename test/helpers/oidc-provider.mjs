// A real OpenID provider for the tests (the `oidc-provider` library, certified OpenID Connect),
// served over HTTPS on 127.0.0.1 with its own self-signed certificate. It issues ID tokens (RS256)
// through the authorization code flow with PKCE, which idToken() drives as a browser would; the
// login and consent pages are answered at once for the account asked for. Accounts carry
// email, email_verified and groups claims. restart() brings it back on the same port with new
// signing keys (a key rotation).
import { createServer } from 'node:https';
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { selfSignedCertificate } from '../../src/front/self-signed.js';

export const clientId = 'kubernetes';
const redirectUri = 'https://127.0.0.1/callback';

async function signingKeys() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { keys: [{ ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] };
}

/** Starts a provider; accounts maps an account id to its claims ({ email, email_verified, groups }). */
export async function startOidcProvider(accounts, { port = 0, tls = selfSignedCertificate() } = {}) {
  const server = createServer({ key: tls.key, cert: tls.cert });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${server.address().port}`;
  const jwks = await signingKeys();
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: 'secret', redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], groups: ['groups'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    findAccount: (_, id) => (accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined),
    interactions: { url: (_, interaction) => `/interaction/${interaction.uid}` },
    ttl: { IdToken: 600, AccessToken: 600, Interaction: 600, Grant: 600, Session: 600 },
  });
  provider.proxy = false;
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url);
    if (!match) return callback(req, res);
    // The login and consent pages: answered at once for the account the test asked for (login_hint).
    const details = await provider.interactionDetails(req, res);
    const accountId = details.params.login_hint;
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope('openid email groups');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  });
  const stop = () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
  return {
    issuer, ca: tls.cert, jwks,
    stop,
    /** The provider again on the same port with new signing keys. */
    restart: async () => {
      await stop();
      return startOidcProvider(accounts, { port: server.address()?.port ?? Number(new URL(issuer).port), tls });
    },
    idToken: (accountId) => idToken(issuer, accountId),
  };
}

/** Runs the authorization code flow with PKCE for `accountId` and returns the ID token. */
async function idToken(issuer, accountId) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({ client_id: clientId, response_type: 'code', scope: 'openid email groups', redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256', login_hint: accountId, state: 'state', nonce: 'nonce' });
  const cookies = new Map();
  let url = `${issuer}/auth?${query}`;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}`);
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) {
      const code = next.searchParams.get('code');
      if (!code) throw new Error(`no code: ${next.search}`);
      const token = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:secret`).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }),
      });
      const body = await token.json();
      if (!body.id_token) throw new Error(`no id_token: ${JSON.stringify(body)}`);
      return body.id_token;
    }
    url = next.href;
  }
  throw new Error('too many redirects');
}
