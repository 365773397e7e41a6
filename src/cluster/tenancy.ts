/**
 * What differs between the default control plane and a tenant's, said once: code asks a
 * cluster's tenancy for the property it depends on instead of testing whether it has a tenant.
 */
import { tenantOf } from './names.js';

export interface Tenancy {
  /** The tenant's name; undefined for the default control plane. */
  readonly tenant: string | undefined;
  /**
   * Holds the tenants' ControlPlane objects: serves their type and runs their controller (the
   * default plane; a tenant's CRD of the same group is just a custom resource).
   */
  readonly hostsTenants: boolean;
  /**
   * Its storage shards are born with its system namespaces and bootstrap RBAC policy
   * (registry/bootstrap-seeds.ts), so bootstrap need not write them (a tenant's; the default
   * plane's storage predates seeds).
   */
  readonly bornSeeded: boolean;
  /** All its users share one rate limit and a few seats per isolate (a tenant's: flowcontrol/tenant-*.ts). */
  readonly sharesLimits: boolean;
}

/** The default control plane. */
export const defaultPlane: Tenancy = Object.freeze({ tenant: undefined, hostsTenants: true, bornSeeded: false, sharesLimits: false });

/** The control plane of tenant `tenant`. */
export function tenantPlane(tenant: string): Tenancy {
  return Object.freeze({ tenant, hostsTenants: false, bornSeeded: true, sharesLimits: true });
}

/** The tenancy of the cluster at address `cluster` (names.ts). */
export function tenancyOf(cluster: string): Tenancy {
  const tenant = tenantOf(cluster);
  return tenant === undefined ? defaultPlane : tenantPlane(tenant);
}
