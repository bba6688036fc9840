import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Seal } from '../../platform/result-sealing.ts';

type Db = Kysely<Database> | Transaction<Database>;
// The generated types say Buffer (node-postgres' bytea); both drivers take any Uint8Array.
const bytea = (bytes: Uint8Array) => bytes as Buffer;

// A lab's insurance networks and its NPHIES settings (ADR 0094).

/** The lab's networks with their insurers' names, by the insurers' English names. */
export function networksOfLab(db: Db, labId: string) {
  return db
    .selectFrom('lab_insurance_networks as n')
    .innerJoin('insurers as i', 'i.id', 'n.insurer_id')
    .select([
      'n.insurer_id',
      'i.name_ar',
      'i.name_en',
      'i.nphies_payer_id',
      'i.active as insurer_active',
      'n.all_classes',
      'n.policy_classes',
      'n.updated_at',
    ])
    .where('n.lab_id', '=', labId)
    .orderBy('i.name_en')
    .execute();
}

/** Which of these insurers exist, and whether each is active. */
export function insurersNamed(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('insurers').select(['id', 'nphies_payer_id', 'active']).where('id', 'in', ids).execute();
}

export interface NetworkRow {
  insurerId: string;
  allClasses: boolean;
  policyClasses: string[];
}

/** The lab's networks become exactly `networks`: others removed, these written (a row unchanged is left as it is). */
export async function replaceNetworks(tx: Transaction<Database>, labId: string, networks: readonly NetworkRow[]) {
  const kept = networks.map((network) => network.insurerId);
  let removal = tx.deleteFrom('lab_insurance_networks').where('lab_id', '=', labId);
  if (kept.length > 0) removal = removal.where('insurer_id', 'not in', kept);
  await removal.execute();
  if (networks.length === 0) return;
  await tx
    .insertInto('lab_insurance_networks')
    .values(
      networks.map((network) => ({
        lab_id: labId,
        insurer_id: network.insurerId,
        all_classes: network.allClasses,
        policy_classes: network.policyClasses,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['lab_id', 'insurer_id'])
        .doUpdateSet({
          all_classes: (eb) => eb.ref('excluded.all_classes'),
          policy_classes: (eb) => eb.ref('excluded.policy_classes'),
          updated_at: sql`now()`,
        })
        .where(
          sql<boolean>`(lab_insurance_networks.all_classes, lab_insurance_networks.policy_classes) is distinct from (excluded.all_classes, excluded.policy_classes)`,
        ),
    )
    .execute();
}

/** Approved labs in network for the insurer and the (normalized) class: every class, or this one listed. */
export async function labsInNetwork(db: Db, insurerId: string, policyClass: string): Promise<string[]> {
  const rows = await db
    .selectFrom('lab_insurance_networks as n')
    .innerJoin('user_profiles as p', 'p.id', 'n.lab_id')
    .select('n.lab_id')
    .where('n.insurer_id', '=', insurerId)
    .where('p.approved', '=', true)
    .where((eb) => eb.or([eb('n.all_classes', '=', true), sql<boolean>`${policyClass} = any(n.policy_classes)`]))
    .orderBy('n.lab_id')
    .execute();
  return rows.map((row) => row.lab_id);
}

/** What the form shows of the settings: never the sealed credentials. */
export function settingsShown(db: Db, labId: string) {
  return db
    .selectFrom('lab_nphies_settings')
    .select([
      'provider_license',
      'endpoint_url',
      'certificate_subject',
      'certificate_not_after',
      'certificate_sha256',
      'has_ca',
      'credentials_added_at',
      'updated_at',
    ])
    .where('lab_id', '=', labId)
    .executeTakeFirst();
}

/** The settings with their sealed credentials, for the NPHIES engine. */
export function sealedSettings(db: Db, labId: string) {
  return db
    .selectFrom('lab_nphies_settings')
    .select(['lab_id', 'provider_license', 'endpoint_url', 'sealed_credentials', 'seal_version', 'key_id', 'wrapped_key', 'iv'])
    .where('lab_id', '=', labId)
    .executeTakeFirst();
}

export interface SealedCredentials {
  sealed: Uint8Array;
  seal: Seal;
  certificateSubject: string;
  certificateNotAfter: Date;
  certificateSha256: string;
  hasCa: boolean;
  addedAt: Date;
}

/** Writes the license and the address, and the credentials when new ones are given (with what the form shows of them). */
export async function saveSettings(
  db: Db,
  labId: string,
  settings: { providerLicense: string; endpointUrl: string },
  credentials: SealedCredentials | null,
): Promise<boolean> {
  const plain = { provider_license: settings.providerLicense, endpoint_url: settings.endpointUrl, updated_at: new Date() };
  if (!credentials) {
    const updated = await db.updateTable('lab_nphies_settings').set(plain).where('lab_id', '=', labId).executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }
  const sealed = {
    certificate_subject: credentials.certificateSubject,
    certificate_not_after: credentials.certificateNotAfter,
    certificate_sha256: credentials.certificateSha256,
    has_ca: credentials.hasCa,
    sealed_credentials: bytea(credentials.sealed),
    seal_version: credentials.seal.version,
    key_id: credentials.seal.keyId,
    wrapped_key: bytea(credentials.seal.wrappedKey),
    iv: bytea(credentials.seal.iv),
    credentials_added_at: credentials.addedAt,
  };
  await db
    .insertInto('lab_nphies_settings')
    .values({ lab_id: labId, ...plain, ...sealed })
    .onConflict((conflict) => conflict.column('lab_id').doUpdateSet({ ...plain, ...sealed }))
    .execute();
  return true;
}

/** How many labs' credentials each master key wraps (a rotation checks every key in use is known). */
export function settingsPerKey(db: Db) {
  return db
    .selectFrom('lab_nphies_settings')
    .select(['key_id', (eb) => eb.fn.countAll<string>().as('labs')])
    .groupBy('key_id')
    .execute();
}

/** The data key wrapped anew, guarded by the key it was read under (a server that sealed it meanwhile wins). */
export async function replaceSettingsKey(db: Db, labId: string, readUnder: string, seal: Seal): Promise<boolean> {
  const updated = await db
    .updateTable('lab_nphies_settings')
    .set({ key_id: seal.keyId, wrapped_key: bytea(seal.wrappedKey) })
    .where('lab_id', '=', labId)
    .where('key_id', '=', readUnder)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
