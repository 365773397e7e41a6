/**
 * Bad values as kube prints them. field.Error.ErrorBody dereferences a pointer and prints
 * anything that is not a plain scalar, a string or a fmt.Stringer with `%#v`: Go syntax with
 * the (internal) package-qualified type name, maps with sorted keys, nil as `(nil)`. A value
 * type whose String method has a pointer receiver (intstr.IntOrString, metav1.LabelSelector)
 * is not a Stringer once dereferenced, so it is printed with `%#v` too.
 */
import { GoLiteral } from '../../apimachinery/field-errors.js';
import { goQuote, goStringSlice as goStringSliceLiteral } from '../../apimachinery/go-format.js';
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import { asOptionalTextMap, asRecord, asText, isUnset } from '../json-values.js';

/**
 * kube prints a non-nil pointer field inside `%#v` as its address, which differs on every run;
 * this fixed address stands in for it.
 */
export const goPointerPlaceholder = '0xc000000000';

/** `%#v` of a map[string]string: `map[string]string{"a":"b"}`, nil as `map[string]string(nil)`. */
export function goStringMapText(map: Record<string, string> | undefined): string {
  if (map === undefined) return 'map[string]string(nil)';
  const keys = Object.keys(map).sort(compareGoStrings);
  return `map[string]string{${keys.map((key) => `${goQuote(key)}:${goQuote(map[key]!)}`).join(', ')}}`;
}

/** The map[string]string bad value (template labels in golden 078). */
export function goStringMap(value: unknown): GoLiteral {
  return new GoLiteral(goStringMapText(asOptionalTextMap(value)));
}

/** `%#v` of a named slice of strings: `[]string{"a", "b"}`, nil as `[]string(nil)`. */
export function goStringSliceText(value: unknown, typeName = '[]string'): string {
  return Array.isArray(value) ? goStringSliceLiteral(value.map(asText), typeName) : `${typeName}(nil)`;
}

/** A slice bad value, e.g. rbac's `[]string{"/healthz"}` or networking's `[]networking.PolicyType{...}`. */
export function goStringSlice(value: unknown, typeName = '[]string'): GoLiteral {
  return new GoLiteral(goStringSliceText(value, typeName));
}

/** `%#v` of metav1.LabelSelector (after the pointer is dereferenced). */
export function goLabelSelectorText(value: unknown): string {
  const selector = asRecord(value) ?? {};
  const expressions = selector.matchExpressions;
  const requirements = Array.isArray(expressions)
    ? `[]v1.LabelSelectorRequirement{${expressions.map(goRequirementText).join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${goStringMapText(asOptionalTextMap(selector.matchLabels))}, MatchExpressions:${requirements}}`;
}

function goRequirementText(value: unknown): string {
  const requirement = asRecord(value) ?? {};
  const key = goQuote(asText(requirement.key));
  const operator = goQuote(asText(requirement.operator));
  return `v1.LabelSelectorRequirement{Key:${key}, Operator:${operator}, Values:${goStringSliceText(requirement.values)}}`;
}

/** A *metav1.LabelSelector bad value: `null` when nil, else its `%#v`. */
export function goLabelSelector(value: unknown): GoLiteral {
  return new GoLiteral(isUnset(value) ? 'null' : goLabelSelectorText(value));
}

/** `%#v` of intstr.IntOrString: a JSON number is Type 0 (Int), a string Type 1 (String). */
export function goIntOrStringText(value: unknown): string {
  if (typeof value === 'string') return `intstr.IntOrString{Type:1, IntVal:0, StrVal:${goQuote(value)}}`;
  const number = typeof value === 'number' ? value : 0;
  return `intstr.IntOrString{Type:0, IntVal:${number}, StrVal:""}`;
}

/** An intstr.IntOrString bad value. */
export function goIntOrString(value: unknown): GoLiteral {
  return new GoLiteral(goIntOrStringText(value));
}

/** `(*pkg.Type)(nil)` or the placeholder address: how `%#v` prints a pointer field. */
export function goPointerText(value: unknown, typeName: string): string {
  return `(*${typeName})(${isUnset(value) ? 'nil' : goPointerPlaceholder})`;
}

/**
 * `%#v` of a strategy struct `pkg.Type{Type:"x", RollingUpdate:(*pkg.Rolling)(nil)}` (the
 * Deployment, DaemonSet and StatefulSet update strategies).
 */
export function goStrategy(value: unknown, typeName: string, rollingTypeName: string): GoLiteral {
  const strategy = asRecord(value) ?? {};
  const rolling = goPointerText(strategy.rollingUpdate, rollingTypeName);
  return new GoLiteral(`${typeName}{Type:${goQuote(asText(strategy.type))}, RollingUpdate:${rolling}}`);
}

/** `%#v` of a struct whose fields are all strings, in the given Go field order. */
export function goStringStruct(value: unknown, typeName: string, fields: ReadonlyArray<[goName: string, jsonName: string]>): GoLiteral {
  const source = asRecord(value) ?? {};
  const parts = fields.map(([goName, jsonName]) => `${goName}:${goQuote(asText(source[jsonName]))}`);
  return new GoLiteral(`${typeName}{${parts.join(', ')}}`);
}
