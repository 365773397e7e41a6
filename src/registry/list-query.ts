/**
 * The resourceVersion x resourceVersionMatch x paging table of the API concepts document, turned
 * into a storage read. Validation that answers 422 (ValidateListOptions) happens in the handler;
 * what kube's storage layer refuses with 400 happens here.
 */
import { ContinueTokenError, decodeContinue } from '../apimachinery/continue-token.js';
import { fieldError, fieldErrorText } from '../apimachinery/field-errors.js';
import type { FieldSelector } from '../apimachinery/selectors/fields.js';
import type { LabelSelector } from '../apimachinery/selectors/labels.js';
import { badRequest } from '../apimachinery/status.js';
import type { ListRequest, ReadVersion } from '../storage/types.js';

export interface ListQuery {
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
  limit: number;
  continue: string;
  resourceVersion: string;
  resourceVersionMatch: string;
}

/** Parses a resourceVersion parameter as kube's APIObjectVersioner does ("" and "0" are 0). */
export function parseResourceVersion(text: string): number {
  if (text === '' || text === '0') return 0;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    const reason = `strconv.ParseUint: parsing ${JSON.stringify(text)}: ${/^\d+$/.test(text) ? 'value out of range' : 'invalid syntax'}`;
    throw badRequest(`invalid resource version: ${fieldErrorText(fieldError.invalid('resourceVersion', text, reason))}`);
  }
  return Number(text);
}

/** The storage read for a list of the collection with key `prefix`. */
export function toListRequest(query: ListQuery, prefix: string): ListRequest {
  const request: ListRequest = { prefix, version: { match: 'latest' }, limit: query.limit };
  if (query.labelSelector) request.labelSelector = query.labelSelector;
  if (query.fieldSelector) request.fieldSelector = query.fieldSelector;
  if (query.continue) return withContinue(request, query);
  const resourceVersion = parseResourceVersion(query.resourceVersion);
  request.version = readVersion(query, resourceVersion);
  return request;
}

function withContinue(request: ListRequest, query: ListQuery): ListRequest {
  let position;
  try {
    position = decodeContinue(query.continue, request.prefix);
  } catch (error) {
    if (error instanceof ContinueTokenError) throw badRequest(`invalid continue token: ${error.message}`);
    throw error;
  }
  if (query.resourceVersion !== '' && query.resourceVersion !== '0') {
    throw badRequest('specifying resource version is not allowed when using continue');
  }
  if (position.inclusive) request.startKey = position.key;
  else request.afterKey = position.key;
  if (position.resourceVersion > 0) request.version = { match: 'exact', resourceVersion: position.resourceVersion };
  return request;
}

function readVersion(query: ListQuery, resourceVersion: number): ReadVersion {
  if (query.resourceVersion === '') return { match: 'latest' };
  switch (query.resourceVersionMatch) {
    case 'Exact':
      return { match: 'exact', resourceVersion };
    case 'NotOlderThan':
      return resourceVersion === 0 ? { match: 'latest' } : { match: 'notOlderThan', resourceVersion };
    default:
      if (resourceVersion === 0) return { match: 'latest' };
      return query.limit > 0 ? { match: 'exact', resourceVersion } : { match: 'notOlderThan', resourceVersion };
  }
}

