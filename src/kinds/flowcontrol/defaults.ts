/**
 * flowcontrol.apiserver.k8s.io/v1 defaulting (pkg/apis/flowcontrol/v1/defaults.go, kube v1.32):
 * matchingPrecedence 1000; an exempt level's shares and lendable percent 0; a limited level's
 * nominalConcurrencyShares 30 (only when absent: 0 stays) and lendablePercent 0; queuing 64
 * queues, hands of 8, 50 requests per queue. Keys are put back in Go's field order.
 */
import type { KubeObject } from '../../apimachinery/object.js';
import { asNumber, asRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';

/** SetDefaults_FlowSchemaSpec. */
export function defaultFlowSchema(object: KubeObject): void {
  const spec = asRecord(object.spec);
  if (!spec) return;
  if (!asNumber(spec.matchingPrecedence)) spec.matchingPrecedence = 1000;
  orderKeys(spec, ['priorityLevelConfiguration', 'matchingPrecedence', 'distinguisherMethod', 'rules']);
}

/** SetDefaults_ExemptPriorityLevelConfiguration, _LimitedPriorityLevelConfiguration and _QueuingConfiguration. */
export function defaultPriorityLevelConfiguration(object: KubeObject): void {
  const spec = asRecord(object.spec);
  const exempt = asRecord(spec?.exempt);
  if (exempt) {
    setDefault(exempt, 'nominalConcurrencyShares', 0);
    setDefault(exempt, 'lendablePercent', 0);
    orderKeys(exempt, ['nominalConcurrencyShares', 'lendablePercent']);
  }
  const limited = asRecord(spec?.limited);
  if (limited) defaultLimited(limited);
}

function defaultLimited(limited: JsonRecord): void {
  setDefault(limited, 'nominalConcurrencyShares', 30);
  setDefault(limited, 'lendablePercent', 0);
  const queuing = asRecord(asRecord(limited.limitResponse)?.queuing);
  if (queuing) {
    if (!asNumber(queuing.handSize)) queuing.handSize = 8;
    if (!asNumber(queuing.queues)) queuing.queues = 64;
    if (!asNumber(queuing.queueLengthLimit)) queuing.queueLengthLimit = 50;
    orderKeys(queuing, ['queues', 'handSize', 'queueLengthLimit']);
  }
  orderKeys(limited, ['nominalConcurrencyShares', 'limitResponse', 'lendablePercent', 'borrowingLimitPercent']);
}
