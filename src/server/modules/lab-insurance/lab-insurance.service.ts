import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import {
  type LabNetworkInput,
  type NphiesCredentials,
  type NphiesSettingsRefusal,
  normalizePolicyClass,
  type SaveNphiesSettingsInput,
} from '../../../shared/lab-insurance-schemas.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { resealTable, type SealedTable } from '../../platform/key-rotation.ts';
import {
  type Keyring,
  openFile,
  type ResultKeys,
  rewrapDataKey,
  type Seal,
  sealFile,
  UnknownKeyError,
} from '../../platform/result-sealing.ts';
import { insuranceOfPerson, listInsurers } from '../insurance/insurance.service.ts';
import { endpointPolicyOf, isEndpointAllowed } from '../nphies/nphies.service.ts';
import * as repo from './lab-insurance.repository.ts';
import { checkCredentials } from './nphies-credentials.ts';

// A lab's insurance networks (which insurers, which policy classes) and its NPHIES settings, once per lab
// (issue #80 item 3, ADR 0094). The networks decide search's "covered by my insurance" and its "in network"
// badge; the settings are what the NPHIES engine sends a lab's messages with (nphiesSettingsOf).

// ---------------------------------------------------------------------------------------------
// Networks

/** The lab's networks, and the insurers it may add (the admin's active list). */
export async function labNetworks(db: Kysely<Database>, labId: string) {
  const networks = await repo.networksOfLab(db, labId);
  const insurers = await listInsurers(db, { activeOnly: true });
  return {
    networks: networks.map((network) => ({
      insurer_id: network.insurer_id,
      name_ar: network.name_ar,
      name_en: network.name_en,
      nphies_payer_id: network.nphies_payer_id,
      insurer_active: network.insurer_active,
      all_classes: network.all_classes,
      policy_classes: network.policy_classes,
    })),
    insurers: insurers.map((insurer) => ({
      id: insurer.id,
      name_ar: insurer.name_ar,
      name_en: insurer.name_en,
      nphies_payer_id: insurer.nphies_payer_id,
    })),
  };
}

export type LabNetworks = Awaited<ReturnType<typeof labNetworks>>;

/**
 * The lab's networks become the list given. An insurer must be on the admin's list, and active unless the
 * lab already had it (a network with an insurer the admin has since set aside is kept, not added). Audited.
 */
export async function saveLabNetworks(
  db: Kysely<Database>,
  labId: string,
  actorId: string,
  networks: readonly LabNetworkInput[],
): Promise<LabNetworks> {
  const had = new Set((await repo.networksOfLab(db, labId)).map((network) => network.insurer_id));
  const insurers = new Map(
    (
      await repo.insurersNamed(
        db,
        networks.map((network) => network.insurerId),
      )
    ).map((row) => [row.id, row]),
  );
  for (const network of networks) {
    const insurer = insurers.get(network.insurerId);
    if (!insurer || (!insurer.active && !had.has(network.insurerId))) throw new AppError('NOT_FOUND', { insurerId: network.insurerId });
  }
  await db.transaction().execute(async (tx) => {
    await repo.replaceNetworks(tx, labId, networks);
    await recordAudit(tx, {
      actorId,
      action: 'lab_insurance.networks_save',
      subjectType: 'lab',
      subjectId: labId,
      details: {
        networks: networks.map((network) => ({
          payerId: insurers.get(network.insurerId)?.nphies_payer_id,
          classes: network.allClasses ? 'all' : network.policyClasses,
        })),
      },
    });
  });
  return labNetworks(db, labId);
}

/** An insurer and a class (normalized) as networks are matched by. */
export interface CoverageNetwork {
  insurerId: string;
  policyClass: string;
}

/**
 * The account holder's network to match labs by: their insurer and class while the policy is in force
 * (insurance.service's rule: not past its end in the Kingdom, the insurer still active); null otherwise.
 */
export async function coverageNetworkOf(db: Kysely<Database>, accountId: string, on = new Date()): Promise<CoverageNetwork | null> {
  const insurance = await insuranceOfPerson(db, accountId, null, on);
  if (!insurance?.in_force) return null;
  return { insurerId: insurance.insurer_id, policyClass: normalizePolicyClass(insurance.policy_class) };
}

/** The approved labs in network for the insurer and class, by id. */
export function labsInNetwork(db: Kysely<Database>, network: CoverageNetwork): Promise<string[]> {
  return repo.labsInNetwork(db, network.insurerId, network.policyClass);
}

/**
 * For the "in network" badge: the signed-in account holder's insurer and class with the labs in network
 * for them, or null when they have no insurance in force. Asked apart from search, whose pages are shared
 * by everyone who searches alike.
 */
export async function myNetwork(db: Kysely<Database>, accountId: string, on = new Date()) {
  const insurance = await insuranceOfPerson(db, accountId, null, on);
  if (!insurance?.in_force) return null;
  const labIds = await repo.labsInNetwork(db, insurance.insurer_id, normalizePolicyClass(insurance.policy_class));
  return {
    insurer_name_ar: insurance.insurer_name_ar,
    insurer_name_en: insurance.insurer_name_en,
    policy_class: insurance.policy_class,
    lab_ids: labIds,
  };
}

// ---------------------------------------------------------------------------------------------
// NPHIES settings

/** The NPHIES engine's view of a lab's settings, opened: what is sealed (NphiesCredentials) and the rest. */
export interface NphiesSettings extends NphiesCredentials {
  endpointUrl: string;
  providerLicense: string;
}

const refused = (reason: NphiesSettingsRefusal) => new AppError('NPHIES_SETTINGS_REFUSED', { reason });

/** Sealed to the lab: moved to another lab's row, the credentials do not open. */
const credentialsKey = (labId: string) => `lab-nphies/${labId}`;

function keyringOf(keys: ResultKeys): Keyring {
  if (!keys.keyring) throw new Error('RESULTS_ENCRYPTION_KEY is not set: NPHIES credentials can be neither sealed nor opened');
  return keys.keyring;
}

/** The settings as the lab's form shows them: never a certificate or key, only what is stored and when. */
export async function labNphiesSettings(db: Kysely<Database>, labId: string) {
  const row = await repo.settingsShown(db, labId);
  if (!row) return null;
  return {
    provider_license: row.provider_license,
    endpoint_url: row.endpoint_url,
    certificate_subject: row.certificate_subject,
    certificate_not_after: new Date(row.certificate_not_after).toISOString(),
    certificate_sha256: row.certificate_sha256,
    has_ca: row.has_ca,
    credentials_added_at: new Date(row.credentials_added_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Saves the lab's license number and endpoint, and new credentials when given (required the first time):
 * checked (the key is the certificate's, the certificate has not ended), sealed under the results key, and
 * audited without them. The address's host must be one the operator allows (NPHIES_ENDPOINT_HOSTS: plain http
 * is only ever this machine's, the fake NPHIES, which a public server does not allow).
 */
export async function saveLabNphiesSettings(
  db: Kysely<Database>,
  keys: ResultKeys,
  env: Pick<Env, 'NPHIES_ENDPOINT_HOSTS'>,
  labId: string,
  actorId: string,
  input: SaveNphiesSettingsInput,
  now = new Date(),
) {
  if (!isEndpointAllowed(input.endpointUrl, endpointPolicyOf(env))) throw refused('endpoint_not_allowed');
  const given: NphiesCredentials | null =
    input.clientCertPem && input.clientKeyPem
      ? { clientCertPem: input.clientCertPem, clientKeyPem: input.clientKeyPem, caPem: input.caPem }
      : null;
  if (!given && !(await repo.settingsShown(db, labId))) throw refused('credentials_required');
  let credentials: repo.SealedCredentials | null = null;
  if (given) {
    const facts = checkCredentials(given, now);
    const { caPem } = given;
    const document: NphiesCredentials = given;
    const { ciphertext, seal } = await sealFile(keyringOf(keys), credentialsKey(labId), new TextEncoder().encode(JSON.stringify(document)));
    credentials = {
      sealed: ciphertext,
      seal,
      certificateSubject: facts.subject,
      certificateNotAfter: facts.notAfter,
      certificateSha256: facts.sha256,
      hasCa: caPem !== null,
      addedAt: now,
    };
  }
  await db.transaction().execute(async (tx) => {
    await repo.saveSettings(tx, labId, input, credentials);
    await recordAudit(tx, {
      actorId,
      action: 'lab_insurance.nphies_settings_save',
      subjectType: 'lab',
      subjectId: labId,
      details: {
        providerLicense: input.providerLicense,
        endpointUrl: input.endpointUrl,
        credentialsReplaced: credentials !== null,
        ...(credentials && { certificateSha256: credentials.certificateSha256 }),
      },
    });
  });
  return labNphiesSettings(db, labId);
}

/**
 * For the NPHIES engine: the lab's endpoint, provider license and its credentials opened, or null when the
 * lab has none. A seal that fails its check throws SealBrokenError; a key the configuration lacks, UnknownKeyError.
 */
export async function nphiesSettingsOf(db: Kysely<Database>, keys: ResultKeys, labId: string): Promise<NphiesSettings | null> {
  const row = await repo.sealedSettings(db, labId);
  if (!row) return null;
  const seal: Seal = { version: row.seal_version, keyId: row.key_id, wrappedKey: row.wrapped_key, iv: row.iv };
  const bytes = await openFile(keyringOf(keys), credentialsKey(labId), row.sealed_credentials, seal);
  const document = JSON.parse(new TextDecoder().decode(bytes)) as NphiesCredentials;
  return {
    endpointUrl: row.endpoint_url,
    providerLicense: row.provider_license,
    clientCertPem: document.clientCertPem,
    clientKeyPem: document.clientKeyPem,
    caPem: document.caPem,
  };
}

/** Key ids that wrap a lab's credentials but that the keyring lacks (a rotation must stop before it changes anything). */
export async function missingNphiesKeyIds(db: Kysely<Database>, keyring: Keyring): Promise<string[]> {
  const perKey = await repo.settingsPerKey(db);
  return perKey.flatMap((row) => (keyring.byId.has(row.key_id) ? [] : [row.key_id]));
}

export interface NphiesRotationReport {
  rewrapped: number;
  alreadyCurrent: number;
  /** Labs whose wrapped key no longer unwraps. */
  damaged: string[];
}

/**
 * Part of `npm run keys:rotate`: re-wraps every lab's credentials' data key under the current master key,
 * as result values are; the sealed credentials are not touched. A key id in use that the keyring lacks stops it first.
 */
export async function rotateNphiesKeys(db: Kysely<Database>, keyring: Keyring): Promise<NphiesRotationReport> {
  const perKey = await repo.settingsPerKey(db);
  const unknown = await missingNphiesKeyIds(db, keyring);
  if (unknown.length > 0) throw new UnknownKeyError(unknown, 'NPHIES credentials');
  const sealedSettings: SealedTable<{ lab_id: string; key_id: string; seal_version: number; wrapped_key: Uint8Array; iv: Uint8Array }> = {
    table: 'lab_nphies_settings',
    id: 'lab_id',
    sealed: ['seal_version', 'wrapped_key', 'iv'],
    clear: 'leave',
    batch: 200,
    reseal: async (row) => {
      const seal: Seal = { version: row.seal_version, keyId: row.key_id, wrappedKey: row.wrapped_key, iv: row.iv };
      return repo.replaceSettingsKey(db, row.lab_id, row.key_id, await rewrapDataKey(keyring, seal));
    },
  };
  const { resealed, damaged } = await resealTable(db, sealedSettings, keyring.current.id);
  return {
    rewrapped: resealed,
    alreadyCurrent: Number(perKey.find((row) => row.key_id === keyring.current.id)?.labs ?? 0),
    damaged,
  };
}
