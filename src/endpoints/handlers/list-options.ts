/**
 * ListOptions of a list (or, later, watch) request: selectors parsed and checked against the
 * kind's field labels (400), and kube's ValidateListOptions (422).
 */
import { type FieldError, fieldError } from '../../apimachinery/field-errors.js';
import { SelectorParseError } from '../../apimachinery/selectors/errors.js';
import { type FieldSelector, parseFieldSelector } from '../../apimachinery/selectors/fields.js';
import type { LabelSelector } from '../../apimachinery/selectors/labels.js';
import { parseLabelSelector } from '../../apimachinery/selectors/label-parser.js';
import { badRequest } from '../../apimachinery/status.js';
import { convertFieldSelector } from '../../registry/field-labels.js';
import type { ListQuery } from '../../registry/list-query.js';
import { optionsInvalid, parseBooleanParameter, parseIntegerParameter } from './query-options.js';
import type { RequestScope } from './scope.js';

const resourceVersionMatchValues = ['Exact', 'NotOlderThan', ''];

/** The ListQuery of a list request; throws 400 for unparsable selectors, 422 for invalid options. */
export function parseListQuery(scope: RequestScope): ListQuery {
  const query = scope.url.searchParams;
  const result: ListQuery = {
    limit: Math.max(0, parseIntegerParameter(query, 'limit', 0)),
    continue: query.get('continue') ?? '',
    resourceVersion: query.get('resourceVersion') ?? '',
    resourceVersionMatch: query.get('resourceVersionMatch') ?? '',
  };
  Object.assign(result, parseSelectors(scope, query));
  const errors = validateListOptions(result, parseBooleanParameter(query, 'sendInitialEvents'));
  if (errors.length) optionsInvalid('ListOptions', errors);
  return result;
}

/** The label and field selectors of a list or watch; 400 with kube's text when they do not parse. */
export function parseSelectors(scope: RequestScope, query: URLSearchParams): { labelSelector?: LabelSelector; fieldSelector?: FieldSelector } {
  const result: { labelSelector?: LabelSelector; fieldSelector?: FieldSelector } = {};
  try {
    const labels = query.get('labelSelector');
    if (labels) result.labelSelector = parseLabelSelector(labels);
    const fields = query.get('fieldSelector');
    if (fields) result.fieldSelector = convertFieldSelector(scope.type.group, scope.type.kind, parseFieldSelector(fields));
  } catch (error) {
    if (error instanceof SelectorParseError) throw badRequest(error.message);
    throw error;
  }
  return result;
}

/** metainternalversion validation.ValidateListOptions for a list (not a watch). */
function validateListOptions(options: ListQuery, sendInitialEvents: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const match = options.resourceVersionMatch;
  if (match) {
    if (!options.resourceVersion) errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if (options.continue) errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    if (!resourceVersionMatchValues.includes(match)) errors.push(fieldError.notSupported('resourceVersionMatch', match, resourceVersionMatchValues));
    if (match === 'Exact' && options.resourceVersion === '0') {
      errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
    }
  }
  if (sendInitialEvents) errors.push(fieldError.forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  return errors;
}
