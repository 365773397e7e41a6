/** get and list (k8s.io/apiserver/pkg/endpoints/handlers/get.go). */
import { parseResourceVersion } from '../../registry/list-query.js';
import type { ReadVersion } from '../../storage/types.js';
import { parseListQuery } from './list-options.js';
import { outputFormat, respondObject } from './respond.js';
import { respondList } from './respond-list.js';
import type { Handler } from './scope.js';

/** GET of one object; `resourceVersion` means "not older than" and "0" means any. */
export const getHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const text = scope.url.searchParams.get('resourceVersion') ?? '';
  const resourceVersion = parseResourceVersion(text);
  const version: ReadVersion = resourceVersion === 0 ? { match: 'latest' } : { match: 'notOlderThan', resourceVersion };
  const object = await scope.store.get(scope.namespace, scope.info.name, version);
  return respondObject(scope, object);
};

/** GET of a collection: one namespace, or all namespaces for a namespaced type at the cluster path. */
export const listHandler: Handler = async (scope) => {
  outputFormat(scope, 'list');
  const query = parseListQuery(scope);
  return respondList(scope, await scope.store.list(scope.namespace, query));
};
