/**
 * DELETE of one object and of a collection (k8s.io/apiserver/pkg/endpoints/handlers/delete.go).
 * The answer is the object while it lingers (finalizers, a grace period, a terminating
 * namespace), else kube's finalizeDelete answer: a Success Status naming the object, or the
 * object itself for types whose store returns it.
 */
import { validationHooks } from '../../admission/dynamic.js';
import { admitDelete, forgetNamespace } from '../../admission/namespace-lifecycle.js';
import { inPool } from '../../apimachinery/concurrency.js';
import { success } from '../../apimachinery/status.js';
import type { DeleteOptions } from '../../registry/deletion.js';
import { kindFacts } from '../../registry/kind-facts.js';
import { deleteNamespace } from '../../registry/namespace-deletion.js';
import { deleteCustomResourceDefinition } from '../../crds/crd-deletion.js';
import type { KubeObject } from '../../apimachinery/object.js';
import type { DeleteResult } from '../../registry/store-delete.js';
import type { ListedObjects } from '../../registry/store.js';
import type { ListQuery } from '../../registry/list-query.js';
import { objectItem, type ServedItem } from '../../registry/served-item.js';
import { parseDeleteOptions } from './delete-options.js';
import { parseListQuery } from './list-options.js';
import { encodedResponse, outputFormat, respondObject, wantsPretty, withWarnings } from './respond.js';
import { respondList } from './respond-list.js';
import type { Handler, RequestScope } from './scope.js';

/** Deletes without a policy that kube warns about (batch/v1 Jobs orphan their pods by default). */
const defaultPolicyWarnings: Record<string, string> = {
  'batch/jobs': 'child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning',
};

export const deleteHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const options = await parseDeleteOptions(scope);
  admitDelete(scope);
  warnAboutDefaultPolicy(scope, options);
  const result = await deleteOne(scope, scope.info.name, options);
  return respondDeleted(scope, result, options);
};

/** The delete of one object, namespaces through their termination. */
function deleteOne(scope: RequestScope, name: string, options: DeleteOptions): Promise<DeleteResult> {
  const context = { dryRun: options.dryRun, now: scope.now, validateDelete: validationHooks(scope, options.dryRun).validateDelete };
  if (scope.type.group === '' && scope.type.resource === 'namespaces') {
    if (!options.dryRun) forgetNamespace(scope.cluster, name);
    return deleteNamespace(scope.store, name, options, context);
  }
  if (scope.type.group === 'apiextensions.k8s.io' && scope.type.resource === 'customresourcedefinitions') {
    return deleteCustomResourceDefinition(scope.store, name, options, context);
  }
  return scope.store.delete(scope.namespace, name, options, context);
}

function respondDeleted(scope: RequestScope, result: DeleteResult, options: DeleteOptions): Response {
  // kube answers 202 only for a delete that asked for cascading with orphanDependents=false and did not finish.
  const code = !result.deleted && options.orphanDependents === false ? 202 : 200;
  if (result.lingers || kindFacts(scope.type.group, scope.type.kind).returnDeletedObject) return respondObject(scope, result.object, code);
  const { metadata } = result.object;
  const details = { name: metadata.name ?? '', group: scope.type.group, kind: scope.type.resource, uid: metadata.uid };
  const format = outputFormat(scope, 'status');
  return withWarnings(encodedResponse(success(details), format, code, wantsPretty(scope.request, scope.url)), scope.warnings);
}

function warnAboutDefaultPolicy(scope: RequestScope, options: DeleteOptions): void {
  const warning = defaultPolicyWarnings[`${scope.type.group}/${scope.type.resource}`];
  if (warning && options.propagationPolicy === undefined && options.orphanDependents === undefined) scope.warnings.push(warning);
}

/** Items listed per page of a deletecollection, and deletes in flight (kube: 10,000 and its workers). */
const pageSize = 500;
const deletesInFlight = 16;

/**
 * deletecollection: lists with the request's selectors, page by page (only the page the client's
 * limit asks for, if it set one), and deletes each item with the same options, a bounded number
 * at a time, ignoring items already gone; answers the list of what was deleted, with the first
 * page's metadata. The answer streams as the deletions proceed (memory stays bounded by a batch
 * however large the collection); the first batch is deleted before the answer starts, so a
 * refusal (admission, authorization of the objects) is a plain error Status.
 */
export const deleteCollectionHandler: Handler = async (scope) => {
  outputFormat(scope, 'list');
  const options = await parseDeleteOptions(scope);
  warnAboutDefaultPolicy(scope, options);
  const query = parseListQuery(scope);
  const hasLimit = query.limit > 0;
  const first = await scope.store.list(scope.namespace, { ...query, limit: hasLimit ? query.limit : pageSize });
  const pages = hasLimit ? onePage(first) : everyPage(scope, query, first);
  const batches = deletedBatches(pages, (item) => deleteIgnoringMissing(scope, item, options));
  const head = await batches.next();
  const meta = { resourceVersion: first.resourceVersion, ...(hasLimit && first.continue ? { continue: first.continue } : {}) };
  return respondList(scope, { ...meta, items: flatten(head, batches) });
};

/** The items of one page. */
async function* onePage(page: ListedObjects): AsyncGenerator<ServedItem> {
  yield* page.items;
}

/** The items of `first` and of every page after it. */
async function* everyPage(scope: RequestScope, query: ListQuery, first: ListedObjects): AsyncGenerator<ServedItem> {
  let page = first;
  for (;;) {
    yield* page.items;
    if (!page.continue) return;
    page = await scope.store.list(scope.namespace, { ...query, limit: pageSize, continue: page.continue, resourceVersion: '', resourceVersionMatch: '' });
  }
}

/** Deletes the items of `source` a batch at a time, yielding each batch once it is deleted. */
async function* deletedBatches(source: AsyncIterable<ServedItem>, remove: (item: KubeObject) => Promise<void>): AsyncGenerator<KubeObject[]> {
  let batch: KubeObject[] = [];
  const flush = async () => {
    await inPool(batch, deletesInFlight, remove);
    const done = batch;
    batch = [];
    return done;
  };
  for await (const item of source) {
    batch.push(item.object());
    if (batch.length >= deletesInFlight) yield await flush();
  }
  if (batch.length) yield await flush();
}

/** The objects of the batches, the first already taken. */
async function* flatten(head: IteratorResult<KubeObject[]>, rest: AsyncGenerator<KubeObject[]>): AsyncGenerator<ServedItem> {
  if (head.done) return;
  for (const object of head.value) yield objectItem(object);
  for await (const batch of rest) for (const object of batch) yield objectItem(object);
}

async function deleteIgnoringMissing(scope: RequestScope, item: KubeObject, options: DeleteOptions): Promise<void> {
  try {
    await scope.store.delete(item.metadata.namespace ?? '', item.metadata.name ?? '', options, { dryRun: options.dryRun, now: scope.now });
  } catch (error) {
    if ((error as { code?: number }).code !== 404) throw error;
  }
}
