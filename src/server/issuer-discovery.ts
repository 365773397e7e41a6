/**
 * Service account issuer discovery (kube's /.well-known/openid-configuration and
 * /openid/v1/jwks): the OIDC metadata and public keys other parties verify this server's
 * service account tokens with. Not served without a signing key (404, as kube without
 * --service-account-signing-key-file). Authorization is kube's: the system:service-account-
 * issuer-discovery ClusterRole, bound to every service account by default.
 */
import type { Hono } from 'hono';
import {
  JWKS_CONTENT_TYPE, JWKS_PATH, OIDC_CACHE_CONTROL, OPENID_CONFIGURATION_CONTENT_TYPE, OPENID_CONFIGURATION_PATH,
  jwksDocument, openIdConfiguration, signingAlgorithms,
} from '../authn/index.js';
import type { AppEnv } from './guard.js';
import { pageNotFound } from '../endpoints/handlers/status-responses.js';

export function serveIssuerDiscovery(app: Hono<AppEnv>): void {
  app.get(OPENID_CONFIGURATION_PATH, async (c) => {
    const { credentials } = c.get('cluster');
    const key = await credentials.signingKey();
    if (!key) return pageNotFound();
    return document(openIdConfiguration(credentials.issuer, credentials.jwksUri, signingAlgorithms([key])), OPENID_CONFIGURATION_CONTENT_TYPE);
  });
  app.get(JWKS_PATH, async (c) => {
    const key = await c.get('cluster').credentials.signingKey();
    return key ? document(jwksDocument([key]), JWKS_CONTENT_TYPE) : pageNotFound();
  });
}

function document(body: string, contentType: string): Response {
  return new Response(body, { status: 200, headers: { 'content-type': contentType, 'cache-control': OIDC_CACHE_CONTROL } });
}
