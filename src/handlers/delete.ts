/**
 * DELETE of one object and of a collection (k8s.io/apiserver/pkg/endpoints/handlers/delete.go).
 * DeleteOptions come from the body (JSON or YAML) and the query; preconditions are checked
 * against the current object inside the same compare-and-swap as the delete.
 */
import { negotiateInput } from '../codecs/negotiate.js';
import { goQuote } from '../core/go-format.js';
import { badRequest, conflict, success } from '../core/status.js';
import type { KubeObject } from '../registry/object.js';
import { isJsonObject } from '../registry/object.js';
import { parseBody, readBodyBytes } from './body.js';
import { parseListQuery } from './list-options.js';
import { parseDryRun } from './options.js';
import { encodedResponse, outputFormat, respondList, wantsPretty } from './respond.js';
import type { Handler, RequestScope } from './scope.js';

interface Preconditions {
  uid?: string;
  resourceVersion?: string;
}

interface DeleteOptions {
  dryRun: boolean;
  preconditions: Preconditions;
}

export const deleteHandler: Handler = async (scope) => {
  const format = outputFormat(scope, 'status');
  const options = await parseDeleteOptions(scope);
  const { info, store, type } = scope;
  const { object } = await store.delete(scope.namespace, info.name, (current) => checkPreconditions(scope, current, options.preconditions), {
    dryRun: options.dryRun,
    now: scope.now,
  });
  const details = { name: info.name, group: type.group, kind: type.resource, uid: object.metadata.uid };
  return encodedResponse(success(details), format, 200, wantsPretty(scope.request, scope.url));
};

/** deletecollection: list with the request's selectors, delete each, answer the list of what went. */
export const deleteCollectionHandler: Handler = async (scope) => {
  outputFormat(scope, 'list');
  const options = await parseDeleteOptions(scope);
  const query = parseListQuery(scope);
  const { store } = scope;
  const list = await store.list(scope.namespace, { ...query, limit: 0, continue: '' });
  const deleted: KubeObject[] = [];
  for (const item of list.items) {
    try {
      const context = { dryRun: options.dryRun, now: scope.now };
      deleted.push((await store.delete(item.metadata.namespace ?? '', item.metadata.name ?? '', () => {}, context)).object);
    } catch (error) {
      if ((error as { code?: number }).code !== 404) throw error;
    }
  }
  return respondList(scope, { resourceVersion: list.resourceVersion, items: deleted });
};

async function parseDeleteOptions(scope: RequestScope): Promise<DeleteOptions> {
  const body = await deleteOptionsBody(scope);
  const query = scope.url.searchParams;
  const dryRun = parseDryRun(query, 'DeleteOptions') || (Array.isArray(body.dryRun) && body.dryRun.includes('All'));
  const preconditions = isJsonObject(body.preconditions) ? (body.preconditions as Preconditions) : {};
  return { dryRun, preconditions };
}

/** The DeleteOptions body, if any; it must be a DeleteOptions object. */
async function deleteOptionsBody(scope: RequestScope): Promise<Record<string, unknown>> {
  const body = await readBodyBytes(scope.request);
  if (body.length === 0 || !new TextDecoder().decode(body).trim()) return {};
  const parsed = parseBody(body, negotiateInput(scope.request.headers.get('content-type')));
  if (parsed.error !== undefined || !isJsonObject(parsed.value)) throw badRequest(parsed.error ?? 'decoded object cannot be converted to DeleteOptions');
  const kind = parsed.value.kind;
  if (kind !== undefined && kind !== 'DeleteOptions') {
    throw badRequest(`${String(kind)} in version ${goQuote(String(parsed.value.apiVersion ?? ''))} cannot be handled as a DeleteOptions`);
  }
  return parsed.value;
}

/** rest.BeforeDelete's precondition checks, with kube's messages (group and kind, not resource). */
function checkPreconditions(scope: RequestScope, current: KubeObject, preconditions: Preconditions): void {
  const subject = { group: scope.type.group, resource: scope.type.kind };
  const name = current.metadata.name ?? '';
  if (preconditions.uid !== undefined && preconditions.uid !== current.metadata.uid) {
    throw conflict(subject, name, `the UID in the precondition (${preconditions.uid}) does not match the UID in record (${current.metadata.uid}). The object might have been deleted and then recreated`);
  }
  if (preconditions.resourceVersion !== undefined && preconditions.resourceVersion !== current.metadata.resourceVersion) {
    throw conflict(subject, name, `the ResourceVersion in the precondition (${preconditions.resourceVersion}) does not match the ResourceVersion in record (${current.metadata.resourceVersion}). The object might have been modified`);
  }
}

