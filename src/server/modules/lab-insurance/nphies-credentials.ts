import { createPrivateKey, X509Certificate } from 'node:crypto';
import { AppError } from '../../../shared/errors.ts';
import type { NphiesCredentials, NphiesSettingsRefusal } from '../../../shared/lab-insurance-schemas.ts';

/** What the form shows of a stored certificate, read from it when it is saved. */
export interface CertificateFacts {
  subject: string;
  notAfter: Date;
  sha256: string;
}

const refused = (reason: NphiesSettingsRefusal) => new AppError('NPHIES_SETTINGS_REFUSED', { reason });

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The lab's client certificate and key, checked past their shape (the shared schema's): the certificate
 * parses and has not ended, the key parses (unencrypted) and is the certificate's own
 * (X509Certificate.checkPrivateKey), and every CA certificate parses. A pair that does not match would
 * fail NPHIES's TLS handshake on the first message, long after the lab saved it. Node's crypto (the
 * Worker's nodejs_compat has the same X509Certificate).
 */
export function checkCredentials(credentials: NphiesCredentials, now: Date): CertificateFacts {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(credentials.clientCertPem);
  } catch {
    throw refused('certificate_unreadable');
  }
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey({ key: credentials.clientKeyPem, format: 'pem' });
  } catch {
    throw refused('key_unreadable');
  }
  if (!certificate.checkPrivateKey(key)) throw refused('key_mismatch');
  const notAfter = new Date(certificate.validTo);
  if (Number.isNaN(notAfter.getTime()) || notAfter <= now) throw refused('certificate_expired');
  for (const block of credentials.caPem?.match(CERTIFICATE_BLOCK) ?? []) {
    try {
      new X509Certificate(block);
    } catch {
      throw refused('ca_unreadable');
    }
  }
  return {
    subject: certificate.subject.replace(/\n/g, ', ').slice(0, 500),
    notAfter,
    sha256: certificate.fingerprint256.replace(/:/g, '').toLowerCase(),
  };
}
