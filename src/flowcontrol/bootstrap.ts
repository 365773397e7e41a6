/**
 * API Priority and Fairness' post-start hook (kube's apiserver/pkg/util/flowcontrol bootstrap
 * configuration and its config controller's Dangling conditions), kept here by each isolate for
 * each cluster: made sure of with the cluster's bootstrap (and every minute after), and right
 * after a write of a FlowSchema or PriorityLevelConfiguration through the isolate (a WriteListener).
 */
import { ClusterState, type ClusterContext, type WriteListener } from '../cluster/context.js';
import { forgetFlowControlConfiguration } from './configuration.js';
import { syncDanglingConditions } from './dangling.js';
import { ensureFlowControlBootstrap } from './ensure.js';
import { flowcontrolGroup } from './types.js';

/** Writes through this isolate of the flow control objects. */
const writeListener = new ClusterState((cluster) => {
  const listener: WriteListener = {
    covers: (type) => type.group === flowcontrolGroup,
    written: (context) => ensureFlowControl(context),
  };
  cluster.listen(listener);
  return listener;
});

/** The post-start hook: the bootstrap configuration, the Dangling conditions, and their upkeep after writes. */
export async function ensureFlowControlObjects(cluster: ClusterContext): Promise<void> {
  writeListener.of(cluster);
  await ensureFlowControl(cluster);
}

async function ensureFlowControl(cluster: ClusterContext): Promise<void> {
  const now = new Date();
  const { levels, schemas } = await ensureFlowControlBootstrap(cluster, now);
  await syncDanglingConditions(cluster, schemas, levels, now);
  forgetFlowControlConfiguration(cluster);
}
