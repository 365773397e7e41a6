/**
 * ValidateFlowSchema (pkg/apis/flowcontrol/validation, kube v1.32), ObjectMeta aside: the
 * precedence range (1 only for `exempt`), the distinguisher, the priority level reference, each
 * rule's subjects, resource and non-resource rules, the status conditions, and the mandatory
 * FlowSchemas' fixed spec.
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1123Label, isDNS1123Subdomain } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asList, asNumber, asRecord, asText, asTexts, type JsonRecord } from '../json-values.js';
import { mandatorySpecError } from './mandatory.js';
import { validateConditions } from './conditions.js';

const supportedVerbs = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'proxy', 'update', 'watch'];
const namespaceIntro = "each member of this list must be '*' or a DNS-1123 label; ";

export function validateFlowSchema(object: KubeObject): FieldError[] {
  const name = object.metadata.name ?? '';
  const spec = asRecord(object.spec) ?? {};
  return [...validateSpec(name, spec), ...mandatorySpecError('FlowSchema', name, spec), ...validateConditions(object)];
}

function validateSpec(name: string, spec: JsonRecord): FieldError[] {
  const errors: FieldError[] = [];
  const precedence = asNumber(spec.matchingPrecedence) ?? 0;
  if (precedence <= 0) errors.push(fieldError.invalid('spec.matchingPrecedence', precedence, 'must be a positive value'));
  if (precedence > 10000) errors.push(fieldError.invalid('spec.matchingPrecedence', precedence, 'must not be greater than 10000'));
  if (precedence === 1 && name !== 'exempt') errors.push(fieldError.invalid('spec.matchingPrecedence', precedence, "only the schema named 'exempt' may have matchingPrecedence 1"));
  const distinguisher = asRecord(spec.distinguisherMethod);
  const method = asText(distinguisher?.type);
  if (distinguisher && method !== 'ByNamespace' && method !== 'ByUser') {
    errors.push(fieldError.notSupported('spec.distinguisherMethod.type', new GoLiteral(`flowcontrol.FlowDistinguisherMethod{Type:"${method}"}`), ['ByNamespace', 'ByUser']));
  }
  const level = asText(asRecord(spec.priorityLevelConfiguration)?.name);
  if (level === '') errors.push(fieldError.required('spec.priorityLevelConfiguration.name', 'must reference a priority level'));
  else errors.push(...isDNS1123Subdomain(level).map((message) => fieldError.invalid('spec.priorityLevelConfiguration.name', level, message)));
  asList(spec.rules).forEach((rule, index) => errors.push(...validateRule(asRecord(rule) ?? {}, `spec.rules[${index}]`)));
  return errors;
}

function validateRule(rule: JsonRecord, path: string): FieldError[] {
  const subjects = asList(rule.subjects);
  const resourceRules = asList(rule.resourceRules);
  const nonResourceRules = asList(rule.nonResourceRules);
  const errors: FieldError[] = [];
  if (subjects.length === 0) errors.push(fieldError.required(`${path}.subjects`, 'subjects must contain at least one value'));
  subjects.forEach((subject, index) => errors.push(...validateSubject(asRecord(subject) ?? {}, `${path}.subjects[${index}]`)));
  if (resourceRules.length === 0 && nonResourceRules.length === 0) errors.push(fieldError.required(path, 'at least one of resourceRules and nonResourceRules has to be non-empty'));
  resourceRules.forEach((item, index) => errors.push(...validateResourceRule(asRecord(item) ?? {}, `${path}.resourceRules[${index}]`)));
  nonResourceRules.forEach((item, index) => errors.push(...validateNonResourceRule(asRecord(item) ?? {}, `${path}.nonResourceRules[${index}]`)));
  return errors;
}

const kinds: Record<string, string> = { ServiceAccount: 'serviceAccount', User: 'user', Group: 'group' };
const forbiddenTexts: Record<string, string> = {
  user: "user is forbidden when subject kind is not 'User'",
  group: "group is forbidden when subject kind is not 'Group'",
  serviceAccount: "serviceAccount is forbidden when subject kind is not 'ServiceAccount'",
};
/** The other members each subject kind forbids, in kube's order of checks. */
const others: Record<string, string[]> = { serviceAccount: ['user', 'group'], user: ['serviceAccount', 'group'], group: ['serviceAccount', 'user'] };

function validateSubject(subject: JsonRecord, path: string): FieldError[] {
  const kind = asText(subject.kind);
  const member = kinds[kind];
  if (!member) return [fieldError.notSupported(`${path}.kind`, kind, ['Group', 'ServiceAccount', 'User'])];
  const errors = validateSubjectMember(member, asRecord(subject[member]), `${path}.${member}`);
  for (const other of others[member]!) if (asRecord(subject[other])) errors.push(fieldError.forbidden(`${path}.${other}`, forbiddenTexts[other]));
  return errors;
}

function validateSubjectMember(member: string, value: JsonRecord | undefined, path: string): FieldError[] {
  if (!value) return [fieldError.required(path, `${member} is required when subject kind is '${member === 'serviceAccount' ? 'ServiceAccount' : member === 'user' ? 'User' : 'Group'}'`)];
  const name = asText(value.name);
  const errors: FieldError[] = [];
  if (name === '') errors.push(fieldError.required(`${path}.name`));
  else if (member === 'serviceAccount' && name !== '*') errors.push(...isDNS1123Subdomain(name).map((message) => fieldError.invalid(`${path}.name`, name, message)));
  if (member !== 'serviceAccount') return errors;
  const namespace = asText(value.namespace);
  if (namespace === '') errors.push(fieldError.required(`${path}.namespace`, 'must specify namespace for service account'));
  else errors.push(...isDNS1123Label(namespace).map((message) => fieldError.invalid(`${path}.namespace`, namespace, message)));
  return errors;
}

function validateVerbs(verbs: string[], path: string): FieldError[] {
  if (verbs.length === 0) return [fieldError.required(`${path}.verbs`, 'verbs must contain at least one value')];
  if (verbs.includes('*')) return verbs.length > 1 ? [fieldError.invalid(`${path}.verbs`, verbs, "if '*' is present, must not specify other verbs")] : [];
  return verbs.every((verb) => supportedVerbs.includes(verb)) ? [] : [fieldError.notSupported(`${path}.verbs`, verbs, supportedVerbs)];
}

function validateResourceRule(rule: JsonRecord, path: string): FieldError[] {
  const errors = validateVerbs(asTexts(rule.verbs), path);
  const groups = asTexts(rule.apiGroups);
  if (groups.length === 0) errors.push(fieldError.required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  else if (groups.length > 1 && groups.includes('*')) errors.push(fieldError.invalid(`${path}.apiGroups`, groups, "if '*' is present, must not specify other api groups"));
  const resources = asTexts(rule.resources);
  if (resources.length === 0) errors.push(fieldError.required(`${path}.resources`, 'resource rules must supply at least one resource'));
  else if (resources.length > 1 && resources.includes('*')) errors.push(fieldError.invalid(`${path}.resources`, resources, "if '*' is present, must not specify other resources"));
  const namespaces = asTexts(rule.namespaces);
  if (namespaces.length === 0 && rule.clusterScope !== true) {
    errors.push(fieldError.required(`${path}.namespaces`, 'resource rules that are not cluster scoped must supply at least one namespace'));
  } else if (namespaces.includes('*')) {
    if (namespaces.length > 1) errors.push(fieldError.invalid(`${path}.namespaces`, namespaces, "if '*' is present, must not specify other namespaces"));
  } else {
    namespaces.forEach((namespace, index) => errors.push(...isDNS1123Label(namespace).map((message) => fieldError.invalid(`${path}.namespaces[${index}]`, namespace, namespaceIntro + message))));
  }
  return errors;
}

function validateNonResourceRule(rule: JsonRecord, path: string): FieldError[] {
  const errors = validateVerbs(asTexts(rule.verbs), path);
  const urls = asTexts(rule.nonResourceURLs);
  if (urls.length === 0) errors.push(fieldError.required(`${path}.nonResourceURLs`, 'nonResourceURLs must contain at least one value'));
  else if (urls.includes('*')) {
    if (urls.length > 1) errors.push(fieldError.invalid(`${path}.nonResourceURLs`, urls, "if '*' is present, must not specify other non-resource URLs"));
  } else {
    urls.forEach((url, index) => {
      const problem = nonResourceUrlProblem(url);
      if (problem) errors.push(fieldError.invalid(`${path}.nonResourceURLs[${index}]`, url, problem));
    });
  }
  return errors;
}

/** ValidateNonResourceURLPath. */
function nonResourceUrlProblem(url: string): string | undefined {
  if (url === '') return 'must not be empty';
  if (url === '/') return undefined;
  if (!url.startsWith('/')) return 'must start with slash';
  if (url.includes(' ')) return 'must not contain white-space';
  if (url.includes('//')) return 'must not contain double slash';
  const wildcards = url.split('*').length - 1;
  if (wildcards > 1 || (wildcards === 1 && !url.endsWith('/*'))) return 'wildcard can only do suffix matching';
  return undefined;
}
