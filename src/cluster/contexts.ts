/**
 * The per-isolate registry of cluster contexts: the one place per-cluster state lives in an
 * isolate. Bounded: past `maxContexts` the least recently used context is dropped (its caches
 * are rebuilt on its next request; nothing in a context is the only copy of anything).
 */
import type { Env } from '../server/env.js';
import { defaultClusterName } from './addressing.js';
import { ClusterContext } from './context.js';
import type { CredentialTexts } from './credentials.js';

const maxContexts = 1_000;
const contexts = new Map<string, ClusterContext>();

/** The context of the cluster at address `name`, with this request's bindings (and a tenant's credentials, when known). */
export function clusterContext(env: Env, name = defaultClusterName, secrets?: CredentialTexts): ClusterContext {
  let context = contexts.get(name);
  if (context) contexts.delete(name);
  else context = new ClusterContext(name, env);
  contexts.set(name, context);
  if (contexts.size > maxContexts) contexts.delete(contexts.keys().next().value!);
  return context.rebind(env, secrets);
}

/** Forgets every context (tests that need a fresh isolate's view). */
export function forgetClusterContexts(): void {
  contexts.clear();
}
