/**
 * The built-in OpenAPI is kube-apiserver v1.32.13's own (recorded by scripts/record-openapi.mjs
 * into reference/openapi/v3 and reference/golden/kube-v1.32.13-openapi-v2): the documents served
 * under /openapi/v3 are its documents, /openapi/v2's definitions are its definitions, and the
 * compact schemas that validation, pruning and defaults read carry its enums (the issue counted
 * 35 `enum` entries in its apps/v1 document and none in the v1.26 data served before).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { builtinOpenApiDocuments, type BuiltinDocuments } from '../../src/endpoints/openapi/openapi-data.js';
import { swaggerDocument } from '../../src/endpoints/openapi/openapi-v2.js';
import { schemaNamed } from '../../src/schema/index.js';

const nodeModule = (name: string): Promise<any> => import(name);
const { readdirSync, readFileSync } = await nodeModule('node:fs');
const { gunzipSync } = await nodeModule('node:zlib');
const root = new URL('../../', (import.meta as unknown as { url: string }).url);
const recorded = new URL('reference/openapi/v3/', root);

let documents: BuiltinDocuments;
beforeAll(async () => {
  documents = await builtinOpenApiDocuments();
}, 60_000);

/** `apis__apps__v1_openapi.json` -> `apis/apps/v1`. */
const documentPath = (file: string) => file.replace(/_openapi\.json$/, '').split('__').join('/');
const recordedFiles = (): string[] => readdirSync(recorded).filter((file: string) => file.endsWith('_openapi.json'));

describe('/openapi/v3', () => {
  it('publishes the paths kube v1.32.13 publishes', () => {
    expect(Object.keys(documents).sort()).toEqual(recordedFiles().map(documentPath).sort());
  });

  it('serves each of kube v1.32.13\'s documents as it is', () => {
    for (const file of recordedFiles()) {
      expect(JSON.parse(documents[documentPath(file)]!.text), file).toEqual(JSON.parse(readFileSync(new URL(file, recorded), 'utf8')));
    }
  });

  it('has kube\'s 35 enum entries and "Possible enum values" texts in apps/v1', () => {
    const text = documents['apis/apps/v1']!.text;
    expect(text.match(/"enum":/g)?.length).toBe(35);
    expect(text).toContain('Possible enum values:\\n - `\\"Recreate\\"` Kill all existing pods before creating new ones.');
  });
});

describe('/openapi/v2', () => {
  it('has kube v1.32.13\'s definitions', () => {
    const golden = JSON.parse(gunzipSync(readFileSync(new URL('reference/golden/kube-v1.32.13-openapi-v2/openapi-v2.json.gz', root))).toString('utf8'));
    expect(swaggerDocument(documents).definitions).toEqual(golden.definitions);
  });
});

describe('the compact schemas', () => {
  it('carry kube\'s enums', () => {
    expect(schemaNamed('io.k8s.api.apps.v1.DeploymentStrategy')?.properties?.type?.enum).toEqual(['Recreate', 'RollingUpdate']);
  });
});
