/**
 * HorizontalPodAutoscalers are one object served as autoscaling/v2 (stored) and autoscaling/v1
 * (converted, with kube's round-trip annotations), as kube-apiserver v1.32 serves them: a v1 HPA
 * without a CPU target gets kube's 80% (and the v2 metric it converts to), v2 metrics v1 cannot
 * express travel in annotations and come back. Expected values recorded from the reference
 * kube-apiserver v1.32.13.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const at = (version: string, name = '') => `/apis/autoscaling/${version}/namespaces/${ns}/horizontalpodautoscalers${name ? `/${name}` : ''}`;
const merge = { 'content-type': 'application/merge-patch+json' };
const target = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' };
const cpu = (averageUtilization: number) => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } } });
const create = (version: string, name: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
  api('POST', at(version), { body: { apiVersion: `autoscaling/${version}`, kind: 'HorizontalPodAutoscaler', metadata: { name, ...metadata }, spec: { scaleTargetRef: target, maxReplicas: 3, ...spec } } });

beforeEach(async () => {
  ns = await freshNamespace('hpa');
});

describe('autoscaling/v1 and autoscaling/v2, one object', () => {
  it('a v1 HPA without a CPU target gets 80%, and reads as v2 with the metric it converts to', async () => {
    const created = await create('v1', 'h1', {});
    expect(created.status).toBe(201);
    expect(created.json.spec).toEqual({ scaleTargetRef: target, minReplicas: 1, maxReplicas: 3, targetCPUUtilizationPercentage: 80 });
    expect(created.json.status).toEqual({ currentReplicas: 0, desiredReplicas: 0 });
    expect(created.json.metadata.managedFields[0].fieldsV1).toEqual({ 'f:spec': { 'f:maxReplicas': {}, 'f:minReplicas': {}, 'f:scaleTargetRef': {}, 'f:targetCPUUtilizationPercentage': {} } });
    const asV2 = await api('GET', at('v2', 'h1'));
    expect(asV2.json.apiVersion).toBe('autoscaling/v2');
    expect(asV2.json.spec).toEqual({ scaleTargetRef: target, minReplicas: 1, maxReplicas: 3, metrics: [cpu(80)] });
    expect(asV2.json.status).toEqual({ desiredReplicas: 0, currentMetrics: null });
  });

  it('a v2 HPA reads as v1 with its CPU metric as targetCPUUtilizationPercentage', async () => {
    const created = await create('v2', 'h2', {});
    expect(created.json.spec.metrics).toEqual([cpu(80)]);
    expect(created.json.status).toEqual({ desiredReplicas: 0, currentMetrics: null });
    const asV1 = await api('GET', at('v1', 'h2'));
    expect(asV1.json.spec).toEqual({ scaleTargetRef: target, minReplicas: 1, maxReplicas: 3, targetCPUUtilizationPercentage: 80 });
    expect(asV1.json.status).toEqual({ currentReplicas: 0, desiredReplicas: 0 });
  });

  it('removing the v1 CPU target brings the 80% default back', async () => {
    await create('v1', 'h3', { targetCPUUtilizationPercentage: 50 });
    expect((await api('GET', at('v2', 'h3'))).json.spec.metrics).toEqual([cpu(50)]);
    const patched = await api('PATCH', at('v1', 'h3'), { body: { spec: { targetCPUUtilizationPercentage: null } }, headers: merge });
    expect(patched.json.spec.targetCPUUtilizationPercentage).toBe(80);
    expect((await api('GET', at('v2', 'h3'))).json.spec.metrics).toEqual([cpu(80)]);
  });

  it('v2 metrics, behavior, current metrics and conditions travel through v1 in kube\'s round-trip annotations', async () => {
    const spec = {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "d"}, "minReplicas": 2, "maxReplicas": 9, "metrics": [{"type": "Resource", "resource": {"name": "memory", "target": {"type": "AverageValue", "averageValue": "100Mi"}}}, {"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 60}}}, {"type": "Pods", "pods": {"metric": {"name": "qps", "selector": {"matchLabels": {"a": "b"}}}, "target": {"type": "AverageValue", "averageValue": "1k"}}}, {"type": "Object", "object": {"describedObject": {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "name": "i"}, "metric": {"name": "rps"}, "target": {"type": "Value", "value": "10"}}}, {"type": "External", "external": {"metric": {"name": "queue"}, "target": {"type": "AverageValue", "averageValue": "30"}}}, {"type": "ContainerResource", "containerResource": {"name": "cpu", "container": "app", "target": {"type": "Utilization", "averageUtilization": 70}}}], "behavior": {"scaleDown": {"stabilizationWindowSeconds": 60, "policies": [{"type": "Percent", "value": 10, "periodSeconds": 60}]}}};
    expect((await create('v2', 'rich', spec, { annotations: { keep: 'me' } })).status).toBe(201);
    const status = {"status": {"observedGeneration": 1, "lastScaleTime": "2024-01-01T00:00:00Z", "currentReplicas": 3, "desiredReplicas": 4, "currentMetrics": [{"type": "Resource", "resource": {"name": "cpu", "current": {"averageUtilization": 55, "averageValue": "100m"}}}, {"type": "Pods", "pods": {"metric": {"name": "qps"}, "current": {"averageValue": "900"}}}, {"type": "Object", "object": {"describedObject": {"kind": "Ingress", "name": "i"}, "metric": {"name": "rps"}, "current": {"value": "8"}}}, {"type": "External", "external": {"metric": {"name": "queue"}, "current": {"averageValue": "20", "value": "40"}}}, {"type": "ContainerResource", "containerResource": {"name": "cpu", "container": "app", "current": {"averageUtilization": 30}}}], "conditions": [{"type": "AbleToScale", "status": "True", "lastTransitionTime": "2024-01-01T00:00:00Z", "reason": "Ready", "message": "ok"}]}};
    expect((await api('PATCH', `${at('v2', 'rich')}/status`, { body: status, headers: merge })).status).toBe(200);
    const asV1 = await api('GET', at('v1', 'rich'));
    expect(asV1.json.metadata.annotations).toEqual({"autoscaling.alpha.kubernetes.io/behavior": "{\"ScaleUp\":{\"StabilizationWindowSeconds\":0,\"SelectPolicy\":\"Max\",\"Policies\":[{\"Type\":\"Pods\",\"Value\":4,\"PeriodSeconds\":15},{\"Type\":\"Percent\",\"Value\":100,\"PeriodSeconds\":15}]},\"ScaleDown\":{\"StabilizationWindowSeconds\":60,\"SelectPolicy\":\"Max\",\"Policies\":[{\"Type\":\"Percent\",\"Value\":10,\"PeriodSeconds\":60}]}}", "autoscaling.alpha.kubernetes.io/conditions": "[{\"type\":\"AbleToScale\",\"status\":\"True\",\"lastTransitionTime\":\"2024-01-01T00:00:00Z\",\"reason\":\"Ready\",\"message\":\"ok\"}]", "autoscaling.alpha.kubernetes.io/current-metrics": "[{\"type\":\"Resource\",\"resource\":{\"name\":\"cpu\",\"currentAverageUtilization\":55,\"currentAverageValue\":\"100m\"}},{\"type\":\"Pods\",\"pods\":{\"metricName\":\"qps\",\"currentAverageValue\":\"900\"}},{\"type\":\"Object\",\"object\":{\"target\":{\"kind\":\"Ingress\",\"name\":\"i\"},\"metricName\":\"rps\",\"currentValue\":\"8\"}},{\"type\":\"External\",\"external\":{\"metricName\":\"queue\",\"currentValue\":\"40\",\"currentAverageValue\":\"20\"}},{\"type\":\"ContainerResource\",\"containerResource\":{\"name\":\"cpu\",\"currentAverageUtilization\":30,\"currentAverageValue\":\"0\",\"container\":\"app\"}}]", "autoscaling.alpha.kubernetes.io/metrics": "[{\"type\":\"Resource\",\"resource\":{\"name\":\"memory\",\"targetAverageValue\":\"100Mi\"}},{\"type\":\"Pods\",\"pods\":{\"metricName\":\"qps\",\"targetAverageValue\":\"1k\",\"selector\":{\"matchLabels\":{\"a\":\"b\"}}}},{\"type\":\"Object\",\"object\":{\"target\":{\"kind\":\"Ingress\",\"name\":\"i\",\"apiVersion\":\"networking.k8s.io/v1\"},\"metricName\":\"rps\",\"targetValue\":\"10\"}},{\"type\":\"External\",\"external\":{\"metricName\":\"queue\",\"targetAverageValue\":\"30\"}},{\"type\":\"ContainerResource\",\"containerResource\":{\"name\":\"cpu\",\"targetAverageUtilization\":70,\"container\":\"app\"}}]", "keep": "me"});
    expect(asV1.json.spec).toEqual({"scaleTargetRef": target, "minReplicas": 2, "maxReplicas": 9, "targetCPUUtilizationPercentage": 60});
    expect(asV1.json.status).toEqual({"observedGeneration": 1, "lastScaleTime": "2024-01-01T00:00:00Z", "currentReplicas": 3, "desiredReplicas": 4, "currentCPUUtilizationPercentage": 55});
    const copy = { ...asV1.json, metadata: { name: 'rich2', annotations: asV1.json.metadata.annotations } };
    expect((await api('POST', at('v1'), { body: copy })).status).toBe(201);
    const back = await api('GET', at('v2', 'rich2'));
    expect(back.json.metadata.annotations).toEqual({ keep: 'me' });
    expect(back.json.spec).toEqual({"scaleTargetRef": target, "minReplicas": 2, "maxReplicas": 9, "metrics": [{"type": "Resource", "resource": {"name": "memory", "target": {"type": "AverageValue", "averageValue": "100Mi"}}}, {"type": "Pods", "pods": {"metric": {"name": "qps", "selector": {"matchLabels": {"a": "b"}}}, "target": {"type": "AverageValue", "averageValue": "1k"}}}, {"type": "Object", "object": {"describedObject": {"kind": "Ingress", "name": "i", "apiVersion": "networking.k8s.io/v1"}, "target": {"type": "Value", "value": "10"}, "metric": {"name": "rps"}}}, {"type": "External", "external": {"metric": {"name": "queue"}, "target": {"type": "AverageValue", "averageValue": "30"}}}, {"type": "ContainerResource", "containerResource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}, "container": "app"}}, {"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 60}}}], "behavior": {"scaleUp": {"stabilizationWindowSeconds": 0, "selectPolicy": "Max", "policies": [{"type": "Pods", "value": 4, "periodSeconds": 15}, {"type": "Percent", "value": 100, "periodSeconds": 15}]}, "scaleDown": {"stabilizationWindowSeconds": 60, "selectPolicy": "Max", "policies": [{"type": "Percent", "value": 10, "periodSeconds": 60}]}}});
    expect(back.json.status).toEqual({"desiredReplicas": 0, "currentMetrics": null});
    const printed = await api('GET', at('v1', 'rich'), { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    expect(printed.json.rows[0].cells[2]).toBe('memory: 100m/100Mi, cpu: <unknown>/60% + 4 more...');
  });
});
