/**
 * aggregateRules against syncClusterRole in pkg/controller/clusterroleaggregation (kube v1.32).
 */
import { describe, expect, it } from 'vitest';
import { aggregateRules, type ClusterRole, type LabelSelector, type PolicyRule } from '../../src/rbac/index.js';

const viewPods: PolicyRule = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };
const viewCrons: PolicyRule = { verbs: ['get'], apiGroups: ['batch'], resources: ['cronjobs'] };
const editPods: PolicyRule = { verbs: ['update'], apiGroups: [''], resources: ['pods'] };

function role(name: string, labels: Record<string, string>, rules: PolicyRule[]): ClusterRole {
  return { metadata: { name, labels }, rules };
}

const others: ClusterRole[] = [
  role('z-view-crons', { 'aggregate-to-view': 'true' }, [viewCrons]),
  role('a-view-pods', { 'aggregate-to-view': 'true' }, [viewPods]),
  role('m-edit', { 'aggregate-to-edit': 'true', tier: 'x' }, [editPods, viewPods]),
  role('unlabelled', {}, [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }]),
];

function aggregated(selectors: LabelSelector[], rules: PolicyRule[] = []): ClusterRole {
  return { metadata: { name: 'view', labels: { 'aggregate-to-view': 'true' } }, rules, aggregationRule: { clusterRoleSelectors: selectors } };
}

describe('aggregateRules', () => {
  it.each<[string, ClusterRole, PolicyRule[]]>([
    ['matchLabels unions rules sorted by role name', aggregated([{ matchLabels: { 'aggregate-to-view': 'true' } }]), [viewPods, viewCrons]],
    ['selectors apply in order, repeats dropped',
      aggregated([{ matchLabels: { 'aggregate-to-edit': 'true' } }, { matchLabels: { 'aggregate-to-view': 'true' } }]),
      [editPods, viewPods, viewCrons]],
    ['matchExpressions In', aggregated([{ matchExpressions: [{ key: 'tier', operator: 'In', values: ['x', 'y'] }] }]), [editPods, viewPods]],
    ['matchExpressions DoesNotExist skips the role itself',
      aggregated([{ matchExpressions: [{ key: 'aggregate-to-edit', operator: 'DoesNotExist' }] }]),
      [viewPods, { verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, viewCrons]],
    ['no match replaces existing rules with none', aggregated([{ matchLabels: { nope: 'x' } }], [editPods]), []],
    ['invalid selector keeps existing rules', aggregated([{ matchExpressions: [{ key: 'tier', operator: 'In' }] }], [editPods]), [editPods]],
    ['role without aggregationRule keeps its rules', role('plain', {}, [viewCrons]), [viewCrons]],
  ])('%s', (_name, clusterRole, rules) => {
    expect(aggregateRules(clusterRole, [...others, clusterRole])).toEqual(rules);
  });
});
