// ConfigMap and Secret semantics against golden 060 (stringData) and cases from kube v1.32's
// pkg/apis/core/validation/validation_test.go (TestValidateConfigMap, TestValidateConfigMapUpdate,
// TestValidateSecret, TestValidateSecretUpdate, TestValidateDockerConfigSecret,
// TestValidateBasicAuthSecret, TestValidateSSHAuthSecret, TestValidateTLSSecret).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import { configMap } from '../../src/kinds/core/config-map.js';
import { secret } from '../../src/kinds/core/secret.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const golden = (name: string) => JSON.parse(readFileSync(`reference/golden/kube-v1.32.13/${name}`, 'utf8'));
const texts = (errors: FieldError[]) => errors.map(fieldErrorText);
const keyMessage =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";
/** Standard base64 of the UTF-8 bytes, as Go encodes []byte. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function decoded(kind: 'ConfigMap' | 'Secret', fields: Record<string, unknown>, metadata: Record<string, unknown> = {}): KubeObject {
  const object: KubeObject = { apiVersion: 'v1', kind, metadata: { name: 'x', namespace: 'ns', ...metadata }, ...structuredClone(fields) };
  (kind === 'Secret' ? secret : configMap).default!(object);
  return object;
}

describe('golden 060: stringData becomes data', () => {
  it('the body after the metadata equals kube\'s, field order included', () => {
    const recording = golden('060-secret-create-stringdata.json');
    const object = decoded('Secret', recording.request.body);
    const { metadata: _metadata, ...body } = object;
    const { metadata: _recorded, ...want } = recording.response.body;
    expect(JSON.stringify(body)).toBe(JSON.stringify(want));
    expect(secret.validate!(object)).toEqual([]);
  });

  it('a stringData key wins over the same data key', () => {
    const object = decoded('Secret', { data: { a: base64('old'), b: base64('kept') }, stringData: { a: 'new' } });
    expect(object.data).toEqual({ a: base64('new'), b: base64('kept') });
    expect(object.stringData).toBeUndefined();
  });
});

describe('ConfigMap validation', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['valid', { data: { 'key.name': 'v', KEY_NAME: 'v' }, binaryData: { bin: base64('x') } }, []],
    ['bad key', { data: { 'a b': 'v' } }, [`data[a b]: Invalid value: "a b": ${keyMessage}`]],
    ['dot-dot key', { data: { '..a': 'v' } }, ["data[..a]: Invalid value: \"..a\": must not start with '..'"]],
    ['key in both maps', { data: { k: 'v' }, binaryData: { k: base64('v') } }, ['data[k]: Invalid value: "k": duplicate of key present in binaryData']],
    ['bad binary key', { binaryData: { '/': base64('v') } }, [`binaryData[/]: Invalid value: "/": ${keyMessage}`]],
    ['over 1 MiB (on the empty path)', { data: { a: 'x'.repeat(1024 * 1024), b: 'y' } }, [': Too long: may not be more than 1048576 bytes']],
  ])('%s', (_name, fields, want) => {
    expect(texts(configMap.validate!(decoded('ConfigMap', fields)))).toEqual(want);
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ['mutable data may change', { data: { a: '1' } }, { data: { a: '2' } }, []],
    ['immutable data may not', { immutable: true, data: { a: '1' } }, { immutable: true, data: { a: '2' } },
      ['data: Forbidden: field is immutable when `immutable` is set']],
    ['immutable may not be unset', { immutable: true, data: { a: '1' } }, { data: { a: '1' } },
      ['immutable: Forbidden: field is immutable when `immutable` is set']],
    ['binaryData too', { immutable: true }, { immutable: true, binaryData: { a: base64('1') } },
      ['binaryData: Forbidden: field is immutable when `immutable` is set']],
  ])('update: %s', (_name, before, after, want) => {
    expect(texts(configMap.validateUpdate!(decoded('ConfigMap', after), decoded('ConfigMap', before)))).toEqual(want);
  });
});

describe('Secret validation', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ['Opaque by default', {}, {}, []],
    ['bad key', { data: { 'a/b': base64('v') } }, {}, [`data[a/b]: Invalid value: "a/b": ${keyMessage}`]],
    ['over 1 MiB of decoded data', { data: { a: base64('x'.repeat(1024 * 1024 + 1)) } }, {}, ['data: Too long: may not be more than 1048576 bytes']],
    ['service account token needs the account name', { type: 'kubernetes.io/service-account-token' }, {},
      ['metadata.annotations[kubernetes.io/service-account.name]: Required value']],
    ['service account token with the name', { type: 'kubernetes.io/service-account-token' }, { annotations: { 'kubernetes.io/service-account.name': 'sa' } }, []],
    ['dockerconfigjson needs its key', { type: 'kubernetes.io/dockerconfigjson' }, {}, ['data[.dockerconfigjson]: Required value']],
    ['dockerconfigjson must be JSON', { type: 'kubernetes.io/dockerconfigjson', data: { '.dockerconfigjson': base64('{x') } }, {},
      ["data[.dockerconfigjson]: Invalid value: \"<secret contents redacted>\": invalid character 'x' looking for beginning of object key string"]],
    ['dockercfg must be an object', { type: 'kubernetes.io/dockercfg', data: { '.dockercfg': base64('[]') } }, {},
      ['data[.dockercfg]: Invalid value: "<secret contents redacted>": json: cannot unmarshal array into Go value of type map[string]interface {}']],
    ['basic-auth needs a username or a password', { type: 'kubernetes.io/basic-auth' }, {}, ['data[username]: Required value', 'data[password]: Required value']],
    ['basic-auth with an empty password', { type: 'kubernetes.io/basic-auth', data: { password: '' } }, {}, []],
    ['ssh-auth needs a non-empty key', { type: 'kubernetes.io/ssh-auth', data: { 'ssh-privatekey': '' } }, {}, ['data[ssh-privatekey]: Required value']],
    ['tls needs both keys', { type: 'kubernetes.io/tls', data: { 'tls.crt': base64('c') } }, {}, ['data[tls.key]: Required value']],
  ])('%s', (_name, fields, metadata, want) => {
    expect(texts(secret.validate!(decoded('Secret', fields, metadata)))).toEqual(want);
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ['type is immutable', { type: 'Opaque' }, { type: 'kubernetes.io/tls', data: { 'tls.crt': '', 'tls.key': '' } },
      ['type: Invalid value: "kubernetes.io/tls": field is immutable']],
    ['immutable data', { immutable: true, data: { a: base64('1') } }, { immutable: true, stringData: { a: '2' } },
      ['data: Forbidden: field is immutable when `immutable` is set']],
    ['the same data through stringData is no change', { immutable: true, data: { a: base64('1') } }, { immutable: true, stringData: { a: '1' } }, []],
  ])('update: %s', (_name, before, after, want) => {
    expect(texts(secret.validateUpdate!(decoded('Secret', after), decoded('Secret', before)))).toEqual(want);
  });
});
