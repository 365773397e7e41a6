/**
 * A pod's quality-of-service class, after pkg/apis/core/helper/qos ComputePodQOS (v1.32, with
 * pod-level resources off): only cpu and memory count, summed over init and regular containers.
 */
import { addQuantities, compareQuantities, parseQuantity, quantitySign, type Quantity } from '../../apimachinery/quantity.js';
import { asRecord, asRecords, type JsonRecord } from '../json-values.js';

export type QOSClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

const qosResources = ['cpu', 'memory'] as const;

/** GetPodQOS: the class of a pod spec (defaulted, so requests already copy limits). */
export function computePodQOS(spec: JsonRecord): QOSClass {
  const requests = new Map<string, Quantity>();
  const limits = new Map<string, Quantity>();
  let guaranteed = true;
  for (const container of [...asRecords(spec.initContainers), ...asRecords(spec.containers)]) {
    const resources = asRecord(container.resources);
    accumulate(requests, asRecord(resources?.requests));
    const found = accumulate(limits, asRecord(resources?.limits));
    // Every container needs both cpu and memory limits to be Guaranteed.
    if (!qosResources.every((name) => found.has(name))) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [name, request] of requests) {
      const limit = limits.get(name);
      if (!limit || compareQuantities(limit, request) !== 0) guaranteed = false;
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

/** Adds the positive cpu and memory quantities of `list` to `totals`; returns the names it saw. */
function accumulate(totals: Map<string, Quantity>, list: JsonRecord | undefined): Set<string> {
  const seen = new Set<string>();
  for (const name of qosResources) {
    const quantity = parseQuantity(list?.[name]);
    if (!quantity || quantitySign(quantity) <= 0) continue;
    seen.add(name);
    const total = totals.get(name);
    totals.set(name, total ? addQuantities(total, quantity) : quantity);
  }
  return seen;
}
