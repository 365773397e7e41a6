/**
 * The Status of a denied request (validating/dispatcher.go): admission.NewForbidden's message
 * `<resource>[.<group>] "<name>" is forbidden: <policy message>` (name from the request, else the
 * object's name or generateName, else `Unknown`), the first denial's reason (Invalid when unset)
 * with its code, and the policy message as the one cause.
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import type { AdmissionAttributes, DeniedStatus } from './types.js';

/** reasonToCode. */
export function reasonCode(reason: string): number {
  switch (reason) {
    case 'Forbidden': return 403;
    case 'Unauthorized': return 401;
    case 'RequestEntityTooLarge': return 413;
    default: return 422;
  }
}

/** extractResourceName's name. */
function resourceName(attrs: AdmissionAttributes): string {
  if (attrs.name) return attrs.name;
  const metadata = attrs.object && isJsonObject(attrs.object.metadata) ? attrs.object.metadata : undefined;
  if (metadata && typeof metadata.name === 'string' && metadata.name) return metadata.name;
  if (metadata && typeof metadata.generateName === 'string' && metadata.generateName) return metadata.generateName;
  return 'Unknown';
}

/** The denial of the request by a policy message with `reason` (empty for Invalid). */
export function deniedStatus(attrs: AdmissionAttributes, policyMessage: string, reason: string): DeniedStatus {
  const name = resourceName(attrs);
  const qualified = attrs.group ? `${attrs.resource}.${attrs.group}` : attrs.resource;
  const effectiveReason = reason || 'Invalid';
  return {
    message: `${qualified} "${name}" is forbidden: ${policyMessage}`,
    reason: effectiveReason,
    code: reasonCode(effectiveReason),
    details: { name, group: attrs.group, kind: attrs.resource, causes: [{ message: policyMessage }] },
  };
}
