/**
 * The ControlPlane resource (`tenancy.edge-apiserver.dev/v1alpha1`, cluster-scoped), served by
 * the default control plane only: one object per tenant. It is defined the way a
 * CustomResourceDefinition defines a type (schema, status subresource, printer columns), but
 * built in: it is part of the default plane's serving catalog from the start, cannot be deleted
 * or shadowed by a CRD of the group, and gets its discovery, OpenAPI document, Table and
 * validation from the custom resource machinery.
 */
import type { ResourceType } from '../api/catalog.js';
import { definitionTypes } from '../crds/crd-resource-types.js';
import type { KubeObject } from '../apimachinery/object.js';

export const tenancyGroup = 'tenancy.edge-apiserver.dev';
export const tenancyVersion = 'v1alpha1';
/** Held by every ControlPlane until its tenant's storage is erased. */
export const eraseFinalizer = 'tenancy.edge-apiserver.dev/erase';

const names = { plural: 'controlplanes', singular: 'controlplane', kind: 'ControlPlane', listKind: 'ControlPlaneList', shortNames: ['cp'] };

const text = (description: string) => ({ type: 'string', description });

const conditionSchema = {
  type: 'object',
  required: ['type', 'status'],
  properties: {
    type: text('Ready: the tenant is provisioned and its kubeconfig delivered.'),
    status: { type: 'string', enum: ['True', 'False', 'Unknown'] },
    lastTransitionTime: { type: 'string', format: 'date-time' },
    reason: { type: 'string' },
    message: { type: 'string' },
  },
};

const schema = {
  type: 'object',
  description: 'A Kubernetes control plane of its own for a tenant, served at /clusters/NAME: its own objects, resourceVersions, CRDs, RBAC, service account issuer and signing key. Deleting it erases all of them.',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      properties: {
        server: text('The URL clients reach the control plane at, written into its kubeconfig. Default: the URL the ControlPlane was created through, with /clusters/NAME (or https://NAME.<TENANT_DOMAIN>).'),
      },
    },
    status: {
      type: 'object',
      properties: {
        phase: { type: 'string', description: 'Provisioning, Ready or Deleting.', enum: ['Provisioning', 'Ready', 'Deleting'] },
        server: text('The URL in the kubeconfig.'),
        issuer: text('The issuer (iss) of the service account tokens the control plane makes.'),
        kubeconfigSecretRef: {
          type: 'object',
          description: 'The Secret in the default control plane holding the admin kubeconfig (key value).',
          properties: { namespace: { type: 'string' }, name: { type: 'string' } },
        },
        conditions: { type: 'array', items: conditionSchema, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'] },
      },
    },
  },
};

const column = (name: string, type: string, jsonPath: string, description: string, priority = 0) => ({ name, type, jsonPath, description, priority });

/** The definition, as a CustomResourceDefinition would state it (established, its names accepted). */
const definition: KubeObject = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `${names.plural}.${tenancyGroup}` },
  spec: {
    group: tenancyGroup,
    scope: 'Cluster',
    names,
    versions: [{
      name: tenancyVersion, served: true, storage: true,
      subresources: { status: {} },
      schema: { openAPIV3Schema: schema },
      additionalPrinterColumns: [
        column('Ready', 'string', '.status.conditions[?(@.type=="Ready")].status', 'Whether the control plane serves and its kubeconfig is delivered.'),
        column('Phase', 'string', '.status.phase', 'Provisioning, Ready or Deleting.'),
        column('Server', 'string', '.status.server', 'The URL in its kubeconfig.'),
        column('Age', 'date', '.metadata.creationTimestamp', 'Time since creation.'),
        column('Kubeconfig', 'string', '.status.kubeconfigSecretRef.name', 'The Secret (in the default plane) holding its admin kubeconfig.', 1),
        column('Issuer', 'string', '.status.issuer', 'The issuer of its service account tokens.', 1),
      ],
    }],
  },
  status: { acceptedNames: names, conditions: [{ type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' }] },
};

/** Resolved once per isolate (a promise must not be shared between requests in workerd). */
let types: ResourceType[] | undefined;

/** The ControlPlane types the default control plane serves. */
export async function tenancyTypes(): Promise<ResourceType[]> {
  types ??= await definitionTypes(definition, true);
  return types;
}

/** Whether `type` is the built-in ControlPlane type (not a tenant's CRD of the same name). */
export function isControlPlaneType(type: ResourceType): boolean {
  return types !== undefined && types.includes(type);
}

/** The ControlPlane type, once tenancyTypes() resolved in this isolate. */
export async function controlPlaneType(): Promise<ResourceType> {
  return (await tenancyTypes())[0]!;
}
