/** The field management of a request's write (registry/field-manager.ts): who manages, through which subresource, when. */
import type { ResourceType } from '../../api/catalog.js';
import { fieldManagement, type FieldManagement } from '../../registry/field-manager.js';
import { managerName } from './query-options.js';
import type { RequestScope } from './scope.js';

/**
 * The field management of the request in `scope`; `subresource` and `type` override the
 * request's (writes through /scale manage the fields of an autoscaling/v1 Scale).
 */
export function fieldManagementFor(scope: RequestScope, fieldManager: string, subresource = scope.info.subresource, type: ResourceType = scope.type): FieldManagement {
  return fieldManagement(type, managerName(fieldManager, scope.request.headers.get('user-agent')), subresource, scope.now);
}
