/**
 * Pod volumes and volume mounts, after pkg/apis/core/validation ValidateVolumes,
 * validateVolumeSource and ValidateVolumeMounts (kube v1.32). Each source's own rules are kept for
 * the common sources (emptyDir, hostPath, secret, configMap, persistentVolumeClaim, nfs,
 * downwardAPI, projected, csi, ephemeral); the others are only counted.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1123Label } from '../../apimachinery/validation/names.js';
import { asRecord, asRecords, asText, type JsonRecord } from '../json-values.js';
import { volumeSourceOrder } from './pod-schema.js';

const fileModeMessage = 'must be a number between 0 and 0777 (octal), both inclusive';
const hostPathTypes = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];

/** ValidateVolumes: the names of the valid volumes and the errors of the others. */
export function validateVolumes(volumes: unknown, path: string): { names: Set<string>; errors: FieldError[] } {
  const names = new Set<string>();
  const errors: FieldError[] = [];
  asRecords(volumes).forEach((volume, index) => {
    const itemPath = `${path}[${index}]`;
    const name = asText(volume.name);
    const volumeErrors = validateVolumeSource(volume, itemPath);
    if (!name) volumeErrors.push(fieldError.required(`${itemPath}.name`));
    else volumeErrors.push(...isDNS1123Label(name).map((message) => fieldError.invalid(`${itemPath}.name`, name, message)));
    if (names.has(name)) volumeErrors.push(fieldError.duplicate(`${itemPath}.name`, name));
    // Only a volume without errors counts as declared, so mounts of a broken volume also fail.
    if (volumeErrors.length === 0) names.add(name);
    errors.push(...volumeErrors);
  });
  return { names, errors };
}

/** validateVolumeSource: exactly one source, checked by its own rules. */
function validateVolumeSource(volume: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  let count = 0;
  for (const source of volumeSourceOrder) {
    const value = asRecord(volume[source]);
    if (!value) continue;
    // kube misspells one path here: a second downwardAPI source is reported as `downwarAPI`.
    const reportedName = source === 'downwardAPI' ? 'downwarAPI' : source;
    if (count++ > 0) errors.push(fieldError.forbidden(`${path}.${reportedName}`, 'may not specify more than 1 volume type'));
    else errors.push(...(sourceChecks[source]?.(value, `${path}.${source}`) ?? []));
  }
  if (count === 0) errors.push(fieldError.required(path, 'must specify a volume type'));
  return errors;
}

type SourceCheck = (source: JsonRecord, path: string) => FieldError[];

const required = (source: JsonRecord, key: string, path: string): FieldError[] =>
  asText(source[key]) ? [] : [fieldError.required(`${path}.${key}`)];

const sourceChecks: Partial<Record<string, SourceCheck>> = {
  hostPath: (source, path) => {
    if (!asText(source.path)) return [fieldError.required(`${path}.path`)];
    const errors = validateNoBacksteps(asText(source.path), `${path}.path`);
    if (source.type !== undefined && !hostPathTypes.includes(asText(source.type))) {
      errors.push(fieldError.notSupported(`${path}.type`, source.type, hostPathTypes));
    }
    return errors;
  },
  secret: (source, path) => [...required(source, 'secretName', path), ...validateModes(source, path)],
  configMap: (source, path) => [...required(source, 'name', path), ...validateModes(source, path)],
  persistentVolumeClaim: (source, path) => required(source, 'claimName', path),
  nfs: (source, path) => {
    const errors = [...required(source, 'server', path), ...required(source, 'path', path)];
    if (!asText(source.path).startsWith('/')) errors.push(fieldError.invalid(`${path}.path`, asText(source.path), 'must be an absolute path'));
    return errors;
  },
  downwardAPI: (source, path) => validateDefaultMode(source, path),
  projected: (source, path) => validateDefaultMode(source, path),
  csi: (source, path) => required(source, 'driver', path),
  ephemeral: (source, path) => (asRecord(source.volumeClaimTemplate) ? [] : [fieldError.required(`${path}.volumeClaimTemplate`)]),
};

function validateDefaultMode(source: JsonRecord, path: string): FieldError[] {
  const mode = source.defaultMode;
  return typeof mode === 'number' && (mode < 0 || mode > 0o777) ? [fieldError.invalid(`${path}.defaultMode`, mode, fileModeMessage)] : [];
}

/** Default mode, then each item's key, path and mode (validateKeyToPath). */
function validateModes(source: JsonRecord, path: string): FieldError[] {
  const errors = validateDefaultMode(source, path);
  asRecords(source.items).forEach((item, index) => {
    const itemPath = `${path}.items[${index}]`;
    errors.push(...required(item, 'key', itemPath), ...required(item, 'path', itemPath));
    errors.push(...validateLocalNonReservedPath(asText(item.path), `${itemPath}.path`));
    const mode = item.mode;
    if (typeof mode === 'number' && (mode < 0 || mode > 0o777)) errors.push(fieldError.invalid(`${itemPath}.mode`, mode, fileModeMessage));
  });
  return errors;
}

function validateNoBacksteps(target: string, path: string): FieldError[] {
  return target.split('/').includes('..') ? [fieldError.invalid(path, target, "must not contain '..'")] : [];
}

/** validateLocalDescendingPath: relative, without '..' elements. */
function validateLocalDescendingPath(target: string, path: string): FieldError[] {
  const errors = target.startsWith('/') ? [fieldError.invalid(path, target, 'must be a relative path')] : [];
  return [...errors, ...validateNoBacksteps(target, path)];
}

/** ValidateLocalNonReservedPath: also may not start with '..'. */
function validateLocalNonReservedPath(target: string, path: string): FieldError[] {
  const errors = validateLocalDescendingPath(target, path);
  if (target.startsWith('..') && !target.startsWith('../')) errors.push(fieldError.invalid(path, target, "must not start with '..'"));
  return errors;
}

const propagationModes = ['Bidirectional', 'HostToContainer', 'None'];

/** ValidateVolumeMounts: a declared volume, a unique mountPath, a descending subPath. */
export function validateVolumeMounts(mounts: unknown, path: string, volumes: ReadonlySet<string>): FieldError[] {
  const errors: FieldError[] = [];
  const mountPaths = new Set<string>();
  asRecords(mounts).forEach((mount, index) => {
    const itemPath = `${path}[${index}]`;
    const name = asText(mount.name);
    const mountPath = asText(mount.mountPath);
    if (!name) errors.push(fieldError.required(`${itemPath}.name`));
    if (!volumes.has(name)) errors.push(fieldError.notFound(`${itemPath}.name`, name));
    if (!mountPath) errors.push(fieldError.required(`${itemPath}.mountPath`));
    if (mountPaths.has(mountPath)) errors.push(fieldError.invalid(`${itemPath}.mountPath`, mountPath, 'must be unique'));
    mountPaths.add(mountPath);
    // kube's paths for subPath and mountPropagation name the list, not the item.
    const subPath = asText(mount.subPath);
    if (subPath) errors.push(...validateLocalDescendingPath(subPath, `${path}.subPath`));
    const subPathExpr = asText(mount.subPathExpr);
    if (subPathExpr && subPath) errors.push(fieldError.invalid(`${itemPath}.subPathExpr`, subPathExpr, 'subPathExpr and subPath are mutually exclusive'));
    if (subPathExpr) errors.push(...validateLocalDescendingPath(subPathExpr, `${path}.subPathExpr`));
    const propagation = mount.mountPropagation;
    if (propagation !== undefined && !propagationModes.includes(asText(propagation))) {
      errors.push(fieldError.notSupported(`${path}.mountPropagation`, propagation, propagationModes));
    }
  });
  return errors;
}
