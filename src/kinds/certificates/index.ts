/**
 * CertificateSigningRequest (certificates.k8s.io/v1, pkg/registry/certificates/certificates
 * strategy.go and pkg/apis/certificates/validation, kube v1.32). The main resource never changes
 * spec or status after create; /approval changes only status.conditions (approvers add Approved
 * or Denied); /status changes the rest of status (signers write status.certificate, may add
 * Failed) but keeps the stored Approved and Denied conditions. Both subresources keep metadata
 * changes, as kube's strategies do (they do not reset ObjectMeta). Not checked here: the PKCS#10
 * request itself and signerName's format.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asRecord, asTexts, orderKeys, type JsonRecord } from '../json-values.js';
import type { KindSemantics, KindSemanticsTable } from '../types.js';
import { certificateInvalid, validateCertificateData } from './csr-certificate.js';
import {
  populateConditionTimestamps, preserveApprovalConditions, tolerancesOf, validateConditionUpdate, validateConditions,
} from './csr-conditions.js';

const knownUsages = [
  'any', 'cert sign', 'client auth', 'code signing', 'content commitment', 'crl sign', 'data encipherment', 'decipher only',
  'digital signature', 'email protection', 'encipher only', 'ipsec end system', 'ipsec tunnel', 'ipsec user', 'key agreement',
  'key encipherment', 'microsoft sgc', 'netscape sgc', 'ocsp signing', 's/mime', 'signing', 'timestamping', 'server auth',
].sort();

const specOf = (csr: JsonRecord): JsonRecord => asRecord(csr.spec) ?? {};
const certificateOf = (csr: JsonRecord): unknown => asRecord(csr.status)?.certificate ?? '';

/** The spec rules of validateCertificateSigningRequest that this server checks (usages, expirationSeconds), tolerating what `old` already had. */
function validateSpec(csr: JsonRecord, old: JsonRecord | null): FieldError[] {
  const errors: FieldError[] = [];
  const usages = asTexts(specOf(csr).usages);
  const oldUsages = old ? asTexts(specOf(old).usages) : [];
  if (!usages.length) errors.push(fieldError.required('spec.usages'));
  if (!oldUsages.some((usage) => !knownUsages.includes(usage))) {
    usages.forEach((usage, index) => {
      if (!knownUsages.includes(usage)) errors.push(fieldError.notSupported(`spec.usages[${index}]`, usage, knownUsages));
    });
  }
  if (new Set(oldUsages).size === oldUsages.length) {
    usages.forEach((usage, index) => {
      if (usages.indexOf(usage) < index) errors.push(fieldError.duplicate(`spec.usages[${index}]`, usage));
    });
  }
  const seconds = specOf(csr).expirationSeconds;
  if (typeof seconds === 'number' && seconds < 600) {
    errors.push(fieldError.invalid('spec.expirationSeconds', seconds, 'may not specify a duration less than 600 seconds (10 minutes)'));
  }
  return errors;
}

/** validateCertificateSigningRequestUpdate for /status (`approval` false) or /approval (true). */
function validateSubresourceUpdate(csr: JsonRecord, old: JsonRecord, approval: boolean): FieldError[] {
  const errors = [...validateConditions(csr, tolerancesOf(old))];
  const certificate = certificateOf(csr);
  const changed = certificate !== certificateOf(old);
  if (changed && !certificateInvalid(certificateOf(old))) errors.push(...validateCertificateData(certificate));
  errors.push(...validateConditionUpdate(csr, old, approval));
  if (changed && approval) errors.push(fieldError.forbidden('status.certificate', 'updates may not set certificate content'));
  else if (changed && certificateOf(old)) errors.push(fieldError.forbidden('status.certificate', 'updates may not modify existing certificate content'));
  return errors;
}

/** CertificateSigningRequestStatus in kube's field order. */
function orderStatus(csr: JsonRecord): void {
  const status = asRecord(csr.status);
  if (status) orderKeys(status, ['conditions', 'certificate']);
}

export const certificateSigningRequest: KindSemantics = {
  /** The requester's identity replaces whatever the client put in spec (PrepareForCreate). */
  prepareForCreate(object, requester) {
    const spec = (object.spec ??= {}) as JsonRecord;
    for (const key of ['username', 'uid', 'groups', 'extra']) delete spec[key];
    if (!requester) return;
    spec.username = requester.name;
    if (requester.uid) spec.uid = requester.uid;
    if (requester.groups.length) spec.groups = [...requester.groups];
    if (requester.extra && Object.keys(requester.extra).length) spec.extra = structuredClone(requester.extra);
  },
  prepareForUpdate(object, old) {
    object.spec = structuredClone(old.spec);
  },
  validate: (object) => [...validateSpec(object, null), ...validateConditions(object, tolerancesOf(null)), ...validateCertificateData(certificateOf(object))],
  statusUpdateKeepsMetadata: true,
  prepareForStatusUpdate(object, old) {
    object.spec = structuredClone(old.spec);
    preserveApprovalConditions(object, old);
    populateConditionTimestamps(object, old, new Date());
    orderStatus(object);
  },
  validateStatusUpdate: (object, old) => validateSubresourceUpdate(object, old, false),
  approval: {
    prepareForUpdate(object, old) {
      populateConditionTimestamps(object, old, new Date());
      const conditions = asRecord(object.status)?.conditions;
      object.spec = structuredClone(old.spec);
      object.status = { ...structuredClone(old.status ?? {}), conditions };
      if (conditions === undefined) delete (object.status as JsonRecord).conditions;
      orderStatus(object);
    },
    validateUpdate: (object, old) => validateSubresourceUpdate(object, old, true),
  },
};

export const certificatesKinds: KindSemanticsTable = {
  'certificates.k8s.io/CertificateSigningRequest': certificateSigningRequest,
};
