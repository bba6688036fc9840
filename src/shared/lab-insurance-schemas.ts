import { z } from 'zod';
import { latinDigits } from './digits.ts';
import { oneLine } from './plain-text.ts';
import { validationMessages as m } from './validation-messages.ts';

// A lab's insurance networks and its NPHIES settings (issue #80 item 3, ADR 0094): what the lab's
// dashboard sends, and the rule by which a person's policy class meets a lab's.

export const POLICY_CLASS_MAX = 40;
/** Classes one network may list: the market's classes (VIP, A, B, C, …) with room to spare. */
export const POLICY_CLASSES_MAX = 20;
/** Insurers one lab may list. */
export const LAB_NETWORKS_MAX = 60;
export const PROVIDER_LICENSE_MAX = 40;
export const ENDPOINT_URL_MAX = 300;
export const CERTIFICATE_PEM_MAX = 16_000;
export const PRIVATE_KEY_PEM_MAX = 16_000;
export const CA_PEM_MAX = 64_000;

/** The classes most Saudi policies name (CCHI's unified policy and the insurers' own), offered as choices. */
export const commonPolicyClasses = ['VIP', 'A', 'B', 'C', 'D'] as const;

/**
 * A class as both sides compare it: Latin digits, one space between words, upper case. "vip", "VIP " and
 * "Vip" are one class; a lab and a card that write a class alike meet.
 */
export function normalizePolicyClass(value: string): string {
  return latinDigits(oneLine(value)).trim().replace(/\s+/g, ' ').toUpperCase();
}

const policyClass = z
  .string({ error: m.required })
  .transform(normalizePolicyClass)
  .pipe(z.string().min(1, m.required).max(POLICY_CLASS_MAX, m.tooLong));

export const labNetworkInput = z
  .object({
    insurerId: z.uuid(),
    /** In network for every class of the insurer's policies; otherwise for `policyClasses` alone. */
    allClasses: z.boolean(),
    policyClasses: z
      .array(policyClass)
      .max(POLICY_CLASSES_MAX, m.tooLong)
      .transform((classes) => [...new Set(classes)]),
  })
  .refine((network) => network.allClasses || network.policyClasses.length > 0, {
    path: ['policyClasses'],
    message: m.required,
  })
  .transform((network) => ({ ...network, policyClasses: network.allClasses ? [] : network.policyClasses }));
export type LabNetworkInput = z.infer<typeof labNetworkInput>;

export const saveLabNetworksInput = z
  .object({ networks: z.array(labNetworkInput).max(LAB_NETWORKS_MAX, m.tooLong) })
  .refine((input) => new Set(input.networks.map((network) => network.insurerId)).size === input.networks.length, {
    path: ['networks'],
    message: m.invalid,
  });

/** Loopback addresses, where a development server (the fake NPHIES) answers over plain http. */
const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?(\/|$)/i;

/** The address NPHIES gave the lab: https, or plain http on this machine (development: `npm run fake:nphies`). */
const endpointUrl = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(ENDPOINT_URL_MAX, m.tooLong)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'https:' || LOOPBACK.test(value)) && !url.username && !url.password;
  }, 'nphies_endpoint');

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=\s]+?\s*-----END CERTIFICATE-----/g;
const PEM_PRIVATE_KEY = /^-----BEGIN (RSA |EC )?PRIVATE KEY-----\s*[A-Za-z0-9+/=\s]+?\s*-----END \1PRIVATE KEY-----$/;

/** One or more certificates, and nothing else but white space between them. */
function isCertificates(value: string, most: number): boolean {
  const blocks = value.match(PEM_CERTIFICATE) ?? [];
  return blocks.length >= 1 && blocks.length <= most && value.replace(PEM_CERTIFICATE, '').trim() === '';
}

const pem = (max: number) =>
  z
    .string({ error: m.required })
    .max(max, m.tooLong)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, m.required));

/** The client certificate and its key, and the CA chain it trusts NPHIES's server by, as the engine opens them. */
export interface NphiesCredentials {
  clientCertPem: string;
  clientKeyPem: string;
  caPem: string | null;
}

/**
 * The license number and the address, and new credentials when the lab replaces them (required the first
 * time): the certificate and its key together, the CA chain only with them. Each PEM a field of its own,
 * so the form says which one is wrong.
 */
export const saveNphiesSettingsInput = z
  .object({
    providerLicense: z
      .string({ error: m.required })
      .transform((value) => latinDigits(value).trim())
      .pipe(
        z
          .string()
          .min(1, m.required)
          .max(PROVIDER_LICENSE_MAX, m.tooLong)
          .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, m.invalid),
      ),
    endpointUrl,
    clientCertPem: pem(CERTIFICATE_PEM_MAX)
      .refine((value) => isCertificates(value, 1), 'pem_certificate')
      .optional(),
    clientKeyPem: pem(PRIVATE_KEY_PEM_MAX)
      .refine((value) => !value.includes('ENCRYPTED'), 'pem_key_encrypted')
      .refine((value) => value.includes('ENCRYPTED') || PEM_PRIVATE_KEY.test(value), 'pem_private_key')
      .optional(),
    caPem: z
      .string()
      .max(CA_PEM_MAX, m.tooLong)
      .transform((value) => value.replace(/\r\n?/g, '\n').trim() || null)
      .refine((value) => value === null || isCertificates(value, 10), 'pem_certificate')
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((input) => input.clientCertPem === undefined || input.clientKeyPem !== undefined, { path: ['clientKeyPem'], message: m.required })
  .refine((input) => input.clientKeyPem === undefined || input.clientCertPem !== undefined, {
    path: ['clientCertPem'],
    message: m.required,
  })
  .refine((input) => input.caPem === null || input.clientCertPem !== undefined, { path: ['clientCertPem'], message: m.required });
export type SaveNphiesSettingsInput = z.infer<typeof saveNphiesSettingsInput>;

/** Why NPHIES settings were refused past their form (details.reason of NPHIES_SETTINGS_REFUSED). */
export const nphiesSettingsRefusals = [
  'credentials_required',
  'certificate_unreadable',
  'certificate_expired',
  'key_unreadable',
  'key_mismatch',
  'ca_unreadable',
  'endpoint_not_allowed',
] as const;
export type NphiesSettingsRefusal = (typeof nphiesSettingsRefusals)[number];
