/**
 * The params of one binding (generic/policy_dispatcher.go CollectParams): a single null param
 * when the policy has no paramKind or the binding no paramRef; else the object named by
 * paramRef.name or every object its selector matches, in paramRef.namespace or the request's.
 * No params with parameterNotFoundAction Deny is a binding error; an unknown param kind is the
 * policy's configuration error (kube's policy source fails to map it). Params get apiVersion and
 * kind when they lack them (kube's wrappedParam).
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import type { CompiledPolicy } from './compiled-policy.js';
import type { AdmissionAttributes, ParamKind, ParamSource } from './types.js';

export type CollectedParams =
  | { params: (Record<string, unknown> | null)[] }
  | { error: string; of: 'policy' | 'binding' };

/** schema.GroupVersionKind.String(): `group/version, Kind=kind`. */
export function groupVersionKindText(paramKind: ParamKind): string {
  const slash = paramKind.apiVersion.indexOf('/');
  const [group, version] = slash === -1 ? ['', paramKind.apiVersion] : [paramKind.apiVersion.slice(0, slash), paramKind.apiVersion.slice(slash + 1)];
  return `${group}/${version}, Kind=${paramKind.kind}`;
}

const withTypeMeta = (param: Record<string, unknown>, paramKind: ParamKind): Record<string, unknown> =>
  (param.apiVersion && param.kind ? param : { ...param, apiVersion: paramKind.apiVersion, kind: paramKind.kind });

/** Collects the params a binding's evaluations run with. */
export async function collectParams(policy: CompiledPolicy, bindingSpec: Record<string, unknown>, attrs: AdmissionAttributes, source: ParamSource): Promise<CollectedParams> {
  const paramKind = policy.paramKind;
  const paramRef = bindingSpec.paramRef;
  if (!paramKind || !isJsonObject(paramRef)) return { params: [null] };
  const name = typeof paramRef.name === 'string' ? paramRef.name : '';
  const hasSelector = paramRef.selector !== undefined && paramRef.selector !== null;
  if (name && hasSelector) return { error: 'paramRef.name and paramRef.selector are mutually exclusive', of: 'binding' };
  if (!name && !hasSelector) return { error: 'one of name or selector must be provided', of: 'binding' };
  const namespace = (typeof paramRef.namespace === 'string' && paramRef.namespace) || attrs.namespace;
  const found = await source(paramKind, name ? { name, namespace } : { selector: paramRef.selector, namespace });
  if (found === 'unknown-kind') return { error: `failed to find resource referenced by paramKind: '${groupVersionKindText(paramKind)}'`, of: 'policy' };
  if (!Array.isArray(found)) return { error: found.error, of: 'binding' };
  if (found.length === 0 && paramRef.parameterNotFoundAction === 'Deny') {
    return { error: 'no params found for policy binding with `Deny` parameterNotFoundAction', of: 'binding' };
  }
  return { params: found.map((param) => withTypeMeta(param, paramKind)) };
}
