// Derives data/crd-openapi-template.json from a recording of kube-apiserver's OpenAPI v3 document
// for a custom resource group-version (reference/golden/kube-v1.32.13/089-crd-openapi-v3.json: a
// namespaced Widget of golden.example.com/v1 with a status subresource). Names become
// placeholders, so src/endpoints/openapi/custom-resources.ts can instantiate the document for any CRD version:
//   __GROUP__ golden.example.com      __GROUPID__ goldenExampleCom   __GROUPCAP__ GoldenExampleCom
//   __VERSION__ v1                     __VERSIONCAP__ V1             __PLURAL__ widgets
//   __KIND__ Widget                    __DEF__ com.example.golden.v1 (the definitions' prefix)
// The shared meta.k8s.io schemas are kept as recorded.
//   node scripts/build-crd-openapi.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const recording = JSON.parse(readFileSync(path.join(root, 'reference', 'golden', 'kube-v1.32.13', '089-crd-openapi-v3.json'), 'utf8'));
const body = recording.response.body;
const document = typeof body === 'string' ? JSON.parse(body) : body;

const replacements = [
  ['com.example.golden.v1', '__DEF__'],
  ['/apis/golden.example.com/v1/', '/apis/__GROUP__/__VERSION__/'],
  ['golden.example.com', '__GROUP__'],
  ['goldenExampleCom_v1', '__GROUPID_____VERSION__'],
  ['GoldenExampleComV1', '__GROUPCAP____VERSIONCAP__'],
  ['widgets', '__PLURAL__'],
  ['Widget', '__KIND__'],
];

function templated(value) {
  let text = JSON.stringify(value);
  for (const [from, to] of replacements) text = text.split(from).join(to);
  // The version inside x-kubernetes-group-version-kind entries.
  text = text.replace(/"group":"__GROUP__","version":"v1"/g, '"group":"__GROUP__","version":"__VERSION__"');
  text = text.replace(/"group":"__GROUP__","kind":"([^"]*)","version":"v1"/g, '"group":"__GROUP__","kind":"$1","version":"__VERSION__"');
  return JSON.parse(text);
}

const { schemas } = document.components;
const kindSchema = schemas['com.example.golden.v1.Widget'];
const template = {
  notice: 'Derived by scripts/build-crd-openapi.mjs from a kube-apiserver v1.32.13 recording (Apache License 2.0, The Kubernetes Authors). Do not edit.',
  openapi: document.openapi,
  info: document.info,
  paths: templated(document.paths),
  // The kind's own properties come from the CRD; only the standard ones are templated.
  standardProperties: templated({ apiVersion: kindSchema.properties.apiVersion, kind: kindSchema.properties.kind, metadata: kindSchema.properties.metadata }),
  list: templated(schemas['com.example.golden.v1.WidgetList']),
  metaSchemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => name.startsWith('io.k8s.'))),
};
writeFileSync(path.join(root, 'data', 'crd-openapi-template.json'), `${JSON.stringify(template)}\n`);
console.log('wrote data/crd-openapi-template.json');
