/**
 * The per-isolate registry of cluster contexts: the one place per-cluster state lives in an
 * isolate. Bounded: past `maxContexts` the least recently used context is dropped (its caches
 * are rebuilt on its next request; nothing in a context is the only copy of anything). A context
 * is made with the hooks the server registers for its kind of plane (hooks.ts), and bound to the
 * bindings of each request that reaches it.
 */
import { ClusterContext, type ClusterDirectory } from '../../cluster/context.js';
import type { CredentialTexts } from '../../cluster/credentials.js';
import { defaultClusterName } from '../../cluster/names.js';
import { type ClusterSettings, settingsOf } from '../../cluster/settings.js';
import { tenancyOf } from '../../cluster/tenancy.js';
import type { Env } from '../env.js';
import { WorkerBackend } from './backend.js';
import { provideHooks } from './hooks.js';

const maxContexts = 1_000;
const contexts = new Map<string, ClusterContext>();

const parsedSettings = new WeakMap<Env, ClusterSettings>();

/** The context of the cluster at address `name`, with this request's bindings (and a tenant's credentials, when known). */
export function clusterContext(env: Env, name = defaultClusterName, secrets?: CredentialTexts): ClusterContext {
  let context = contexts.get(name);
  if (context) contexts.delete(name);
  else context = made(env, name);
  contexts.set(name, context);
  if (contexts.size > maxContexts) contexts.delete(contexts.keys().next().value!);
  const texts = context.tenancy.tenant === undefined ? workerCredentials(env) : secrets;
  return context.rebind(new WorkerBackend(env, context), settingsFor(env), texts);
}

/** The clusters of this isolate, through the bindings of the request at hand. */
export function clusterDirectory(env: Env): ClusterDirectory {
  return { of: (name, secrets) => clusterContext(env, name, secrets) };
}

/** Forgets every context (tests that need a fresh isolate's view). */
export function forgetClusterContexts(): void {
  contexts.clear();
}

function made(env: Env, name: string): ClusterContext {
  return provideHooks(new ClusterContext(name, tenancyOf(name), settingsFor(env)));
}

/** The settings of the Worker's variables, parsed once per bindings object. */
export function settingsFor(env: Env): ClusterSettings {
  let settings = parsedSettings.get(env);
  if (!settings) parsedSettings.set(env, (settings = settingsOf(env)));
  return settings;
}

/** The default control plane's credential texts: the Worker's secrets. */
function workerCredentials(env: Env): CredentialTexts {
  return {
    staticTokens: env.STATIC_TOKENS, serviceAccountKey: env.SERVICE_ACCOUNT_KEY,
    serviceAccountIssuer: env.SERVICE_ACCOUNT_ISSUER, serviceAccountJwksUri: env.SERVICE_ACCOUNT_JWKS_URI,
  };
}
