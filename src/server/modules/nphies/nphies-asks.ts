import { z } from 'zod';

/**
 * What a caller asks NPHIES, in plain terms (no database rows, no FHIR): the checkout asks about
 * coverage, the lab's dashboard asks for a prior authorization and files the claim. The message
 * builders turn these into the implementation guide's Bundles (ADR 0097).
 */

/** The lab's NPHIES identity and connection, as its settings hold them (sealed at rest by their module). */
export interface NphiesLabSettings {
  /** The lab's `$process-message` endpoint (NPHIES's, or a gateway's the lab uses). */
  endpointUrl: string;
  /** The lab's provider license, as NPHIES knows it (http://nphies.sa/license/provider-license). */
  providerLicense: string;
  /** The client certificate and key NPHIES issued at onboarding, PEM; without them the call is plain HTTPS. */
  clientCertPem?: string;
  clientKeyPem?: string;
  /** The authority that signed NPHIES's server certificate, when not one the runtime trusts. */
  caPem?: string;
}

export interface NphiesParties {
  /** The message's id (MessageHeader.id, a UUID the caller makes): sending it again returns the stored answer. */
  messageId: string;
  /** When the message was made (ISO instant). */
  sentAt: string;
  provider: { license: string; name: string };
  payer: { nphiesId: string; name: string };
  patient: {
    idKind: 'nationalid' | 'iqama';
    idNumber: string;
    /** The name as on the ID, given names first. */
    name: string;
    sex: 'male' | 'female';
    /** YYYY-MM-DD */
    birthDate: string;
  };
  coverage: {
    memberId: string;
    policyClass?: string;
    network?: string;
    relationship: 'self' | 'spouse' | 'child' | 'other';
    /** YYYY-MM-DD, the policy's last day. */
    expiry?: string;
  };
}

/** A test as billed: its billing code in the guide's code system (the lab's services/laboratory code). */
export interface NphiesItem {
  sequence: number;
  code: string;
  /** e.g. http://nphies.sa/terminology/CodeSystem/laboratory */
  system: string;
  display: string;
  /** The price of one, in SAR (two decimals). */
  unitPriceSar: number;
}

export interface EligibilityAsk extends NphiesParties {
  items: NphiesItem[];
  /** YYYY-MM-DD, the visit's day. */
  servicedDate: string;
}

/** A diagnosis the request or claim is for (ICD-10-AM, as NPHIES requires). */
export interface NphiesDiagnosis {
  code: string;
  display: string;
}

export interface PriorAuthAsk extends NphiesParties {
  /** The booking's short reference (TH-…), written as the request's identifier. */
  bookingReference: string;
  items: NphiesItem[];
  servicedDate: string;
  diagnoses: NphiesDiagnosis[];
}

/** One result, sent as the claim's supporting information. */
export interface NphiesResult {
  loinc: string;
  display: string;
  value: number;
  /** UCUM */
  unit: string;
  /** When the value was released (ISO instant). */
  issued: string;
}

export interface ClaimAsk extends NphiesParties {
  bookingReference: string;
  items: NphiesItem[];
  servicedDate: string;
  diagnoses: NphiesDiagnosis[];
  results: NphiesResult[];
  /** The approval's reference when the tests needed one (ClaimResponse.preAuthRef). */
  preAuthRef?: string;
  /** A corrected claim: the message id of the claim it replaces (sent as Claim.related, relationship prior). */
  resubmissionOf?: string;
}

// The asks are checked before anything is built or stored: a call from another module is input too.
const isoDate = z.iso.date();
const text = (max: number) => z.string().trim().min(1).max(max);
const id = z.string().regex(/^[A-Za-z0-9.-]{1,64}$/);

const itemSchema = z.object({
  sequence: z.number().int().min(1).max(999),
  code: text(40),
  system: z.url().max(200),
  display: text(250),
  unitPriceSar: z.number().min(0).max(1_000_000).multipleOf(0.01),
});

const partiesShape = {
  messageId: z.uuid(),
  sentAt: z.iso.datetime({ offset: true }),
  provider: z.object({ license: id, name: text(250) }),
  payer: z.object({ nphiesId: id, name: text(250) }),
  patient: z.object({
    idKind: z.enum(['nationalid', 'iqama']),
    // A national ID starts with 1, an iqama with 2; both are ten digits.
    idNumber: z.string().regex(/^[12][0-9]{9}$/),
    name: text(250),
    sex: z.enum(['male', 'female']),
    birthDate: isoDate,
  }),
  coverage: z.object({
    memberId: id,
    policyClass: text(100).optional(),
    network: text(100).optional(),
    relationship: z.enum(['self', 'spouse', 'child', 'other']),
    expiry: isoDate.optional(),
  }),
  items: z
    .array(itemSchema)
    .min(1)
    .max(50)
    .refine((items) => new Set(items.map((item) => item.sequence)).size === items.length, 'item sequences repeat'),
  servicedDate: isoDate,
};

const idMatchesKind = (ask: NphiesParties) => ask.patient.idNumber.startsWith(ask.patient.idKind === 'nationalid' ? '1' : '2');
const idKindMessage = { message: 'a national ID starts with 1, an iqama with 2', path: ['patient', 'idNumber'] };

const diagnoses = z
  .array(z.object({ code: z.string().regex(/^[A-Z][0-9]{2}(\.[0-9A-Z]{1,4})?$/), display: text(250) }))
  .min(1)
  .max(12);
const bookingReference = text(40);

export const eligibilityAskSchema: z.ZodType<EligibilityAsk> = z.object(partiesShape).refine(idMatchesKind, idKindMessage);

export const priorAuthAskSchema: z.ZodType<PriorAuthAsk> = z
  .object({ ...partiesShape, bookingReference, diagnoses })
  .refine(idMatchesKind, idKindMessage);

export const claimAskSchema: z.ZodType<ClaimAsk> = z
  .object({
    ...partiesShape,
    bookingReference,
    diagnoses,
    results: z
      .array(
        z.object({
          loinc: z.string().regex(/^[0-9]{1,7}-[0-9]$/),
          display: text(250),
          value: z.number().finite(),
          unit: text(40),
          issued: z.iso.datetime({ offset: true }),
        }),
      )
      .max(200),
    preAuthRef: text(40).optional(),
    resubmissionOf: z.uuid().optional(),
  })
  .refine(idMatchesKind, idKindMessage);

const loopback = ['localhost', '127.0.0.1', '[::1]'];

export const labSettingsSchema: z.ZodType<NphiesLabSettings> = z
  .object({
    endpointUrl: z
      .url()
      .max(500)
      .refine((url) => {
        const { protocol, hostname } = new URL(url);
        return protocol === 'https:' || (protocol === 'http:' && loopback.includes(hostname));
      }, 'NPHIES is reached over HTTPS (plain HTTP only on this machine, for the fake)'),
    providerLicense: id,
    clientCertPem: z.string().max(20_000).optional(),
    clientKeyPem: z.string().max(20_000).optional(),
    caPem: z.string().max(50_000).optional(),
  })
  .refine((settings) => !settings.clientCertPem === !settings.clientKeyPem, {
    message: 'a client certificate goes with its key',
    path: ['clientKeyPem'],
  });
