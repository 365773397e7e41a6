// Fixed credentials for control plane tests and scripts (nothing secret: they sign and protect
// only throwaway loopback clusters): the cluster signing CA kube-controller-manager signs CSRs
// with (--cluster-signing-cert-file/--cluster-signing-key-file, EC P-256, valid 2020-2120), and a
// PKCS#10 request for O=scenario, CN=scenario-user to get signed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const signerCertificate = `-----BEGIN CERTIFICATE-----
MIIBgDCCASegAwIBAgIUaNkCGMmM+xI4ENnrMvk9TSQCcmIwCgYIKoZIzj0EAwIw
LTErMCkGA1UEAwwiZWRnZS1hcGlzZXJ2ZXIgdGVzdCBjbHVzdGVyIHNpZ25lcjAg
Fw0yMDAxMDEwMDAwMDBaGA8yMTIwMDEwMTAwMDAwMFowLTErMCkGA1UEAwwiZWRn
ZS1hcGlzZXJ2ZXIgdGVzdCBjbHVzdGVyIHNpZ25lcjBZMBMGByqGSM49AgEGCCqG
SM49AwEHA0IABG/wiOwf6O6HFvx5le26XhtEh9BHY/xGpBg12VQNMCR5IDxEzNvZ
wMZX6ylhLXod03gkdyI84dXIOpW/wKDh4AKjIzAhMA8GA1UdEwEB/wQFMAMBAf8w
DgYDVR0PAQH/BAQDAgGGMAoGCCqGSM49BAMCA0cAMEQCICNONyCGviK76rb44ZXs
8NBjbg98nWMEJGyrL0yxSka6AiBwj1WWkt0ugQ8f63avEWXVPtq0riRG5Cvsk/Q9
ONf/ag==
-----END CERTIFICATE-----
`;

export const signerKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgPmg8TKpSItwTnhc6
Bm0DZiCgy3o7BsqUuZ65t4FE3gGhRANCAARv8IjsH+juhxb8eZXtul4bRIfQR2P8
RqQYNdlUDTAkeSA8RMzb2cDGV+spYS16HdN4JHciPOHVyDqVv8Cg4eAC
-----END PRIVATE KEY-----
`;

export const scenarioCertificateRequest = `-----BEGIN CERTIFICATE REQUEST-----
MIHlMIGNAgEAMCsxETAPBgNVBAoMCHNjZW5hcmlvMRYwFAYDVQQDDA1zY2VuYXJp
by11c2VyMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAESLbmvbuaCIrSH7EdU5/H
OgEDqNEJrP7Qv0ZUW/Re4sAv8Pfx66heFQscbQdWiRUj+YnIIvwXkdFra4YcnP0h
zKAAMAoGCCqGSM49BAMCA0cAMEQCIAPQrzQcpTQM2a1NhyIud50ZC6gBeKuvjARB
3xI4IlMYAiAuGOgpn3c0ISLTqRIQ6bpW0KrKBLzo2Bj+jp64lm7eOw==
-----END CERTIFICATE REQUEST-----
`;

/** Writes the signer's certificate and key into `dir`; returns their paths. */
export function writeSigner(dir) {
  mkdirSync(dir, { recursive: true });
  const cert = path.join(dir, 'signer.crt');
  const key = path.join(dir, 'signer.key');
  writeFileSync(cert, signerCertificate);
  writeFileSync(key, signerKey, { mode: 0o600 });
  return { cert, key };
}
