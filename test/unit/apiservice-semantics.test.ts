/**
 * APIService validation and printing with kube v1.32.13's texts (the reference kube-apiserver's
 * answers to the same objects), and the Local APIServices kube keeps.
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/api/catalog.js';
import { wantedApiServices } from '../../src/apiservices/autoregister.js';
import { apiServicePrinter } from '../../src/codecs/printers/apiregistration.js';
import { aggregateText } from '../../src/apimachinery/field-errors.js';
import { kindSemantics } from '../../src/kinds/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const semantics = kindSemantics('apiregistration.k8s.io', 'APIService');
const apiService = (name: string, spec: Record<string, unknown>, status?: unknown): KubeObject =>
  ({ apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name }, spec, ...(status ? { status } : {}) } as KubeObject);

function problems(name: string, spec: Record<string, unknown>): string {
  const object = apiService(name, spec);
  semantics.default!(object);
  return aggregateText(semantics.validate!(object));
}

describe('validation', () => {
  const priorities = { groupPriorityMinimum: 100, versionPriority: 10 };
  it.each([
    ['v1.foo.io', { group: 'bar.io', version: 'v1', ...priorities }, 'metadata.name: Invalid value: "v1.foo.io": must be `spec.version+"."+spec.group`: "v1.bar.io"'],
    ['v2.', { version: 'v2', groupPriorityMinimum: 0, versionPriority: 1001 },
      '[spec.group: Required value: only v1 may have an empty group and it better be legacy kube, spec.groupPriorityMinimum: Invalid value: 0: must be positive and less than 20000, spec.versionPriority: Invalid value: 1001: must be positive and less than 1000]'],
    ['v1.x.io', { group: 'x.io', version: 'v1', ...priorities, caBundle: 'YWJj', insecureSkipTLSVerify: true },
      '[spec.caBundle: Invalid value: "3 bytes": local APIServices may not have a caBundle, spec.insecureSkipTLSVerify: Invalid value: true: local APIServices may not have insecureSkipTLSVerify]'],
    ['v1.y.io', { group: 'y.io', version: 'v1', ...priorities, caBundle: 'YWJj', insecureSkipTLSVerify: true, service: { port: 70000 } },
      '[spec.service.namespace: Required value, spec.service.name: Required value, spec.service.port: Invalid value: 70000: port is not valid: must be between 1 and 65535, inclusive, spec.insecureSkipTLSVerify: Invalid value: true: may not be true if caBundle is present]'],
  ])('%s', (name, spec, message) => {
    expect(problems(name, spec)).toBe(message);
  });

  it("defaults the service port to 443 and writes the spec in Go's field order", () => {
    const object = apiService('v1.s.io', { group: 's.io', version: 'v1', ...priorities, service: { name: 'x', namespace: 'default' } });
    semantics.default!(object);
    expect(JSON.stringify(object.spec)).toBe('{"service":{"namespace":"default","name":"x","port":443},"group":"s.io","version":"v1","groupPriorityMinimum":100,"versionPriority":10}');
  });

  it('makes a Local APIService Available on create; a service-backed one starts without conditions', () => {
    const local = apiService('v1.l.io', { group: 'l.io', version: 'v1', ...priorities });
    semantics.prepareForCreate!(local);
    expect((local.status as any).conditions).toEqual([expect.objectContaining({ type: 'Available', status: 'True', reason: 'Local', message: 'Local APIServices are always available' })]);
    const remote = apiService('v1.r.io', { group: 'r.io', version: 'v1', ...priorities, service: { name: 'x', namespace: 'default' } });
    semantics.prepareForCreate!(remote);
    expect(remote.status).toEqual({});
  });
});

describe('the table', () => {
  it.each([
    [{}, undefined, ['Local', 'Unknown']],
    [{ service: { namespace: 'ns', name: 'svc' } }, { conditions: [{ type: 'Available', status: 'False', reason: 'ServiceNotFound' }] }, ['ns/svc', 'False (ServiceNotFound)']],
    [{ service: { namespace: 'ns', name: 'svc' } }, { conditions: [{ type: 'Available', status: 'True', reason: 'Passed' }] }, ['ns/svc', 'True']],
    [{}, { conditions: [{ type: 'Available', status: 'Unknown' }] }, ['Local', 'Unknown']],
  ])('prints service and availability (%#)', (spec, status, cells) => {
    expect(apiServicePrinter.cells(apiService('v1.t.io', spec, status), new Date()).slice(1, 3)).toEqual(cells);
  });
});

describe('Local APIServices', () => {
  it("are kube's twenty for the built-in group-versions, with kube's priorities", () => {
    const wanted = wantedApiServices(builtinCatalog);
    expect(wanted).toHaveLength(20);
    expect(wanted.find((item) => item.name === 'v1.')).toEqual({ name: 'v1.', label: 'onstart', spec: { version: 'v1', groupPriorityMinimum: 18000, versionPriority: 1 } });
    expect(wanted.find((item) => item.name === 'v2.autoscaling')?.spec).toEqual({ group: 'autoscaling', version: 'v2', groupPriorityMinimum: 17500, versionPriority: 30 });
    expect(wanted.map((item) => item.name)).not.toContain('v1.apiregistration.k8s.io');
  });
});
