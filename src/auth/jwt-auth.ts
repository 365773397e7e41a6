/**
 * The cluster's JWT authenticators (its AuthenticationConfiguration: the Worker's
 * AUTHENTICATION_CONFIG for the default plane, `spec.authentication` for a tenant), loaded once
 * per isolate and configuration text, with their key caches. A configuration that does not load
 * authenticates nobody (logged once per text); the service account issuer is a disallowed issuer,
 * as kube passes --service-account-issuer.
 */
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import type { UserInfo } from '../rbac/index.js';
import { loadAuthenticationConfiguration, type JwtAuthenticators } from './jwt/index.js';

interface Loaded {
  text: string;
  authenticators: JwtAuthenticators | null;
}

const slot = new ClusterState<{ loaded?: Loaded }>(() => ({}));

/** The user of a JWT one of the cluster's authenticators accepts, or null. */
export async function authenticateJwt(token: string, cluster: ClusterContext, now: Date): Promise<UserInfo | null> {
  const authenticators = authenticatorsOf(cluster);
  return authenticators ? authenticators.authenticate(token, now) : null;
}

/** The cluster's authenticators (null: none configured, or a configuration that does not load). */
export function authenticatorsOf(cluster: ClusterContext): JwtAuthenticators | null {
  const text = cluster.credentials.authenticationConfiguration ?? '';
  const state = slot.of(cluster);
  if (state.loaded?.text !== text) state.loaded = { text, authenticators: text ? load(text, cluster) : null };
  return state.loaded.authenticators;
}

function load(text: string, cluster: ClusterContext): JwtAuthenticators | null {
  try {
    return loadAuthenticationConfiguration(text, (url, init) => fetch(url, init), [cluster.credentials.issuer]);
  } catch (error) {
    console.error(`cluster ${cluster.name}: ${(error as Error).message}`);
    return null;
  }
}
