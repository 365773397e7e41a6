/**
 * Namespaces and what they hold for pods: config maps, secrets, service accounts and resource
 * quotas (printNamespace, printConfigMap, printSecret, printServiceAccount, printResourceQuota).
 */
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, listAt, mapSizeAt, objectAt, stringAt } from './fields.js';
import { ageOf, nameOf, quantityText } from './format.js';

/** kube's printNamespace. */
export const namespacePrinter: Printer = {
  columns: [nameColumn, column('Status', 'The status of the namespace'), ageColumn],
  cells: (namespace, now) => [nameOf(namespace), stringAt(namespace, 'status', 'phase'), ageOf(namespace, now)],
};

/** kube's printConfigMap: DATA counts data and binaryData keys together. */
export const configMapPrinter: Printer = {
  columns: [
    nameColumn,
    column('Data', "Data contains the configuration data. Each key must consist of alphanumeric characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during validation process."),
    ageColumn,
  ],
  cells: (configMap, now) => [nameOf(configMap), mapSizeAt(configMap, 'data') + mapSizeAt(configMap, 'binaryData'), ageOf(configMap, now)],
};

/** kube's printSecret: DATA counts data keys (stringData is merged into data on write). */
export const secretPrinter: Printer = {
  columns: [
    nameColumn,
    column('Type', 'Used to facilitate programmatic handling of secret data. More info: https://kubernetes.io/docs/concepts/configuration/secret/#secret-types'),
    column('Data', "Data contains the secret data. Each key must consist of alphanumeric characters, '-', '_' or '.'. The serialized form of the secret data is a base64 encoded string, representing the arbitrary (possibly non-string) data value here. Described in https://tools.ietf.org/html/rfc4648#section-4"),
    ageColumn,
  ],
  cells: (secret, now) => [nameOf(secret), stringAt(secret, 'type'), mapSizeAt(secret, 'data'), ageOf(secret, now)],
};

/** kube's printServiceAccount. */
export const serviceAccountPrinter: Printer = {
  columns: [
    nameColumn,
    column('Secrets', 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use. Pods are only limited to this list if this service account has a "kubernetes.io/enforce-mountable-secrets" annotation set to "true". The "kubernetes.io/enforce-mountable-secrets" annotation is deprecated since v1.32. Prefer separate namespaces to isolate access to mounted secrets. This field should not be used to find auto-generated service account token secrets for use outside of pods. Instead, tokens can be requested directly using the TokenRequest API, or service account token secrets can be manually created. More info: https://kubernetes.io/docs/concepts/configuration/secret'),
    ageColumn,
  ],
  cells: (account, now) => [nameOf(account), listAt(account, 'secrets').length, ageOf(account, now)],
};

/** kube's printResourceQuota; up to v1.32 AGE comes before REQUEST and LIMIT (v1.33 moved it last). */
export const resourceQuotaPrinter: Printer = {
  columns: [
    nameColumn,
    ageColumn,
    column('Request', 'Request represents a minimum amount of cpu/memory that a container may consume.'),
    column('Limit', 'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.'),
  ],
  cells: (quota, now) => [nameOf(quota), ageOf(quota, now), ...quotaUsage(quota)],
};

/**
 * `resource: used/hard` for every resource in status.hard, sorted by name; `limits.*` resources go
 * to LIMIT, all others (`pods`, `requests.cpu`, `cpu`) to REQUEST.
 */
function quotaUsage(quota: unknown): [string, string] {
  const hard = objectAt(quota, 'status', 'hard');
  const used = objectAt(quota, 'status', 'used');
  const requests: string[] = [];
  const limits: string[] = [];
  for (const resource of Object.keys(hard).sort(compareGoStrings)) {
    const entry = `${resource}: ${quantityText(used[resource])}/${quantityText(hard[resource])}`;
    const pieces = resource.split('.');
    (pieces.length > 1 && pieces[0] === 'limits' ? limits : requests).push(entry);
  }
  return [requests.join(', '), limits.join(', ')];
}
