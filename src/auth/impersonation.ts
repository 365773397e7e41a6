/**
 * Impersonation (k8s.io/apiserver/pkg/endpoints/filters/impersonation.go): `Impersonate-User`,
 * `Impersonate-Uid`, `Impersonate-Group` and `Impersonate-Extra-<key>` headers make the request
 * act as another user, once the authenticated user is allowed the `impersonate` verb on each
 * part (users or serviceaccounts, groups, userextras/<key>, uids). A denial is kube's 403 for
 * the first part refused. kube answers a group, uid or extra without a user with a 500 whose
 * message is `requested [...] without impersonating a user`; this server answers 400 with it.
 */
import { badRequest } from '../apimachinery/status.js';
import type { ClusterContext } from '../cluster/context.js';
import { decide, forbiddenError } from './authorization.js';
import { serviceAccountUser, type Attributes, type UserInfo } from '../rbac/index.js';

const serviceAccountPrefix = 'system:serviceaccount:';
const extraPrefix = 'impersonate-extra-';

interface Wanted {
  user?: string;
  uid?: string;
  groups: string[];
  extra: Record<string, string[]>;
}

/** The user the request acts as: `user` itself without impersonation headers. */
export async function impersonatedUser(request: Request, cluster: ClusterContext, user: UserInfo): Promise<UserInfo> {
  const wanted = wantedIdentity(request.headers);
  if (!wanted) return user;
  for (const attributes of checks(user, wanted)) {
    const decision = await decide(cluster, attributes);
    if (!decision.allowed) throw forbiddenError(attributes, decision.reason);
  }
  return identity(wanted);
}

/** The impersonation headers, or undefined when there are none. */
function wantedIdentity(headers: Headers): Wanted | undefined {
  const wanted: Wanted = { groups: [], extra: {} };
  let any = false;
  headers.forEach((value, name) => {
    const key = name.toLowerCase();
    if (key === 'impersonate-user') wanted.user = value;
    else if (key === 'impersonate-uid') wanted.uid = value;
    else if (key === 'impersonate-group') wanted.groups.push(...splitHeader(value));
    else if (key.startsWith(extraPrefix)) (wanted.extra[extraKey(key)] ??= []).push(...splitHeader(value));
    else return;
    any = true;
  });
  if (!any) return undefined;
  if (wanted.user === undefined) throw badRequest(`requested ${describe(wanted)} without impersonating a user`);
  return wanted;
}

/** Headers.forEach joins repeated headers with ", ". */
function splitHeader(value: string): string[] {
  return value.split(', ');
}

/** The extra key: percent-escapes decoded, as kube's unescapeExtraKey. */
function extraKey(headerName: string): string {
  const raw = headerName.slice(extraPrefix.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The authorizer checks, in kube's order: the user (or service account), groups, extras, uid. */
function checks(user: UserInfo, wanted: Wanted): Attributes[] {
  const base = { user, verb: 'impersonate', namespace: '', subresource: '', resourceRequest: true, path: '' };
  const list: Attributes[] = [];
  const account = serviceAccountOf(wanted.user!);
  if (account) list.push({ ...base, apiGroup: '', resource: 'serviceaccounts', namespace: account.namespace, name: account.name });
  else list.push({ ...base, apiGroup: '', resource: 'users', name: wanted.user! });
  for (const group of wanted.groups) list.push({ ...base, apiGroup: '', resource: 'groups', name: group });
  for (const [key, values] of Object.entries(wanted.extra)) {
    for (const value of values) list.push({ ...base, apiGroup: 'authentication.k8s.io', resource: 'userextras', subresource: key, name: value });
  }
  if (wanted.uid !== undefined) list.push({ ...base, apiGroup: 'authentication.k8s.io', resource: 'uids', name: wanted.uid });
  return list;
}

/**
 * The impersonated user: a service account without groups gets its own; every user but
 * system:anonymous is in system:authenticated (system:anonymous in system:unauthenticated).
 */
function identity(wanted: Wanted): UserInfo {
  const name = wanted.user!;
  const account = serviceAccountOf(name);
  const groups = wanted.groups.length || !account ? [...wanted.groups] : serviceAccountUser(account.namespace, account.name).groups;
  const implicit = name === 'system:anonymous' ? 'system:unauthenticated' : 'system:authenticated';
  if (!groups.includes(implicit)) groups.push(implicit);
  const user: UserInfo = { name, groups };
  if (wanted.uid !== undefined) user.uid = wanted.uid;
  if (Object.keys(wanted.extra).length) user.extra = wanted.extra;
  return user;
}

function serviceAccountOf(name: string): { namespace: string; name: string } | undefined {
  if (!name.startsWith(serviceAccountPrefix)) return undefined;
  const [namespace, account, ...rest] = name.slice(serviceAccountPrefix.length).split(':');
  return namespace && account && !rest.length ? { namespace, name: account } : undefined;
}

/** The requests as kube prints them in the error: a Go %v of the ObjectReferences. */
function describe(wanted: Wanted): string {
  const parts = wanted.groups.map((group) => `{Group  ${group}    }`);
  for (const [key, values] of Object.entries(wanted.extra)) parts.push(...values.map((value) => `{UserExtra  ${value}    ${key}}`));
  if (wanted.uid !== undefined) parts.push(`{UID  ${wanted.uid}    }`);
  return `[${parts.join(' ')}]`;
}
