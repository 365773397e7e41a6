/**
 * What the server registers into the layers below it, per cluster, as kube-apiserver's config
 * registers strategies, Store hooks and admission plugins where it is assembled: the lower layers
 * offer the hooks (state slots of the cluster) and import no feature.
 *   - registry: the ControlPlane type's strategy (the default plane), the controllers' events
 *     every write sends, and the conversion webhooks' storage of custom resources;
 *   - custom resources: the ControlPlane type, served as built in by the default plane;
 *   - admission: the built-in plugins, in kube's order (LimitRanger, ServiceAccount, default plugins
 *     on create, RuntimeClass, ControlPlane defaults; LimitRanger, ServiceAccount, RuntimeClass, RBAC escalation prevention,
 *     the custom resource strategy's finalizer warnings; ResourceQuota after the webhooks).
 */
import { builtinDefaults } from '../../admission/builtin-mutation.js';
import { customResourceFinalizerWarnings } from '../../admission/finalizer-warnings.js';
import { limitRanger } from '../../admission/limit-ranger.js';
import { admissionChain } from '../../admission/plugins.js';
import { resourceQuota } from '../../admission/quota/index.js';
import { rbacEscalation } from '../../admission/rbac-escalation.js';
import { runtimeClassAdmission } from '../../admission/runtime-class.js';
import { serviceAccountAdmission } from '../../admission/service-account/index.js';
import type { ClusterContext } from '../../cluster/context.js';
import { controllerMessages } from '../../controllers/messages.js';
import { conversionStorage } from '../../crds/conversion/index.js';
import { builtinCustomTypes } from '../../crds/serving-catalog.js';
import { registryHooks } from '../../registry/registry.js';
import { controlPlaneDefaults } from '../../tenancy/control-plane-defaults.js';
import { ControlPlaneStrategy } from '../../tenancy/control-plane-strategy.js';
import { isControlPlaneType, tenancyTypes } from '../../tenancy/control-plane-type.js';

/** Provides a new cluster context with the hooks of its kind of plane. */
export function provideHooks(cluster: ClusterContext): ClusterContext {
  const hostsTenants = cluster.tenancy.hostsTenants;
  cluster.provide(registryHooks, {
    strategy: (type) => (hostsTenants && isControlPlaneType(type) ? ControlPlaneStrategy : undefined),
    messages: controllerMessages,
    storage: conversionStorage,
  });
  if (hostsTenants) cluster.provide(builtinCustomTypes, tenancyTypes);
  cluster.provide(admissionChain, {
    mutating: hostsTenants ? [limitRanger, serviceAccountAdmission, builtinDefaults, runtimeClassAdmission, controlPlaneDefaults] : [limitRanger, serviceAccountAdmission, builtinDefaults, runtimeClassAdmission],
    validating: [limitRanger, serviceAccountAdmission, runtimeClassAdmission, rbacEscalation, customResourceFinalizerWarnings],
    validatingLast: [resourceQuota],
  });
  return cluster;
}
