/**
 * Certificate signing requests (printCertificateSigningRequest). AGE is the second column; the
 * descriptions come from certificates/v1beta1, and REQUESTOR's is that of spec.request (the CSR
 * data), not spec.username, as in kube.
 */
import { humanDuration } from '../human-duration.js';
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, listAt, optionalNumberAt, stringAt } from './fields.js';
import { ageOf, nameOf } from './format.js';

/** kube's printCertificateSigningRequest. */
export const certificateSigningRequestPrinter: Printer = {
  columns: [
    nameColumn,
    ageColumn,
    column('SignerName', 'Requested signer for the request. It is a qualified name in the form: `scope-hostname.io/name`. If empty, it will be defaulted:\n 1. If it\'s a kubelet client certificate, it is assigned\n    "kubernetes.io/kube-apiserver-client-kubelet".\n 2. If it\'s a kubelet serving certificate, it is assigned\n    "kubernetes.io/kubelet-serving".\n 3. Otherwise, it is assigned "kubernetes.io/legacy-unknown".\nDistribution of trust for signers happens out of band. You can select on this field using `spec.signerName`.'),
    column('Requestor', 'Base64-encoded PKCS#10 CSR data'),
    column('RequestedDuration', 'expirationSeconds is the requested duration of validity of the issued certificate. The certificate signer may issue a certificate with a different validity duration so a client must check the delta between the notBefore and and notAfter fields in the issued certificate to determine the actual duration.\n\nThe v1.22+ in-tree implementations of the well-known Kubernetes signers will honor this field as long as the requested duration is not greater than the maximum duration they will honor per the --cluster-signing-duration CLI flag to the Kubernetes controller manager.\n\nCertificate signers may not honor this field for various reasons:\n\n  1. Old signer that is unaware of the field (such as the in-tree\n     implementations prior to v1.22)\n  2. Signer whose configured maximum is shorter than the requested duration\n  3. Signer whose configured minimum is longer than the requested duration\n\nThe minimum valid value for expirationSeconds is 600, i.e. 10 minutes.'),
    column('Condition', 'Conditions applied to the request, such as approval or denial.'),
  ],
  cells: (request, now) => {
    const seconds = optionalNumberAt(request, 'spec', 'expirationSeconds');
    return [
      nameOf(request), ageOf(request, now), stringAt(request, 'spec', 'signerName') || '<none>', stringAt(request, 'spec', 'username'),
      seconds === undefined ? '<none>' : humanDuration(seconds * 1000), requestCondition(request),
    ];
  },
};

/** extractCSRStatus: Denied over Approved over Pending, then `,Failed` and `,Issued` when they apply. */
function requestCondition(request: unknown): string {
  const types = new Set(listAt(request, 'status', 'conditions').map((condition) => stringAt(condition, 'type')));
  let status = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) status += ',Failed';
  if (stringAt(request, 'status', 'certificate') !== '') status += ',Issued';
  return status;
}
