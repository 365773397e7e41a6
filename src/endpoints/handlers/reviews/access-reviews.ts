/**
 * The access reviews of authorization.k8s.io/v1 (pkg/registry/authorization/*): create-only
 * virtual resources that ask the authorizer about a user and answer in `status`:
 * SelfSubjectAccessReview (the requester), SubjectAccessReview (anyone), LocalSubjectAccessReview
 * (anyone, within the URL's namespace) and SelfSubjectRulesReview (what the requester may do in a
 * namespace). `kubectl auth can-i` and `kubectl auth can-i --list` use them.
 */
import { decide } from '../../../auth/authorization.js';
import { rbacPolicy } from '../../../auth/rbac-policy.js';
import { rulesAndErrorsFor, type Attributes, type PolicyRule, type UserInfo } from '../../../rbac/index.js';
import { fieldError, type FieldError } from '../../../apimachinery/field-errors.js';
import { badRequest, invalid } from '../../../apimachinery/status.js';
import type { KubeObject } from '../../../apimachinery/object.js';
import type { RequestScope } from '../scope.js';
import { reviewRequest, respondReview } from './review-body.js';

type Spec = Record<string, any>;

/** SelfSubjectAccessReview, SubjectAccessReview and LocalSubjectAccessReview. */
export async function accessReview(scope: RequestScope): Promise<Response> {
  const review = await reviewRequest(scope);
  const spec: Spec = (review.spec ?? {}) as Spec;
  const kind = scope.type.kind;
  const errors = specErrors(kind, spec);
  if (kind === 'LocalSubjectAccessReview') checkLocalNamespace(scope, review, spec, errors);
  if (errors.length) throw invalid({ group: scope.type.group, kind }, '', errors);
  const user = kind === 'SelfSubjectAccessReview' ? scope.user : subjectOf(spec);
  const decision = await decide(scope.cluster, attributesFrom(user, spec));
  const status: Record<string, unknown> = { allowed: decision.allowed };
  if (decision.reason) status.reason = decision.reason;
  return respondReview(scope, { ...review, status });
}

/** SelfSubjectRulesReview: the requester's rules in spec.namespace. */
export async function rulesReview(scope: RequestScope): Promise<Response> {
  const review = await reviewRequest(scope);
  const namespace = String((review.spec as Spec | undefined)?.namespace ?? '');
  const { rules, errors } = rulesAndErrorsFor(await rbacPolicy(scope.cluster), scope.user, namespace);
  const status: Record<string, unknown> = {
    resourceRules: rules.filter((rule) => !rule.nonResourceURLs?.length).map(resourceRule),
    nonResourceRules: rules.filter((rule) => rule.nonResourceURLs?.length).map((rule) => ({ verbs: rule.verbs, nonResourceURLs: rule.nonResourceURLs })),
    incomplete: errors.length > 0,
  };
  if (errors.length) status.evaluationError = errors.join(', ');
  return respondReview(scope, { ...review, status });
}

function resourceRule(rule: PolicyRule): Record<string, unknown> {
  const out: Record<string, unknown> = { verbs: rule.verbs };
  if (rule.apiGroups?.length) out.apiGroups = rule.apiGroups;
  if (rule.resources?.length) out.resources = rule.resources;
  if (rule.resourceNames?.length) out.resourceNames = rule.resourceNames;
  return out;
}

/** ValidateSubjectAccessReviewSpec / ValidateSelfSubjectAccessReviewSpec (pkg/apis/authorization/validation). */
function specErrors(kind: string, spec: Spec): FieldError[] {
  const errors: FieldError[] = [];
  const both = !!spec.resourceAttributes && !!spec.nonResourceAttributes;
  const neither = !spec.resourceAttributes && !spec.nonResourceAttributes;
  if (both) errors.push(fieldError.invalid('spec.nonResourceAttributes', spec.nonResourceAttributes, 'cannot be specified in combination with resourceAttributes'));
  if (neither) errors.push(fieldError.invalid('spec.resourceAttributes', null, 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  if (kind !== 'SelfSubjectAccessReview' && !spec.user && !(spec.groups?.length)) {
    errors.push(fieldError.invalid('spec.user', spec.user ?? '', 'at least one of user or group must be specified'));
  }
  return errors;
}

/** A LocalSubjectAccessReview is about its URL's namespace (pkg/registry/authorization/localsubjectaccessreview/rest.go). */
function checkLocalNamespace(scope: RequestScope, review: KubeObject, spec: Spec, errors: FieldError[]): void {
  const namespace = review.metadata.namespace ?? '';
  if (namespace && namespace !== scope.namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  if (spec.resourceAttributes && (spec.resourceAttributes.namespace ?? '') !== scope.namespace) {
    errors.push(fieldError.invalid('spec.resourceAttributes.namespace', spec.resourceAttributes.namespace ?? '', 'must match metadata.namespace'));
  }
  if (spec.nonResourceAttributes) errors.push(fieldError.invalid('spec.nonResourceAttributes', spec.nonResourceAttributes, 'disallowed on this kind of request'));
}

/** The user a SubjectAccessReview asks about. */
function subjectOf(spec: Spec): UserInfo {
  const user: UserInfo = { name: String(spec.user ?? ''), groups: Array.isArray(spec.groups) ? spec.groups.map(String) : [] };
  if (spec.uid) user.uid = String(spec.uid);
  if (spec.extra) user.extra = spec.extra;
  return user;
}

/** authorizer attributes of a review spec (authorizationutil.ResourceAttributesFrom / NonResourceAttributesFrom). */
function attributesFrom(user: UserInfo, spec: Spec): Attributes {
  const resource = spec.resourceAttributes;
  if (resource) {
    return {
      user, verb: String(resource.verb ?? ''), namespace: String(resource.namespace ?? ''), apiGroup: String(resource.group ?? ''),
      resource: String(resource.resource ?? ''), subresource: String(resource.subresource ?? ''), name: String(resource.name ?? ''),
      resourceRequest: true, path: '',
    };
  }
  const nonResource = spec.nonResourceAttributes ?? {};
  return {
    user, verb: String(nonResource.verb ?? ''), namespace: '', apiGroup: '', resource: '', subresource: '', name: '',
    resourceRequest: false, path: String(nonResource.path ?? ''),
  };
}
