/**
 * FlowSchema and PriorityLevelConfiguration defaulting and validation with kube v1.32.13's texts
 * (the messages below are the reference kube-apiserver's answers to the same objects), and the
 * bootstrap ensurer's decisions (ReviseIfNeeded).
 */
import { describe, expect, it } from 'vitest';
import bootstrap from '../../data/bootstrap-flowcontrol.json';
import { aggregateText } from '../../src/apimachinery/field-errors.js';
import { revise } from '../../src/flowcontrol/ensure.js';
import { kindSemantics } from '../../src/kinds/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const group = 'flowcontrol.apiserver.k8s.io';
const object = (kind: string, name: string, spec: unknown, annotations?: Record<string, string>): KubeObject =>
  ({ apiVersion: `${group}/v1`, kind, metadata: { name, ...(annotations ? { annotations } : {}) }, spec } as KubeObject);

function problems(kind: string, name: string, spec: unknown, annotations?: Record<string, string>): string {
  const semantics = kindSemantics(group, kind);
  const value = object(kind, name, spec, annotations);
  semantics.default!(value);
  const errors = semantics.validate!(value);
  return errors.length ? aggregateText(errors) : 'valid';
}

describe('defaults', () => {
  it('fill a limited level and its queuing in Go field order, and the precedence of a FlowSchema', () => {
    const level = object('PriorityLevelConfiguration', 'p1', { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: {} } } });
    kindSemantics(group, 'PriorityLevelConfiguration').default!(level);
    expect(JSON.stringify(level.spec)).toBe('{"type":"Limited","limited":{"nominalConcurrencyShares":30,"limitResponse":{"type":"Queue","queuing":{"queues":64,"handSize":8,"queueLengthLimit":50}},"lendablePercent":0}}');
    const schema = object('FlowSchema', 't1', { priorityLevelConfiguration: { name: 'global-default' } });
    kindSemantics(group, 'FlowSchema').default!(schema);
    expect(schema.spec).toEqual({ priorityLevelConfiguration: { name: 'global-default' }, matchingPrecedence: 1000 });
  });
});

describe('validation', () => {
  it.each([
    ['FlowSchema', 't3', { priorityLevelConfiguration: { name: 'x' }, matchingPrecedence: 10001, rules: [{ subjects: [{ kind: 'ServiceAccount', serviceAccount: { name: 'Bad!', namespace: 'ns' }, user: { name: 'u' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*', 'a'] }] }] },
      '[spec.matchingPrecedence: Invalid value: 10001: must not be greater than 10000, spec.rules[0].subjects[0].serviceAccount.name: Invalid value: "Bad!": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\'), spec.rules[0].subjects[0].user: Forbidden: user is forbidden when subject kind is not \'User\', spec.rules[0].resourceRules[0].namespaces: Invalid value: []string{"*", "a"}: if \'*\' is present, must not specify other namespaces]'],
    ['FlowSchema', 't2', { priorityLevelConfiguration: { name: '' }, matchingPrecedence: 1, distinguisherMethod: { type: 'Foo' }, rules: [{ subjects: [], nonResourceRules: [{ verbs: ['*', 'get'], nonResourceURLs: ['nope', '/a/*/b'] }] }] },
      '[spec.matchingPrecedence: Invalid value: 1: only the schema named \'exempt\' may have matchingPrecedence 1, spec.distinguisherMethod.type: Unsupported value: flowcontrol.FlowDistinguisherMethod{Type:"Foo"}: supported values: "ByNamespace", "ByUser", spec.priorityLevelConfiguration.name: Required value: must reference a priority level, spec.rules[0].subjects: Required value: subjects must contain at least one value, spec.rules[0].nonResourceRules[0].verbs: Invalid value: []string{"*", "get"}: if \'*\' is present, must not specify other verbs, spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "nope": must start with slash, spec.rules[0].nonResourceRules[0].nonResourceURLs[1]: Invalid value: "/a/*/b": wildcard can only do suffix matching]'],
    ['PriorityLevelConfiguration', 'p3', { type: 'Limited', exempt: {}, limited: { nominalConcurrencyShares: -1, lendablePercent: -1, borrowingLimitPercent: -1, limitResponse: { type: 'Queue', queuing: { queues: 100000000, handSize: 200000000, queueLengthLimit: -1 } } } },
      '[spec.exempt: Forbidden: must be nil if the type is Limited, spec.limited.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer, spec.limited.limitResponse.queuing.queueLengthLimit: Invalid value: -1: must be positive, spec.limited.limitResponse.queuing.queues: Invalid value: 100000000: must not be greater than 10000000, spec.limited.limitResponse.queuing.handSize: Invalid value: 200000000: should not be greater than queues (100000000), spec.limited.lendablePercent: Invalid value: -1: must be between 0 and 100, inclusive, spec.limited.borrowingLimitPercent: Invalid value: -1: if specified, must be a non-negative integer]'],
    ['PriorityLevelConfiguration', 'p4', { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: { queues: 128, handSize: 20 } } } },
      'spec.limited.limitResponse.queuing.handSize: Invalid value: 20: required entropy bits of deckSize 128 and handSize 20 should not be greater than 60'],
    ['PriorityLevelConfiguration', 'p5', { type: 'Weird', limited: { limitResponse: { type: 'Reject', queuing: {} } } }, 'spec.type: Unsupported value: "Weird": supported values: "Exempt", "Limited"'],
  ])('%s %s', (kind, name, spec, message) => {
    expect(problems(kind, name, spec)).toBe(message);
  });

  it("refuses an exempt-typed level not named exempt, and the zero-shares annotation, with kube's texts", () => {
    const annotations = { 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares': '' };
    expect(problems('PriorityLevelConfiguration', 'p2', { type: 'Exempt', exempt: { nominalConcurrencyShares: -2, lendablePercent: 101 } }, annotations)).toBe(
      "[metadata.annotations: Forbidden: annotation 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares' is forbidden, spec.type: Invalid value: \"Exempt\": type must be 'Exempt' if and only if name is 'exempt', spec.exempt.nominalConcurrencyShares: Invalid value: -2: must be a non-negative integer, spec.exempt.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive]");
  });

  it("keeps the mandatory objects' spec fixed, but for the exempt level's spec.exempt", () => {
    const exemptSchema = bootstrap.flowSchemas.find((item) => item.name === 'exempt')!.spec as Record<string, unknown>;
    expect(problems('FlowSchema', 'exempt', exemptSchema)).toBe('valid');
    expect(problems('FlowSchema', 'exempt', { ...exemptSchema, matchingPrecedence: 3 })).toMatch(
      /^spec: Invalid value: flowcontrol\.FlowSchemaSpec\{PriorityLevelConfiguration:flowcontrol\.PriorityLevelConfigurationReference\{Name:"exempt"\}, MatchingPrecedence:3, DistinguisherMethod:\(\*flowcontrol\.FlowDistinguisherMethod\)\(nil\), Rules:\[\]flowcontrol\.PolicyRulesWithSubjects\{flowcontrol\.PolicyRulesWithSubjects\{Subjects:\[\]flowcontrol\.Subject\{flowcontrol\.Subject\{Kind:"Group", User:\(\*flowcontrol\.UserSubject\)\(nil\), Group:\(\*flowcontrol\.GroupSubject\)\(0x[0-9a-f]+\), ServiceAccount:\(\*flowcontrol\.ServiceAccountSubject\)\(nil\)\}\}, ResourceRules:\[\]flowcontrol\.ResourcePolicyRule\{flowcontrol\.ResourcePolicyRule\{Verbs:\[\]string\{"\*"\}, APIGroups:\[\]string\{"\*"\}, Resources:\[\]string\{"\*"\}, ClusterScope:true, Namespaces:\[\]string\{"\*"\}\}\}, NonResourceRules:\[\]flowcontrol\.NonResourcePolicyRule\{flowcontrol\.NonResourcePolicyRule\{Verbs:\[\]string\{"\*"\}, NonResourceURLs:\[\]string\{"\*"\}\}\}\}\}\}: spec of 'exempt' must equal the fixed value$/);
    expect(problems('PriorityLevelConfiguration', 'exempt', { type: 'Exempt', exempt: { nominalConcurrencyShares: 7 } })).toBe('valid');
  });
});

describe('the bootstrap ensurer', () => {
  const suggested = bootstrap.flowSchemas.find((item) => item.name === 'global-default')!;
  const mandatory = bootstrap.flowSchemas.find((item) => item.name === 'catch-all')!;
  const changed = { ...(suggested.spec as object), matchingPrecedence: 9800 };

  const stored = (spec: unknown, generation: number, annotation?: string): KubeObject =>
    ({ ...object('FlowSchema', 'x', spec, annotation === undefined ? undefined : { 'apf.kubernetes.io/autoupdate-spec': annotation }), metadata: { name: 'x', generation, ...(annotation === undefined ? {} : { annotations: { 'apf.kubernetes.io/autoupdate-spec': annotation } }) } } as KubeObject);

  it.each([
    ['leaves a current object alone', stored(suggested.spec, 1, 'true'), suggested, null],
    ['reverts a suggested object annotated true', stored(changed, 2, 'true'), suggested, { spec: suggested.spec, annotation: 'true' }],
    ['keeps a suggested object annotated false', stored(changed, 2, 'false'), suggested, null],
    ['reverts an unannotated suggested object of generation 1 and annotates it', stored(changed, 1), suggested, { spec: suggested.spec, annotation: 'true' }],
    ['annotates an unannotated suggested object changed since, false', stored(changed, 2), suggested, { spec: changed, annotation: 'false' }],
    ['reverts a mandatory object annotated false, and says true', stored({ ...(mandatory.spec as object), matchingPrecedence: 9999 }, 3, 'false'), mandatory, { spec: mandatory.spec, annotation: 'true' }],
  ])('%s', (_name, current, item, expected) => {
    const revised = revise(current, item);
    expect(revised && { spec: revised.spec, annotation: revised.metadata.annotations?.['apf.kubernetes.io/autoupdate-spec'] }).toEqual(expected);
  });
});
