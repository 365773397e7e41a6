/**
 * The 403 message kube-apiserver writes when authorization denies a request:
 * forbiddenMessage and Forbidden in k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go
 * wrapped by apierrors.NewForbidden (v1.32).
 */
import { goQuote } from '../apimachinery/go-format.js';
import type { Attributes } from './types.js';

/** responsewriters' sanitizer: the user-controlled part is HTML-escaped (`&`, `<`, `>`). */
function sanitize(text: string): string {
  return text.replace(/[&<>]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : '&gt;'));
}

/** forbiddenMessage: `User "alice" cannot list resource "pods" in API group "" in the namespace "default"`. */
export function forbiddenDetail(attributes: Attributes): string {
  const user = goQuote(attributes.user.name);
  if (!attributes.resourceRequest) {
    return `User ${user} cannot ${attributes.verb} path ${goQuote(attributes.path)}`;
  }
  const resource = attributes.subresource ? `${attributes.resource}/${attributes.subresource}` : attributes.resource;
  const action = `User ${user} cannot ${attributes.verb} resource ${goQuote(resource)} in API group ${goQuote(attributes.apiGroup)}`;
  if (attributes.namespace) return `${action} in the namespace ${goQuote(attributes.namespace)}`;
  return `${action} at the cluster scope`;
}

/**
 * The complete Status message of the 403: `<group resource> ["<name>"] is forbidden: <detail>`,
 * or `forbidden: <detail>` for a non-resource request; a non-empty authorizer reason is
 * appended as `: <reason>`. The group resource never carries the subresource.
 */
export function forbiddenMessage(attributes: Attributes, reason = ''): string {
  const detail = sanitize(forbiddenDetail(attributes));
  const why = reason ? `${detail}: ${reason}` : detail;
  const groupResource = attributes.apiGroup ? `${attributes.resource}.${attributes.apiGroup}` : attributes.resource;
  if (!groupResource) return `forbidden: ${why}`;
  if (!attributes.name) return `${groupResource} is forbidden: ${why}`;
  return `${groupResource} ${goQuote(attributes.name)} is forbidden: ${why}`;
}
