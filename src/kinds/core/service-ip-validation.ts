/**
 * The cluster-IP rules of a Service, after pkg/apis/core/validation
 * ValidateServiceClusterIPsRelatedFields, validateUpgradeDowngradeClusterIPs and
 * validateUpgradeDowngradeIPFamilies (kube v1.32).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asText, asTexts, type JsonRecord } from '../json-values.js';
import { nilValue } from './go-values.js';
import { isIPv6, validateIP } from '../../apimachinery/validation/ip-addresses.js';

const families = ['IPv4', 'IPv6'];
const familyPolicies = ['PreferDualStack', 'RequireDualStack', 'SingleStack'];

/** isHeadlessService: exactly one cluster IP, "None". */
export function isHeadless(spec: JsonRecord): boolean {
  const clusterIPs = asTexts(spec.clusterIPs);
  return clusterIPs.length === 1 && clusterIPs[0] === 'None';
}

/** ValidateServiceClusterIPsRelatedFields: clusterIP and clusterIPs agree, families and IPs are valid and match. */
export function validateClusterIPFields(spec: JsonRecord): FieldError[] {
  if (spec.type === 'ExternalName') return [];
  const clusterIP = asText(spec.clusterIP);
  const clusterIPs = asTexts(spec.clusterIPs);
  const errors: FieldError[] = [];
  if (clusterIP) {
    if (clusterIPs.length === 0) errors.push(fieldError.required('spec.clusterIPs'));
    else if (clusterIPs[0] !== clusterIP) errors.push(fieldError.invalid('spec.clusterIPs', clusterIPs, 'first value must match `clusterIP`'));
  } else if (clusterIPs.length) {
    errors.push(fieldError.invalid('spec.clusterIPs', clusterIPs, 'must be empty when `clusterIP` is not specified'));
  }
  const seen = new Set<string>();
  asTexts(spec.ipFamilies).forEach((family, index) => {
    if (!families.includes(family)) errors.push(fieldError.notSupported(`spec.ipFamilies[${index}]`, family, families));
    if (seen.has(family)) errors.push(fieldError.duplicate(`spec.ipFamilies[${index}]`, family));
    seen.add(family);
  });
  const policy = spec.ipFamilyPolicy;
  if (policy !== undefined && policy !== null && !familyPolicies.includes(asText(policy))) {
    errors.push(fieldError.notSupported('spec.ipFamilyPolicy', policy, familyPolicies));
  }
  return [...errors, ...validateClusterIPList(spec, clusterIPs)];
}

function validateClusterIPList(spec: JsonRecord, clusterIPs: string[]): FieldError[] {
  const errors: FieldError[] = [];
  let invalid = false;
  clusterIPs.forEach((ip, index) => {
    if (index === 0 && ip === 'None') {
      if (clusterIPs.length > 1) {
        invalid = true;
        errors.push(fieldError.invalid('spec.clusterIPs', clusterIPs, "'None' must be the first and only value"));
      }
      return;
    }
    const ipErrors = validateIP(ip, `spec.clusterIPs[${index}]`);
    invalid ||= ipErrors.length > 0;
    errors.push(...ipErrors);
  });
  if (clusterIPs.length > 2) errors.push(fieldError.invalid('spec.clusterIPs', clusterIPs, 'may only hold up to 2 values'));
  if (invalid) return errors;
  if (clusterIPs.length > 1 && isIPv6(clusterIPs[0]!) === isIPv6(clusterIPs[1]!)) {
    errors.push(fieldError.invalid('spec.clusterIPs', clusterIPs, 'may specify no more than one IP for each IP family'));
  }
  const ipFamilies = asTexts(spec.ipFamilies);
  if (!isHeadless(spec)) {
    clusterIPs.slice(0, ipFamilies.length).forEach((ip, index) => {
      const family = ipFamilies[index];
      if (family === 'IPv4' && isIPv6(ip)) errors.push(fieldError.invalid(`spec.clusterIPs[${index}]`, ip, `expected an IPv4 value as indicated by \`ipFamilies[${index}]\``));
      if (family === 'IPv6' && !isIPv6(ip)) errors.push(fieldError.invalid(`spec.clusterIPs[${index}]`, ip, `expected an IPv6 value as indicated by \`ipFamilies[${index}]\``));
    });
  }
  return errors;
}

/** validateUpgradeDowngradeClusterIPs: the primary cluster IP never changes (golden 064); a secondary may be added or released. */
export function validateClusterIPsUpdate(spec: JsonRecord, oldSpec: JsonRecord): FieldError[] {
  if (spec.type === 'ExternalName' || oldSpec.type === 'ExternalName') return [];
  if (isHeadless(spec) && isHeadless(oldSpec)) return [];
  const clusterIPs = asTexts(spec.clusterIPs);
  const oldIPs = asTexts(oldSpec.clusterIPs);
  const changed = (index: number) => fieldError.invalid(`spec.clusterIPs[${index}]`, clusterIPs, 'may not change once set');
  if (oldIPs.length === clusterIPs.length) return oldIPs.flatMap((ip, index) => (ip !== clusterIPs[index] ? [changed(index)] : []));
  const errors: FieldError[] = [];
  if (oldIPs.length > clusterIPs.length) {
    if (clusterIPs.length === 0) errors.push(fieldError.invalid('spec.clusterIPs[0]', clusterIPs, 'primary clusterIP can not be unset'));
    if (oldIPs.length && clusterIPs.length && clusterIPs[0] !== oldIPs[0]) errors.push(changed(0));
    if (clusterIPs.length === 1 && spec.ipFamilyPolicy !== 'SingleStack') {
      errors.push(fieldError.invalid('spec.ipFamilyPolicy', spec.ipFamilyPolicy ?? nilValue, "must be set to 'SingleStack' when releasing the secondary clusterIP"));
    }
  } else if (oldIPs.length && clusterIPs[0] !== oldIPs[0]) errors.push(changed(0));
  return errors;
}

/** validateUpgradeDowngradeIPFamilies: the primary family never changes; kube reports some of these with the clusterIPs as value. */
export function validateIPFamiliesUpdate(spec: JsonRecord, oldSpec: JsonRecord): FieldError[] {
  if (spec.type === 'ExternalName' || oldSpec.type === 'ExternalName') return [];
  if (isHeadless(spec) !== isHeadless(oldSpec) || isHeadless(spec)) return [];
  const ipFamilies = asTexts(spec.ipFamilies);
  const oldFamilies = asTexts(oldSpec.ipFamilies);
  const clusterIPs = asTexts(spec.clusterIPs);
  if (oldFamilies.length === ipFamilies.length) {
    return oldFamilies.flatMap((family, index) =>
      family !== ipFamilies[index] ? [fieldError.invalid('spec.ipFamilies[0]', ipFamilies, 'may not change once set')] : []);
  }
  const errors: FieldError[] = [];
  if (oldFamilies.length > ipFamilies.length) {
    if (clusterIPs.length === 0) errors.push(fieldError.invalid('spec.ipFamilies[0]', ipFamilies, 'primary ipFamily can not be unset'));
    if (ipFamilies.length && ipFamilies[0] !== oldFamilies[0]) errors.push(fieldError.invalid('spec.ipFamilies[0]', clusterIPs, 'may not change once set'));
    if (ipFamilies.length === 1 && spec.ipFamilyPolicy !== 'SingleStack') {
      errors.push(fieldError.invalid('spec.ipFamilyPolicy', spec.ipFamilyPolicy ?? nilValue, "must be set to 'SingleStack' when releasing the secondary ipFamily"));
    }
  } else if (oldFamilies.length && ipFamilies.length && ipFamilies[0] !== oldFamilies[0]) {
    errors.push(fieldError.invalid('spec.ipFamilies[0]', clusterIPs, 'may not change once set'));
  }
  return errors;
}
