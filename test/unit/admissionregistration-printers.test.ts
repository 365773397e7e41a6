/** Table cells of kube's printValidatingAdmissionPolicy and printValidatingAdmissionPolicyBinding. */
import { describe, expect, it } from 'vitest';
import { builtinPrinters } from '../../src/codecs/printers/index.js';

const now = new Date('2024-01-01T00:10:00Z');
const metadata = { name: 'p', creationTimestamp: '2024-01-01T00:00:00Z' };

describe('ValidatingAdmissionPolicy', () => {
  const printer = builtinPrinters['admissionregistration.k8s.io/validatingadmissionpolicies']!;
  it('has kube\'s columns', () => {
    expect(printer.columns.map((c) => c.name)).toEqual(['Name', 'Validations', 'ParamKind', 'Age']);
  });
  it.each([
    ['no paramKind', { validations: [{ expression: 'true' }, { expression: 'false' }] }, ['p', 2, '<unset>', '10m']],
    ['a paramKind', { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } }, ['p', 0, 'v1/ConfigMap', '10m']],
  ])('%s', (_name, spec, cells) => {
    expect(printer.cells({ metadata, spec }, now)).toEqual(cells);
  });
});

describe('ValidatingAdmissionPolicyBinding', () => {
  const printer = builtinPrinters['admissionregistration.k8s.io/validatingadmissionpolicybindings']!;
  it('has kube\'s columns', () => {
    expect(printer.columns.map((c) => c.name)).toEqual(['Name', 'PolicyName', 'ParamRef', 'Age']);
  });
  it.each([
    ['no paramRef', {}, '<unset>'],
    ['a namespaced name', { namespace: 'ns', name: 'cm' }, 'ns/cm'],
    ['a name without namespace', { name: 'cm' }, '*/cm'],
    ['a selector', { selector: { matchLabels: { b: '2', a: '1' }, matchExpressions: [{ key: 'k', operator: 'In', values: ['x', 'y'] }] } },
      '&LabelSelector{MatchLabels:map[string]string{a: 1,b: 2,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:k,Operator:In,Values:[x y],},},}'],
  ])('%s', (_name, paramRef, cell) => {
    const spec = { policyName: 'policy', ...(Object.keys(paramRef).length ? { paramRef } : {}) };
    expect(printer.cells({ metadata, spec }, now)).toEqual(['p', 'policy', cell, '10m']);
  });
});
