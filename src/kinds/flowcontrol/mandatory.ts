/**
 * The mandatory API Priority and Fairness objects (exempt and catch-all, both kinds) have a fixed
 * spec (ValidateFlowSchema, ValidateIfMandatoryPriorityLevelConfigurationObject): any other is
 * 422 `spec: Invalid value: <the Go value>: spec of 'NAME' must equal the fixed value`; the exempt
 * level's `spec.exempt` may differ. Specs compare as apiequality.Semantic.DeepEqual compares the
 * internal structs, after defaulting: an empty list equals an absent one, a false bool an absent one.
 */
import bootstrap from '../../../data/bootstrap-flowcontrol.json';
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import type { JsonRecord } from '../json-values.js';
import { flowSchemaSpecLiteral, priorityLevelSpecLiteral } from './go-literal.js';

type Kind = 'FlowSchema' | 'PriorityLevelConfiguration';

const mandatory: Record<Kind, Map<string, JsonRecord>> = {
  FlowSchema: new Map(bootstrap.flowSchemas.filter((item) => item.mandatory).map((item) => [item.name, item.spec as JsonRecord])),
  PriorityLevelConfiguration: new Map(bootstrap.priorityLevels.filter((item) => item.mandatory).map((item) => [item.name, item.spec as JsonRecord])),
};

/** The fixed spec of a mandatory object, or undefined. */
export function mandatorySpec(kind: Kind, name: string): JsonRecord | undefined {
  return mandatory[kind].get(name);
}

/** Whether two specs are equal as kube's semantic equality sees them. */
export function specsEqual(left: unknown, right: unknown): boolean {
  return JSON.stringify(normalized(left)) === JSON.stringify(normalized(right));
}

function normalized(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalized);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined && item !== null && item !== false && !(Array.isArray(item) && item.length === 0));
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, item]) => [key, normalized(item)]));
}

/** The error of a mandatory object whose spec is not the fixed one; [] otherwise. */
export function mandatorySpecError(kind: Kind, name: string, spec: JsonRecord): FieldError[] {
  const fixed = mandatorySpec(kind, name);
  if (!fixed) return [];
  const exemptLevel = kind === 'PriorityLevelConfiguration' && name === 'exempt';
  const compared = exemptLevel ? { ...spec, exempt: fixed.exempt } : spec;
  if (specsEqual(compared, fixed)) return [];
  const literal = kind === 'FlowSchema' ? flowSchemaSpecLiteral(spec) : priorityLevelSpecLiteral(spec);
  const detail = exemptLevel ? `spec of '${name}' except the 'spec.exempt' field must equal the fixed value` : `spec of '${name}' must equal the fixed value`;
  return [fieldError.invalid('spec', new GoLiteral(literal), detail)];
}
