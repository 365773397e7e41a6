/**
 * kubectl 1.32 with CustomResourceDefinitions against a real local server: a CRD is served as
 * soon as it is Established (discovery, short names, printer columns, explain from OpenAPI v3),
 * custom resources are validated by schema and CEL (transition rules included) with kube's
 * messages, server-side apply merges list-type=map lists by key, and deleting the CRD removes
 * its objects and its type.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Kubectl, kubectlFor } from './kubectl.js';
import { eventually } from './waiting.js';

const serverUrl = inject('serverUrl');
const group = `e2e${Date.now().toString(36)}.example.com`;
const ns = `crd-${Date.now().toString(36)}`;
const scratch = mkdtempSync(path.join(tmpdir(), 'edge-crd-'));
let k: Kubectl;

function file(name: string, text: string): string {
  const target = path.join(scratch, name);
  writeFileSync(target, text);
  return target;
}

const definition = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: robots.${group}}
spec:
  group: ${group}
  scope: Namespaced
  names: {plural: robots, singular: robot, kind: Robot, shortNames: [rb], categories: [all]}
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    additionalPrinterColumns:
    - {name: Model, type: string, jsonPath: .spec.model}
    - {name: Arms, type: integer, jsonPath: .spec.arms}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            description: What the robot is.
            required: [model]
            x-kubernetes-validations:
            - {rule: "self.model == oldSelf.model", message: "model is immutable"}
            - {rule: "self.arms <= 8", messageExpression: "'a ' + self.model + ' has at most 8 arms'"}
            properties:
              model: {type: string, maxLength: 20, description: The model name.}
              arms: {type: integer, default: 2}
              tools:
                type: array
                maxItems: 10
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string, maxLength: 20}
                    size: {type: integer}
`;

const robot = (name: string, spec: string) => file(`${name}.yaml`, `apiVersion: ${group}/v1\nkind: Robot\nmetadata: {name: ${name}, namespace: ${ns}}\nspec: ${spec}\n`);

beforeAll(async () => {
  k = kubectlFor(serverUrl);
  expect((await k('create', 'namespace', ns)).code).toBe(0);
  expect((await k('apply', '-f', file('crd.yaml', definition))).stdout).toContain(`customresourcedefinition.apiextensions.k8s.io/robots.${group} created`);
  expect((await k('wait', '--for', 'condition=established', `crd/robots.${group}`, '--timeout=30s')).code).toBe(0);
});

describe('a CustomResourceDefinition with kubectl', () => {
  it('is discoverable with its short name and category', async () => {
    expect((await k('api-resources', `--api-group=${group}`)).stdout).toMatch(new RegExp(`^robots +rb +${group.replace(/\./g, '\\.')}/v1 +true +Robot`, 'm'));
    await k('create', '-f', robot('r1', '{model: T800, arms: 2}'));
    expect((await k('get', 'rb', '-n', ns, '--no-headers')).stdout).toMatch(/^r1 +T800 +2/m);
    expect((await k('get', 'all', '-n', ns)).stdout).toContain(`robot.${group}/r1`);
  });

  it('is explained from its OpenAPI document', async () => {
    // /openapi/v3 answers 304 within the second it last changed, as kube-openapi does: kubectl's index
    // cached in the second the CRD appeared stays valid until the next (tenancy.test.ts, docs/identity.md).
    const explain = () => k('explain', `robots.spec.model`, `--api-version=${group}/v1`);
    await eventually(async () => (await explain()).stdout.includes('The model name.'));
    expect((await explain()).stdout).toContain('The model name.');
  });

  it('refuses invalid robots with kube\'s messages, CEL transition rules included', async () => {
    const tooMany = await k('create', '-f', robot('r2', '{model: R2, arms: 9}'));
    expect(tooMany.stderr).toContain(`The Robot "r2" is invalid: spec: Invalid value: "object": a R2 has at most 8 arms`);
    const longName = await k('create', '-f', robot('r3', '{model: ThisModelNameIsFarTooLong}'));
    expect(longName.stderr).toContain('spec.model: Too long: may not be more than 20 bytes');
    const changed = await k('patch', 'robot', 'r1', '-n', ns, '--type=merge', '-p', '{"spec":{"model":"T1000"}}');
    expect(changed.stderr).toContain('spec: Invalid value: "object": model is immutable');
  });

  it('merges a list-type=map list by key under server-side apply', async () => {
    await k('apply', '--server-side', '--field-manager=a', '-f', robot('r4', '{model: K9, tools: [{name: drill, size: 1}]}'));
    await k('apply', '--server-side', '--field-manager=b', '-f', robot('r4', '{model: K9, tools: [{name: saw, size: 2}]}'));
    const tools = (await k('get', 'robot', 'r4', '-n', ns, '-o', 'jsonpath={.spec.tools[*].name}')).stdout;
    expect(tools).toBe('drill saw');
  });

  it('takes its objects and its type with it when deleted', async () => {
    expect((await k('delete', 'crd', `robots.${group}`, '--timeout=60s')).stdout).toContain('deleted');
    await eventually(async () => !(await k('api-resources', `--api-group=${group}`)).stdout.includes('robots'));
    const gone = await k('get', '--raw', `/apis/${group}/v1/namespaces/${ns}/robots/r1`);
    expect(gone.code).not.toBe(0);
  });
});
