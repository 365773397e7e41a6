// networking.k8s.io/v1 Ingress, IngressClass and NetworkPolicy semantics (src/kinds/networking),
// kube v1.32. Cases follow pkg/apis/networking/validation/validation_test.go and
// pkg/apis/networking/v1/defaults_test.go; golden 212 and 213 hold objects kube accepted.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import type { KindSemantics } from '../../src/kinds/types.js';
import { networkingKinds } from '../../src/kinds/networking/index.js';

const texts = (errors: FieldError[]) => errors.map(fieldErrorText);
const semantics = (kind: string): KindSemantics => networkingKinds[`networking.k8s.io/${kind}`]!;
const createdWith = (file: string) => JSON.parse(readFileSync(`reference/golden/kube-v1.32.13/${file}.json`, 'utf8')).request.createdWith;

function create(kind: string, object: KubeObject): KubeObject {
  const copy = structuredClone(object);
  semantics(kind).default?.(copy);
  semantics(kind).prepareForCreate?.(copy);
  return copy;
}

const createErrors = (kind: string, object: KubeObject) => texts(semantics(kind).validate!(create(kind, object)));

const backend = { service: { name: 's', port: { number: 80 } } };
const ingress = (spec: Record<string, unknown>, annotations?: Record<string, string>): KubeObject => ({
  kind: 'Ingress', metadata: { name: 'i', namespace: 'ns', ...(annotations ? { annotations } : {}) }, spec,
});
const httpRule = (paths: unknown[], host?: string) => ({ ...(host ? { host } : {}), http: { paths } });

describe('Ingress', () => {
  it('golden 212 is valid and starts with an empty load balancer status', () => {
    const object = create('Ingress', createdWith('212-table-ingresses'));
    expect(semantics('Ingress').validate!(object)).toEqual([]);
    expect(object.status).toEqual({ loadBalancer: {} });
  });

  it.each<[string, KubeObject, string[]]>([
    ['rules or a default backend', ingress({}), ['spec: Invalid value: []networking.IngressRule(nil): either `defaultBackend` or `rules` must be specified']],
    ['pathType required', ingress({ rules: [httpRule([{ path: '/', backend }])] }), ['spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified']],
    ['pathType values', ingress({ rules: [httpRule([{ path: '/', pathType: 'Regex', backend }])] }), [
      'spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"',
    ]],
    ['Prefix paths are absolute and clean', ingress({ rules: [httpRule([{ path: 'a//b/.', pathType: 'Prefix', backend }])] }), [
      'spec.rules[0].http.paths[0].path: Invalid value: "a//b/.": must be an absolute path',
      "spec.rules[0].http.paths[0].path: Invalid value: \"a//b/.\": must not contain '//'",
      "spec.rules[0].http.paths[0].path: Invalid value: \"a//b/.\": cannot end with '/.'",
    ]],
    ['paths required', ingress({ rules: [httpRule([])] }), ['spec.rules[0].http.paths: Required value']],
    ['hosts are DNS names', ingress({ rules: [httpRule([{ path: '/', pathType: 'Prefix', backend }], '1.2.3.4')] }), [
      'spec.rules[0].host: Invalid value: "1.2.3.4": must be a DNS name, not an IP address',
    ]],
    ['wildcard hosts', ingress({ rules: [httpRule([{ path: '/', pathType: 'Prefix', backend }], 'a.*.com')] }), [
      "spec.rules[0].host: Invalid value: \"a.*.com\": a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ]],
    ['backend service name and port', ingress({ defaultBackend: { service: { name: 'S', port: {} } } }), [
      "spec.defaultBackend.service.name: Invalid value: \"S\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
      'spec.defaultBackend: Required value: port name or number is required',
    ]],
    ['port name and number', ingress({ defaultBackend: { service: { name: 's', port: { name: 'http', number: 80 } } } }), [
      'spec.defaultBackend: Invalid value: "": cannot set both port name & port number',
    ]],
    ['port number range', ingress({ defaultBackend: { service: { name: 's', port: { number: 70000 } } } }), [
      'spec.defaultBackend.service.port.number: Invalid value: 70000: must be between 1 and 65535, inclusive',
    ]],
    ['resource or service', ingress({ defaultBackend: {} }), ['spec.defaultBackend: Invalid value: "": resource or service backend is required']],
    ['class annotation must match', ingress({ defaultBackend: backend, ingressClassName: 'a' }, { 'kubernetes.io/ingress.class': 'b' }), [
      'annotations.kubernetes.io/ingress.class: Invalid value: "b": must match `ingressClassName` when both are specified',
    ]],
  ])('%s', (_name, object, want) => {
    expect(createErrors('Ingress', object)).toEqual(want);
  });
});

describe('IngressClass', () => {
  const ingressClass = (spec: Record<string, unknown>): KubeObject => ({ kind: 'IngressClass', metadata: { name: 'c' }, spec });

  it('defaults the parameters scope to Cluster', () => {
    const object = create('IngressClass', ingressClass({ controller: 'example.com/c', parameters: { kind: 'K', name: 'n' } }));
    expect((object.spec as { parameters: unknown }).parameters).toEqual({ kind: 'K', name: 'n', scope: 'Cluster' });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['controller required', {}, ['spec.controller: Required value']],
    ['controller is domain-prefixed', { controller: 'nginx' }, ['spec.controller: Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")']],
    ['namespace-scoped parameters need a namespace', { controller: 'example.com/c', parameters: { kind: 'K', name: 'n', scope: 'Namespace' } }, [
      "spec.parameters.namespace: Required value: `parameters.scope` is set to 'Namespace'",
    ]],
    ['cluster-scoped parameters have none', { controller: 'example.com/c', parameters: { kind: 'K', name: 'n', namespace: 'x' } }, [
      "spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'",
    ]],
  ])('%s', (_name, spec, want) => {
    expect(createErrors('IngressClass', ingressClass(spec))).toEqual(want);
  });

  it('keeps the controller immutable', () => {
    const stored = create('IngressClass', ingressClass({ controller: 'example.com/a' }));
    const next = create('IngressClass', ingressClass({ controller: 'example.com/b' }));
    expect(texts(semantics('IngressClass').validateUpdate!(next, stored))).toEqual(['spec.controller: Invalid value: "example.com/b": field is immutable']);
  });
});

describe('NetworkPolicy', () => {
  const policy = (spec: Record<string, unknown>): KubeObject => ({ kind: 'NetworkPolicy', metadata: { name: 'p', namespace: 'ns' }, spec: { podSelector: {}, ...spec } });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['ingress only', {}, ['Ingress']],
    ['egress rules add Egress', { egress: [{}] }, ['Ingress', 'Egress']],
    ['given types stay', { policyTypes: ['Egress'] }, ['Egress']],
  ])('defaults policyTypes: %s', (_name, spec, want) => {
    const object = create('NetworkPolicy', policy(spec));
    expect((object.spec as { policyTypes: string[] }).policyTypes).toEqual(want);
  });

  it('golden 213 is valid; ports default to TCP', () => {
    expect(createErrors('NetworkPolicy', createdWith('213-table-networkpolicies'))).toEqual([]);
    const object = create('NetworkPolicy', policy({ ingress: [{ ports: [{ port: 80 }] }] }));
    expect((object.spec as { ingress: unknown }).ingress).toEqual([{ ports: [{ port: 80, protocol: 'TCP' }] }]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['peer required', { ingress: [{ from: [{}] }] }, ['spec.ingress[0].from[0]: Required value: must specify a peer']],
    ['ipBlock alone', { egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8' }, podSelector: {} }] }] }, [
      'spec.egress[0].to[0]: Forbidden: may not specify both ipBlock and another peer',
    ]],
    ['CIDRs', { ingress: [{ from: [{ ipBlock: { cidr: '10.0.0.0/16', except: ['10.1.0.0/24', '10.0.1.0/24'] } }, { ipBlock: { cidr: '10.0.0.0/33' } }] }] }, [
      'spec.ingress[0].from[0].ipBlock.except[0]: Invalid value: "10.1.0.0/24": must be a strict subset of `cidr`',
      'spec.ingress[0].from[1].ipBlock.cidr: Invalid value: "10.0.0.0/33": not a valid CIDR',
    ]],
    ['ports', { ingress: [{ ports: [{ protocol: 'ICMP', port: 'HTTP', endPort: 90 }, { port: 100, endPort: 90 }] }] }, [
      'spec.ingress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"',
      'spec.ingress[0].ports[0].endPort: Invalid value: 90: may not be specified when `port` is non-numeric',
      'spec.ingress[0].ports[0].port: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      'spec.ingress[0].ports[1].endPort: Invalid value: 90: must be greater than or equal to `port`',
    ]],
    ['policy types', { policyTypes: ['Ingress', 'Sideways'] }, [
      'spec.policyTypes[1]: Unsupported value: "Sideways": supported values: "Ingress", "Egress"',
    ]],
    ['at most two policy types', { policyTypes: ['Ingress', 'Egress', 'Ingress'] }, [
      'spec.policyTypes: Invalid value: []networking.PolicyType{"Ingress", "Egress", "Ingress"}: may not specify more than two policyTypes',
    ]],
  ])('%s', (_name, spec, want) => {
    expect(createErrors('NetworkPolicy', policy(spec))).toEqual(want);
  });
});
