/**
 * ResourceQuota (core/v1) basics: canonical quantities, an empty status on create
 * (pkg/registry/core/resourcequota/strategy.go) and ValidateResourceQuota /
 * ValidateResourceQuotaUpdate (pkg/apis/core/validation, kube v1.32): quota resource names,
 * non-negative amounts, known and compatible scopes, scopes immutable. Scope-per-resource rules
 * and the scope selector are not checked.
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { goStringSlice } from '../../apimachinery/go-format.js';
import { parseQuantity } from '../../apimachinery/quantity.js';
import { asRecord, asTexts, orderKeys, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { defaultResourceList } from './resource-list.js';
import { validateNonNegativeQuantity, validateResourceName } from './resource-validation.js';

const quotaResources = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.storage', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods', 'services', 'replicationcontrollers', 'resourcequotas',
  'secrets', 'configmaps', 'persistentvolumeclaims', 'services.nodeports', 'services.loadbalancers',
]);
const scopes = new Set(['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity', 'VolumeAttributesClass']);

/** ValidateResourceQuotaResourceName: also a standard quota resource when it has no domain. */
function validateQuotaResourceName(name: string, path: string): FieldError[] {
  const errors = validateResourceName(name, path);
  if (!name.includes('/') && !quotaResources.has(name) && !name.startsWith('requests.hugepages-')) {
    errors.push(fieldError.invalid(path, name, 'must be a standard resource for quota'));
  }
  return errors;
}

function validateResourceMap(list: unknown, path: string): FieldError[] {
  return Object.entries(asRecord(list) ?? {}).flatMap(([name, value]) => {
    const entryPath = `${path}[${name}]`;
    const quantity = parseQuantity(value);
    return [...validateQuotaResourceName(name, entryPath), ...(quantity ? validateNonNegativeQuantity(quantity, entryPath) : [])];
  });
}

/** Go's %#v of a []core.ResourceQuotaScope, the bad value kube prints for scope errors. */
function scopesLiteral(list: string[]): GoLiteral {
  return new GoLiteral(goStringSlice(list, '[]core.ResourceQuotaScope'));
}

function validateScopes(spec: JsonRecord): FieldError[] {
  const list = asTexts(spec.scopes);
  const errors: FieldError[] = [];
  for (const scope of list) if (!scopes.has(scope)) errors.push(fieldError.invalid('spec.scopes', scopesLiteral(list), 'unsupported scope'));
  const conflicting = [['BestEffort', 'NotBestEffort'], ['Terminating', 'NotTerminating']];
  for (const pair of conflicting) {
    if (pair.every((scope) => list.includes(scope))) errors.push(fieldError.invalid('spec.scopes', scopesLiteral(list), 'conflicting scopes'));
  }
  return errors;
}

function validateQuota(quota: JsonRecord, withStatus: boolean): FieldError[] {
  const spec = asRecord(quota.spec) ?? {};
  const status = asRecord(quota.status) ?? {};
  const errors = [...validateResourceMap(spec.hard, 'spec.hard'), ...validateScopes(spec)];
  if (withStatus) errors.push(...validateResourceMap(status.hard, 'status.hard'), ...validateResourceMap(status.used, 'status.used'));
  return errors;
}

/** The ResourceQuota kind's semantics. */
export const resourceQuota: KindSemantics = {
  default(object) {
    const spec = asRecord(object.spec);
    defaultResourceList(spec?.hard);
    if (spec) orderKeys(spec, ['hard', 'scopes', 'scopeSelector']);
    const status = asRecord(object.status);
    defaultResourceList(status?.hard);
    defaultResourceList(status?.used);
  },
  validate: (object) => validateQuota(object as JsonRecord, true),
  validateUpdate(object, old) {
    const scopesNow = asTexts(asRecord(object.spec)?.scopes);
    const scopesBefore = asTexts(asRecord(old.spec)?.scopes);
    const now = new Set(scopesNow);
    const before = new Set(scopesBefore);
    const same = now.size === before.size && [...now].every((scope) => before.has(scope));
    const errors = validateQuota(object as JsonRecord, false);
    if (!same) errors.push(fieldError.invalid('spec.scopes', scopesLiteral(scopesNow), 'field is immutable'));
    return errors;
  },
};
