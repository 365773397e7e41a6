#!/usr/bin/env node
/**
 * Builds data/bootstrap-flowcontrol.json and data/bootstrap-apiservices.json from the objects
 * kube-apiserver v1.32.13 creates for itself (reference/bootstrap-kube-v1.32.13, see its README).
 *
 *   node scripts/build-bootstrap-objects.mjs
 *
 * bootstrap-flowcontrol.json: { priorityLevels, flowSchemas }, each [{ name, mandatory, spec }] in
 * the order kube's ensurer creates them (suggested, then mandatory; within each, the order of
 * bootstrap/default.go). bootstrap-apiservices.json: [{ group, version, groupPriorityMinimum,
 * versionPriority }] of the built-in group-versions (the core group as "").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(PROJECT, 'reference/bootstrap-kube-v1.32.13');
const NOTICE = 'Derived by scripts/build-bootstrap-objects.mjs from the objects kube-apiserver v1.32.13 creates (Apache License 2.0, The Kubernetes Authors).';

// staging/src/k8s.io/apiserver/pkg/apis/flowcontrol/bootstrap/default.go
const mandatoryPriorityLevels = ['exempt', 'catch-all'];
const suggestedPriorityLevels = ['system', 'node-high', 'leader-election', 'workload-high', 'workload-low', 'global-default'];
const mandatoryFlowSchemas = ['exempt', 'catch-all'];
const suggestedFlowSchemas = ['system-nodes', 'system-node-high', 'probes', 'system-leader-election', 'workload-leader-election',
  'endpoint-controller', 'kube-controller-manager', 'kube-scheduler', 'kube-system-service-accounts', 'service-accounts', 'global-default'];

const items = (file) => JSON.parse(readFileSync(join(source, file), 'utf8')).items;

function ordered(list, suggested, mandatory) {
  const byName = new Map(list.map((item) => [item.metadata.name, item]));
  if (byName.size !== suggested.length + mandatory.length) throw new Error(`expected ${suggested.length + mandatory.length} objects, found ${byName.size}`);
  return [...suggested.map((name) => [name, false]), ...mandatory.map((name) => [name, true])].map(([name, isMandatory]) => {
    const item = byName.get(name);
    if (!item) throw new Error(`missing bootstrap object ${name}`);
    return { name, mandatory: isMandatory, spec: item.spec };
  });
}

const flowcontrol = {
  notice: NOTICE,
  priorityLevels: ordered(items('prioritylevelconfigurations.json'), suggestedPriorityLevels, mandatoryPriorityLevels),
  flowSchemas: ordered(items('flowschemas.json'), suggestedFlowSchemas, mandatoryFlowSchemas),
};
const apiServices = {
  notice: NOTICE,
  apiServices: items('apiservices.json').map(({ spec }) => ({
    group: spec.group ?? '', version: spec.version, groupPriorityMinimum: spec.groupPriorityMinimum, versionPriority: spec.versionPriority,
  })),
};
writeFileSync(join(PROJECT, 'data/bootstrap-flowcontrol.json'), `${JSON.stringify(flowcontrol, null, 1)}\n`);
writeFileSync(join(PROJECT, 'data/bootstrap-apiservices.json'), `${JSON.stringify(apiServices, null, 1)}\n`);
process.stderr.write('build-bootstrap-objects: wrote data/bootstrap-flowcontrol.json and data/bootstrap-apiservices.json\n');
