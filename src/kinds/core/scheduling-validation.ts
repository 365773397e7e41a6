/**
 * The scheduling and DNS parts of a pod spec, after pkg/apis/core/validation ValidateTolerations,
 * validatePodDNSConfig, validateReadinessGates, validateSchedulingGates, ValidateHostAliases and
 * validateTopologySpreadConstraints (kube v1.32). Affinity is not validated.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from '../../apimachinery/validation/names.js';
import { asRecord, asRecords, asText, asTexts, type JsonRecord } from '../json-values.js';
import { validateIP } from '../../apimachinery/validation/ip-addresses.js';

const taintEffects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** ValidateTolerations. */
export function validateTolerations(tolerations: unknown, path: string): FieldError[] {
  return asRecords(tolerations).flatMap((toleration, index) => validateToleration(toleration, `${path}[${index}]`));
}

function validateToleration(toleration: JsonRecord, path: string): FieldError[] {
  const key = asText(toleration.key);
  const operator = asText(toleration.operator);
  const value = asText(toleration.value);
  const effect = asText(toleration.effect);
  const errors = key ? isQualifiedName(key).map((message) => fieldError.invalid(`${path}.key`, key, message)) : [];
  if (!key && operator !== 'Exists') {
    errors.push(fieldError.invalid(`${path}.operator`, operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
  }
  if (toleration.tolerationSeconds !== undefined && toleration.tolerationSeconds !== null && effect !== 'NoExecute') {
    errors.push(fieldError.invalid(`${path}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
  }
  if (operator === 'Equal' || operator === '') {
    const messages = isValidLabelValue(value);
    if (messages.length) errors.push(fieldError.invalid(`${path}.operator`, value, messages.join(';')));
  } else if (operator === 'Exists') {
    if (value) errors.push(fieldError.invalid(`${path}.operator`, value, "value must be empty when `operator` is 'Exists'"));
  } else errors.push(fieldError.notSupported(`${path}.operator`, operator, ['Equal', 'Exists']));
  if (effect && !taintEffects.includes(effect)) errors.push(fieldError.notSupported(`${path}.effect`, effect, taintEffects));
  return errors;
}

/** validatePodDNSConfig: `None` needs nameservers; at most 3 nameservers and 32 search domains of 2048 characters. */
export function validateDNSConfig(spec: JsonRecord, path: string): FieldError[] {
  const config = asRecord(spec.dnsConfig);
  const nameservers = asTexts(config?.nameservers);
  if (spec.dnsPolicy === 'None') {
    if (!config) return [fieldError.required(path, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if (nameservers.length === 0) return [fieldError.required(`${path}.nameservers`, 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
  }
  if (!config) return [];
  const errors: FieldError[] = [];
  if (nameservers.length > 3) errors.push(fieldError.invalid(`${path}.nameservers`, nameservers, 'must not have more than 3 nameservers'));
  nameservers.forEach((server, index) => errors.push(...validateIP(server, `${path}.nameservers[${index}]`)));
  const searches = asTexts(config.searches);
  if (searches.length > 32) errors.push(fieldError.invalid(`${path}.searches`, searches, 'must not have more than 32 search paths'));
  if (searches.join(' ').length > 2048) {
    errors.push(fieldError.invalid(`${path}.searches`, searches, 'must not have more than 2048 characters (including spaces) in the search list'));
  }
  searches.forEach((search, index) => {
    const trimmed = search.endsWith('.') ? search.slice(0, -1) : search;
    errors.push(...isDNS1123Subdomain(trimmed).map((message) => fieldError.invalid(`${path}.searches[${index}]`, trimmed, message)));
  });
  asRecords(config.options).forEach((option, index) => {
    if (!asText(option.name)) errors.push(fieldError.required(`${path}.options[${index}]`, 'must not be empty'));
  });
  return errors;
}

/** validateReadinessGates: condition types are qualified names. */
export function validateReadinessGates(gates: unknown, path: string): FieldError[] {
  return asRecords(gates).flatMap((gate, index) => {
    const type = asText(gate.conditionType);
    return isQualifiedName(type).map((message) => fieldError.invalid(`${path}[${index}].conditionType`, type, message));
  });
}

/** validateSchedulingGates: qualified names, no duplicates. */
export function validateSchedulingGates(gates: unknown, path: string): FieldError[] {
  const seen = new Set<string>();
  return asRecords(gates).flatMap((gate, index) => {
    const name = asText(gate.name);
    const errors = isQualifiedName(name).map((message) => fieldError.invalid(`${path}[${index}]`, name, message));
    if (seen.has(name)) errors.push(fieldError.duplicate(`${path}[${index}]`, name));
    seen.add(name);
    return errors;
  });
}

/** ValidateHostAliases: an IP and subdomain host names. */
export function validateHostAliases(aliases: unknown, path: string): FieldError[] {
  return asRecords(aliases).flatMap((alias, index) => [
    ...validateIP(asText(alias.ip), `${path}[${index}].ip`),
    ...asTexts(alias.hostnames).flatMap((hostname, hostIndex) =>
      isDNS1123Subdomain(hostname).map((message) => fieldError.invalid(`${path}[${index}].hostnames[${hostIndex}]`, hostname, message))),
  ]);
}

/** validateTopologySpreadConstraints: the common rules (maxSkew, topologyKey, whenUnsatisfiable, no repeats). */
export function validateTopologySpreadConstraints(constraints: unknown, path: string): FieldError[] {
  const list = asRecords(constraints);
  return list.flatMap((constraint, index) => {
    const itemPath = `${path}[${index}]`;
    const errors: FieldError[] = [];
    const maxSkew = typeof constraint.maxSkew === 'number' ? constraint.maxSkew : 0;
    if (maxSkew <= 0) errors.push(fieldError.invalid(`${itemPath}.maxSkew`, maxSkew, 'must be greater than zero'));
    const key = asText(constraint.topologyKey);
    if (!key) errors.push(fieldError.required(`${itemPath}.topologyKey`, 'can not be empty'));
    const action = asText(constraint.whenUnsatisfiable);
    if (action !== 'DoNotSchedule' && action !== 'ScheduleAnyway') {
      errors.push(fieldError.notSupported(`${itemPath}.whenUnsatisfiable`, action, ['DoNotSchedule', 'ScheduleAnyway']));
    }
    const repeated = list.slice(index + 1).some((other) => asText(other.topologyKey) === key && asText(other.whenUnsatisfiable) === action);
    if (repeated) errors.push(fieldError.duplicate(`${itemPath}.{topologyKey, whenUnsatisfiable}`, `{${key}, ${action}}`));
    return errors;
  });
}
