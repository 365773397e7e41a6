// Service semantics against golden 062 (create: defaults, allocated cluster IP) and 064 (cluster IP
// immutable), and cases from kube v1.32's pkg/apis/core/validation/validation_test.go
// (TestValidateServiceCreate, TestValidateServiceUpdate), pkg/apis/core/v1/defaults_test.go
// (TestSetDefaultService*) and pkg/registry/core/service/storage/storage_test.go (IP families).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import { clusterIPCandidate, clusterIPRangeError, defaultServiceNetwork, nodePortCandidate } from '../../src/kinds/core/cluster-ip.js';
import { clusterFamily } from '../../src/kinds/core/service-defaults.js';
import { serverAllocated, service } from '../../src/kinds/core/service.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const golden = (name: string) => JSON.parse(readFileSync(`reference/golden/kube-v1.32.13/${name}`, 'utf8'));
const texts = (errors: FieldError[]) => errors.map(fieldErrorText);
const uid = 'c4e4f5b1-c07b-4134-a8a4-31a432c26831';

function created(spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): KubeObject {
  const object: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'ns', uid, ...metadata }, spec: structuredClone(spec) };
  service.default!(object);
  service.prepareForCreate!(object);
  return object;
}
const createErrors = (spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) => texts(service.validate!(created(spec, metadata)));

function updated(before: KubeObject, change: (spec: Record<string, any>) => void): KubeObject {
  const after = structuredClone(before);
  after.metadata.resourceVersion = '2';
  change(after.spec as Record<string, any>);
  service.default!(after);
  service.prepareForUpdate!(after, before);
  return after;
}

const port = (fields: Record<string, unknown> = {}) => ({ port: 80, ...fields });

describe('golden 062: service create', () => {
  const recording = golden('062-service-create.json');
  const object = created(recording.request.body.spec);

  it('spec and status equal kube\'s but for the allocated address, in Go field order', () => {
    const spec = object.spec as Record<string, any>;
    const want = structuredClone(recording.response.body.spec);
    want.clusterIP = spec.clusterIP;
    want.clusterIPs = [spec.clusterIP];
    expect(JSON.stringify(spec)).toBe(JSON.stringify(want));
    expect(JSON.stringify(object.status)).toBe(JSON.stringify(recording.response.body.status));
    expect(service.validate!(object)).toEqual([]);
  });

  it('the address comes from the dynamic band of 10.0.0.0/24 (above the 16 static ones), derived from the uid', () => {
    const ip = (object.spec as Record<string, any>).clusterIP as string;
    const last = Number(ip.split('.')[3]);
    expect(ip.startsWith('10.0.0.')).toBe(true);
    expect(last).toBeGreaterThanOrEqual(17);
    expect(last).toBeLessThanOrEqual(254);
    expect(ip).toBe(clusterIPCandidate(uid));
    expect(serverAllocated(object)).toEqual({ clusterIPs: [ip], nodePorts: [] });
    expect(clusterIPCandidate('another-uid')).not.toBe(ip);
  });

  it('another range is used when given, IPv6 included', () => {
    const ipv6 = { ...defaultServiceNetwork, clusterIPRange: 'fd00:10::/108' };
    expect(clusterFamily(ipv6)).toBe('IPv6');
    expect(clusterFamily()).toBe('IPv4');
    expect(clusterIPCandidate(uid, 0, ipv6)).toMatch(/^fd00:10::[0-9a-f]{1,4}$/);
    expect(clusterIPRangeError('10.0.0.20', ipv6)).toBe('the provided IP (10.0.0.20) is not in the valid range. The range of valid IPs is fd00:10::/108');
  });
});

describe('golden 064: the cluster IP may not change', () => {
  it('a merge patch of clusterIP moves clusterIPs[0] with it, which validation refuses', () => {
    const recording = golden('064-service-change-clusterip.json');
    const before: KubeObject = golden('062-service-create.json').response.body;
    const after = updated(before, (spec) => (spec.clusterIP = recording.request.body.spec.clusterIP));
    const errors = service.validateUpdate!(after, before);
    expect(texts(errors)).toEqual([recording.response.body.message.replace('Service "web" is invalid: ', '')]);
    expect(errors.map((error) => error.type)).toEqual(['FieldValueInvalid']);
  });

  it('a PUT without clusterIP keeps the allocated one (patchAllocatedValues)', () => {
    const before: KubeObject = golden('062-service-create.json').response.body;
    const after = updated(before, (spec) => {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    });
    expect(service.validateUpdate!(after, before)).toEqual([]);
    expect((after.spec as Record<string, any>).clusterIPs).toEqual((before.spec as Record<string, any>).clusterIPs);
  });
});

describe('service defaults (TestSetDefaultService*)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['targetPort defaults to port', { ports: [port()] }, { ports: [{ protocol: 'TCP', port: 80, targetPort: 80 }] }],
    ['ClientIP gets a timeout', { ports: [port()], sessionAffinity: 'ClientIP' }, { sessionAffinityConfig: { clientIP: { timeoutSeconds: 10800 } } }],
    ['NodePort is Cluster externally', { ports: [port()], type: 'NodePort' }, { externalTrafficPolicy: 'Cluster', internalTrafficPolicy: 'Cluster' }],
    ['LoadBalancer allocates node ports by default', { ports: [port()], type: 'LoadBalancer' }, { allocateLoadBalancerNodePorts: true }],
    ['headless with selector is single stack', { ports: [port()], clusterIP: 'None', selector: { a: 'b' } },
      { clusterIP: 'None', clusterIPs: ['None'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' }],
    ['headless without selector asks for both families', { clusterIP: 'None' },
      { clusterIPs: ['None'], ipFamilies: ['IPv4', 'IPv6'], ipFamilyPolicy: 'RequireDualStack' }],
  ])('%s', (_name, spec, want) => {
    expect(created(spec).spec).toMatchObject(want);
  });

  it('ExternalName gets no address and no families', () => {
    const spec = created({ type: 'ExternalName', externalName: 'example.com' }).spec as Record<string, any>;
    expect([spec.clusterIP, spec.ipFamilies, spec.ipFamilyPolicy, spec.internalTrafficPolicy]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('node ports come from the dynamic band of 30000-32767; ports with the same number share one', () => {
    const object = created({ type: 'NodePort', ports: [port({ name: 'a' }), port({ name: 'b', protocol: 'UDP' }), port({ name: 'c', port: 81 })] });
    const ports = (object.spec as Record<string, any>).ports.map((entry: Record<string, number>) => entry.nodePort);
    expect(ports[0]).toBe(ports[1]);
    expect(ports[0]).not.toBe(ports[2]);
    for (const nodePort of ports) {
      expect(nodePort).toBeGreaterThanOrEqual(30086);
      expect(nodePort).toBeLessThanOrEqual(32767);
    }
    expect(ports[0]).toBe(nodePortCandidate(uid, '80'));
    expect(serverAllocated(object).nodePorts).toEqual([ports[0], ports[2]]);
  });
});

describe('service validation (TestValidateServiceCreate)', () => {
  const dns1035 = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
  it.each<[string, Record<string, unknown>, string[]]>([
    ['missing ports', {}, ['spec.ports: Required value']],
    ['port 0', { ports: [port({ port: 0 })] }, ['spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive', 'spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive']],
    ['names required with several ports', { ports: [port(), port({ port: 81 })] }, ['spec.ports[0].name: Required value', 'spec.ports[1].name: Required value']],
    ['duplicate names', { ports: [port({ name: 'p' }), port({ name: 'p', port: 81 })] }, ['spec.ports[1].name: Duplicate value: "p"']],
    ['name not a DNS label', { ports: [port({ name: 'P' })] }, [`spec.ports[0].name: Invalid value: "P": ${dns1035}`]],
    ['bad protocol', { ports: [port({ protocol: 'HTTP' })] }, ['spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"']],
    ['bad targetPort name', { ports: [port({ targetPort: 'a--b' })] }, ['spec.ports[0].targetPort: Invalid value: "a--b": must not contain consecutive hyphens']],
    ['duplicate port and protocol', { ports: [port({ name: 'a' }), port({ name: 'b', targetPort: 81 })] },
      ['spec.ports[1]: Duplicate value: core.ServicePort{Name:"", Protocol:"TCP", AppProtocol:(*string)(nil), Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}']],
    ['bad type', { ports: [port()], type: 'Other' }, ['spec.type: Unsupported value: "Other": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"']],
    ['nodePort with ClusterIP', { ports: [port({ nodePort: 30001 })] }, ["spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"]],
    ['bad selector', { ports: [port()], selector: { a: '-b' } },
      ["spec.selector: Invalid value: \"-b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"]],
    ['headless LoadBalancer', { ports: [port()], type: 'LoadBalancer', clusterIP: 'None', selector: { a: 'b' } },
      ["spec.clusterIPs[0]: Invalid value: \"None\": may not be set to 'None' for LoadBalancer services"]],
    ['ExternalName without a name', { type: 'ExternalName' }, ['spec.externalName: Required value']],
    ['sessionAffinity other', { ports: [port()], sessionAffinity: 'Sticky' }, ['spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"']],
    ['externalTrafficPolicy on ClusterIP', { ports: [port()], externalTrafficPolicy: 'Local' },
      ['spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services']],
    ['source ranges without LoadBalancer (capital L in kube\'s path)', { ports: [port()], loadBalancerSourceRanges: ['10.0.0.0/8'] },
      ["spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'"]],
  ])('%s', (_name, spec, want) => {
    expect(createErrors(spec)).toEqual(want);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a requested address out of range', { ports: [port()], clusterIP: '10.1.0.5' },
      ['spec.clusterIPs: Invalid value: []string{"10.1.0.5"}: failed to allocate IP 10.1.0.5: the provided IP (10.1.0.5) is not in the valid range. The range of valid IPs is 10.0.0.0/24']],
    ['the broadcast address', { ports: [port()], clusterIP: '10.0.0.255' },
      ['spec.clusterIPs: Invalid value: []string{"10.0.0.255"}: failed to allocate IP 10.0.0.255: the provided IP (10.0.0.255) is not in the valid range. The range of valid IPs is 10.0.0.0/24']],
    ['not an address', { ports: [port()], clusterIP: '10.0.0.300' },
      ['spec.clusterIPs[0]: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']],
    ['dual stack on this cluster', { ports: [port()], ipFamilyPolicy: 'RequireDualStack' },
      ['spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services']],
    ['an unconfigured family', { ports: [port()], ipFamilies: ['IPv6'] }, ['spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster']],
    ['a node port out of range', { ports: [port({ nodePort: 80 })], type: 'NodePort' },
      ['spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767']],
  ])('allocation stops validation: %s', (_name, spec, want) => {
    expect(createErrors(spec)).toEqual(want);
  });

  it('a requested address in range is kept and not counted as allocated', () => {
    const object = created({ ports: [port()], clusterIP: '10.0.0.10' });
    expect((object.spec as Record<string, any>).clusterIPs).toEqual(['10.0.0.10']);
    expect(service.validate!(object)).toEqual([]);
    expect(serverAllocated(object).clusterIPs).toEqual([]);
  });
});

describe('service updates (TestValidateServiceUpdate)', () => {
  const before = created({ ports: [port()], selector: { a: 'b' } });

  it('switching to ExternalName releases the address fields', () => {
    const after = updated(before, (spec) => {
      spec.type = 'ExternalName';
      spec.externalName = 'example.com';
    });
    const spec = after.spec as Record<string, any>;
    expect([spec.clusterIP, spec.clusterIPs, spec.ipFamilies, spec.ipFamilyPolicy]).toEqual([undefined, undefined, undefined, undefined]);
    expect(service.validateUpdate!(after, before)).toEqual([]);
  });

  // The e2e spec 'Services should be able to change the type from NodePort to ExternalName' sends
  // the Service back with only type and externalName changed; kube-apiserver v1.32.13 answers 200,
  // its spec without clusterIP(s), node ports, externalTrafficPolicy and (dropped on read) internalTrafficPolicy.
  it('switching from NodePort to ExternalName drops node ports and the traffic policies the client left as they were', () => {
    const nodePort = created({ type: 'NodePort', ports: [port({ protocol: 'TCP', targetPort: 80 })], selector: { a: 'b' } });
    expect((nodePort.spec as Record<string, any>).externalTrafficPolicy).toBe('Cluster');
    const after = updated(nodePort, (spec) => {
      spec.type = 'ExternalName';
      spec.externalName = 'externalsvc.ns.svc.cluster.local';
    });
    const spec = after.spec as Record<string, any>;
    expect(service.validateUpdate!(after, nodePort)).toEqual([]);
    expect(spec.ports[0].nodePort).toBeUndefined();
    expect([spec.clusterIP, spec.clusterIPs, spec.externalTrafficPolicy, spec.internalTrafficPolicy]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('a type change keeps an externalTrafficPolicy the client changed, for validation to refuse', () => {
    const nodePort = created({ type: 'NodePort', ports: [port()] });
    const after = updated(nodePort, (spec) => {
      spec.type = 'ExternalName';
      spec.externalName = 'example.com';
      spec.externalTrafficPolicy = 'Local';
    });
    expect(texts(service.validateUpdate!(after, nodePort))).toEqual(['spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services']);
  });

  it('switching from NodePort to ClusterIP while removing a port still drops the node ports (none is new)', () => {
    const nodePort = created({ type: 'NodePort', ports: [port({ name: 'a' }), port({ name: 'b', port: 81 })] });
    const after = updated(nodePort, (spec) => {
      spec.type = 'ClusterIP';
      spec.ports = spec.ports.slice(0, 1);
    });
    expect(service.validateUpdate!(after, nodePort)).toEqual([]);
    expect((after.spec as Record<string, any>).ports).toEqual([{ name: 'a', protocol: 'TCP', port: 80, targetPort: 80 }]);
  });

  it("a LoadBalancer's ingress with an IP defaults to ipMode VIP", () => {
    const balancer = created({ type: 'LoadBalancer', ports: [port()] });
    const withIngress = { ...balancer, status: { loadBalancer: { ingress: [{ ip: '192.0.2.1' }, { hostname: 'lb.example.com' }, { ip: '192.0.2.2', ipMode: 'Proxy' }] } } };
    service.default!(withIngress);
    expect((withIngress.status.loadBalancer.ingress as object[])).toEqual([{ ip: '192.0.2.1', ipMode: 'VIP' }, { hostname: 'lb.example.com' }, { ip: '192.0.2.2', ipMode: 'Proxy' }]);
  });

  it('switching from LoadBalancer clears the load balancer status', () => {
    const balancer = created({ type: 'LoadBalancer', ports: [port()] });
    balancer.status = { loadBalancer: { ingress: [{ ip: '192.0.2.1' }] } };
    const after = updated(balancer, (spec) => (spec.type = 'NodePort'));
    expect(after.status).toEqual({ loadBalancer: {} });
    expect(updated(balancer, (spec) => (spec.ports[0].port = 81)).status).toEqual(balancer.status);
  });

  it('switching from ExternalName allocates an address', () => {
    const external = created({ type: 'ExternalName', externalName: 'example.com' });
    const after = updated(external, (spec) => {
      spec.type = 'ClusterIP';
      spec.ports = [port()];
      delete spec.externalName;
    });
    expect((after.spec as Record<string, any>).clusterIP).toMatch(/^10\.0\.0\.\d+$/);
    expect(service.validateUpdate!(after, external)).toEqual([]);
  });

  it('status is kept', () => {
    const after = updated(before, (spec) => (spec.ports[0].port = 81));
    expect(after.status).toEqual({ loadBalancer: {} });
    expect(service.validateUpdate!(after, before)).toEqual([]);
  });
});
