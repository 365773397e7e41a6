/**
 * Port numbers and names: validation.IsValidPortNum and IsValidPortName of
 * k8s.io/apimachinery/pkg/util/validation, and pkg/apis/core/validation's ValidatePortNumOrName
 * for an intstr.IntOrString port (kube v1.32).
 */
import { fieldError, type FieldError } from '../field-errors.js';
import { inclusiveRangeError, maxLenError } from './names.js';

/** validation.IsValidPortNum: 1 to 65535 (int32 fields hold integers once decoded). */
export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)];
}

/** validation.IsValidPortName: an IANA_SVC_NAME, 1-15 lower-case letters, digits and single inner hyphens; every failed rule is reported. */
export function isValidPortName(port: string): string[] {
  const errors: string[] = [];
  if (port.length > 15) errors.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errors.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errors.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errors.push('must not contain consecutive hyphens');
  if (port.startsWith('-') || port.endsWith('-')) errors.push('must not begin or end with a hyphen');
  return errors;
}

/** ValidatePortNumOrName for an IntOrString port (a probe's or a Service's targetPort). */
export function validatePortNumberOrName(port: unknown, path: string): FieldError[] {
  // An absent IntOrString is the integer 0.
  if (typeof port !== 'string') {
    const number = typeof port === 'number' ? port : 0;
    return isValidPortNum(number).map((message) => fieldError.invalid(path, number, message));
  }
  return isValidPortName(port).map((message) => fieldError.invalid(path, port, message));
}
