import { it } from 'vitest';
import { typeCheckPolicy } from '../../src/admission/policy/index.js';
const pol = (rules: unknown[], validations: unknown[], extra = {}) => ({ spec: { matchConstraints: { resourceRules: rules }, validations, ...extra } });
const dep = { apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'], operations: ['CREATE'] };
it('probe', () => {
  console.log(JSON.stringify(typeCheckPolicy(pol([dep], [{ expression: 'object.replicas > 1' }])), null, 1));
  console.log(JSON.stringify(typeCheckPolicy(pol([{ ...dep, resources: ['deployments', 'replicasets'] }], [{ expression: 'object.replicas > 1', messageExpression: "object.spec.replica + 'x'" }])), null, 1));
  console.log(JSON.stringify(typeCheckPolicy(pol([dep], [{ expression: 'object.spec.replicas > 1 && object.metadata.name.startsWith("a") && object.spec.template.spec.containers.all(c, c.image != "") && object.metadata.creationTimestamp < now()' }]))));
  console.log(JSON.stringify(typeCheckPolicy(pol([dep], [{ expression: 'object.spec.template.spec.containers.all(c, c.ports.all(p, p.containerPort > 0)) && object.spec.strategy.rollingUpdate.maxSurge == 1 && params.data.x == "a" && variables.r > 1' }], { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, variables: [{ name: 'r', expression: 'object.spec.replicas' }] }))));
  console.log(JSON.stringify(typeCheckPolicy(pol([{ apiGroups: ['apiextensions.k8s.io'], apiVersions: ['v1'], resources: ['customresourcedefinitions'] }], [{ expression: 'object.spec.versions.all(v, v.schema.openAPIV3Schema.type == "object")' }]))));
});
