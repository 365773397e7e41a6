/**
 * Go's `%#v` of the internal flowcontrol spec structs, which kube prints as the bad value of a
 * mandatory object's changed spec. Pointers print as addresses, which differ on every kube run;
 * here they count up from one fixed address.
 */
import { goQuote, goStringSlice } from '../../apimachinery/go-format.js';
import { asList, asNumber, asRecord, asText, asTexts, type JsonRecord } from '../json-values.js';

class Pointers {
  private next = 0xc000100000;
  of(type: string, value: JsonRecord | undefined): string {
    if (!value) return `(*flowcontrol.${type})(nil)`;
    const address = this.next;
    this.next += 0x30;
    return `(*flowcontrol.${type})(0x${address.toString(16)})`;
  }
}

const strings = (values: string[]): string => (values.length ? goStringSlice(values) : '[]string(nil)');

function slice(type: string, items: unknown[], render: (item: JsonRecord) => string): string {
  if (items.length === 0) return `[]flowcontrol.${type}(nil)`;
  return `[]flowcontrol.${type}{${items.map((item) => render(asRecord(item) ?? {})).join(', ')}}`;
}

function subject(subjectValue: JsonRecord, pointers: Pointers): string {
  return `flowcontrol.Subject{Kind:${goQuote(asText(subjectValue.kind))}, User:${pointers.of('UserSubject', asRecord(subjectValue.user))}, ` +
    `Group:${pointers.of('GroupSubject', asRecord(subjectValue.group))}, ServiceAccount:${pointers.of('ServiceAccountSubject', asRecord(subjectValue.serviceAccount))}}`;
}

function resourceRule(rule: JsonRecord): string {
  return `flowcontrol.ResourcePolicyRule{Verbs:${strings(asTexts(rule.verbs))}, APIGroups:${strings(asTexts(rule.apiGroups))}, ` +
    `Resources:${strings(asTexts(rule.resources))}, ClusterScope:${rule.clusterScope === true}, Namespaces:${strings(asTexts(rule.namespaces))}}`;
}

function nonResourceRule(rule: JsonRecord): string {
  return `flowcontrol.NonResourcePolicyRule{Verbs:${strings(asTexts(rule.verbs))}, NonResourceURLs:${strings(asTexts(rule.nonResourceURLs))}}`;
}

/** `%#v` of a flowcontrol.FlowSchemaSpec. */
export function flowSchemaSpecLiteral(spec: JsonRecord): string {
  const pointers = new Pointers();
  const rules = slice('PolicyRulesWithSubjects', asList(spec.rules), (rule) =>
    `flowcontrol.PolicyRulesWithSubjects{Subjects:${slice('Subject', asList(rule.subjects), (item) => subject(item, pointers))}, ` +
    `ResourceRules:${slice('ResourcePolicyRule', asList(rule.resourceRules), resourceRule)}, NonResourceRules:${slice('NonResourcePolicyRule', asList(rule.nonResourceRules), nonResourceRule)}}`);
  const level = goQuote(asText(asRecord(spec.priorityLevelConfiguration)?.name));
  return `flowcontrol.FlowSchemaSpec{PriorityLevelConfiguration:flowcontrol.PriorityLevelConfigurationReference{Name:${level}}, ` +
    `MatchingPrecedence:${asNumber(spec.matchingPrecedence) ?? 0}, DistinguisherMethod:${pointers.of('FlowDistinguisherMethod', asRecord(spec.distinguisherMethod))}, Rules:${rules}}`;
}

/** `%#v` of a flowcontrol.PriorityLevelConfigurationSpec. */
export function priorityLevelSpecLiteral(spec: JsonRecord): string {
  const pointers = new Pointers();
  return `flowcontrol.PriorityLevelConfigurationSpec{Type:${goQuote(asText(spec.type))}, ` +
    `Limited:${pointers.of('LimitedPriorityLevelConfiguration', asRecord(spec.limited))}, Exempt:${pointers.of('ExemptPriorityLevelConfiguration', asRecord(spec.exempt))}}`;
}
