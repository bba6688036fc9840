import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Insurers } from '../../db/database.gen.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

// Insurers (the admin's list, with their NPHIES payer ids) and each person's insurance (ADR 0094).

export function listInsurers(db: Db, { activeOnly }: { activeOnly: boolean }) {
  let query = db.selectFrom('insurers').select(['id', 'nphies_payer_id', 'name_en', 'name_ar', 'active', 'created_at']).orderBy('name_en');
  if (activeOnly) query = query.where('active', '=', true);
  return query.execute();
}

export function findInsurer(db: Db, id: string) {
  return db.selectFrom('insurers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertInsurer(db: Db, row: { nphies_payer_id: string; name_en: string; name_ar: string; active: boolean }) {
  return db
    .insertInto('insurers')
    .values(row)
    .onConflict((conflict) => conflict.column('nphies_payer_id').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function updateInsurer(db: Db, id: string, row: Updateable<Insurers>) {
  return db
    .updateTable('insurers')
    .set({ ...row, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

export function payerIdTaken(db: Db, payerId: string, exceptId: string | null) {
  let query = db.selectFrom('insurers').select('id').where('nphies_payer_id', '=', payerId);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

/**
 * The account's cards with their insurer and whether each is in force on the day `on` falls on in the
 * Kingdom (the policy not past its end, its insurer still listed); a family member's only while they are on
 * the list.
 */
function cardsOf(db: Db, accountId: string, on: Date) {
  return db
    .selectFrom('person_insurance as p')
    .innerJoin('insurers as i', 'i.id', 'p.insurer_id')
    .leftJoin('family_members as f', 'f.id', 'p.family_member_id')
    .leftJoin('insurance_card_photos as photo', 'photo.id', 'p.id')
    .select([
      'p.id',
      'p.family_member_id',
      'p.insurer_id',
      'i.name_en as insurer_name_en',
      'i.name_ar as insurer_name_ar',
      'i.nphies_payer_id',
      'p.member_id',
      'p.policy_class',
      'p.network',
      'p.expires_on',
      'photo.content_type as card_content_type',
      'p.updated_at',
      sql<boolean>`i.active and p.expires_on >= (${on}::timestamptz at time zone 'Asia/Riyadh')::date`.as('in_force'),
    ])
    .where('p.account_id', '=', accountId)
    .where((eb) => eb.or([eb('p.family_member_id', 'is', null), eb('f.removed_at', 'is', null)]));
}

/** The person's insurance: the account holder's (`familyMemberId` null) or one of their family members'. */
export function personInsurance(db: Db, accountId: string, familyMemberId: string | null, on: Date) {
  return cardsOf(db, accountId, on)
    .$call((query) =>
      familyMemberId === null ? query.where('p.family_member_id', 'is', null) : query.where('p.family_member_id', '=', familyMemberId),
    )
    .executeTakeFirst();
}

/** Every card of the account: the holder's and each family member's still on the list. */
export function accountInsurance(db: Db, accountId: string, on: Date) {
  return cardsOf(db, accountId, on).orderBy('p.created_at').execute();
}

export interface PersonInsuranceRow {
  insurer_id: string;
  member_id: string;
  policy_class: string;
  network: string | null;
  expires_on: string;
}

/** Writes the person's card (a new one, or over the one they had, keeping its photo). */
export async function savePersonInsurance(db: Db, accountId: string, familyMemberId: string | null, row: PersonInsuranceRow) {
  const existing = await db
    .selectFrom('person_insurance')
    .select('id')
    .where('account_id', '=', accountId)
    .$call((query) =>
      familyMemberId === null ? query.where('family_member_id', 'is', null) : query.where('family_member_id', '=', familyMemberId),
    )
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('person_insurance')
      .set({ ...row, updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const inserted = await db
    .insertInto('person_insurance')
    .values({ ...row, account_id: accountId, family_member_id: familyMemberId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Deletes the person's card; its photo's storage key (if it had one), for the blob store to forget. */
export async function deletePersonInsurance(db: Db, accountId: string, familyMemberId: string | null) {
  const row = await db
    .selectFrom('person_insurance as p')
    .leftJoin('insurance_card_photos as photo', 'photo.id', 'p.id')
    .select(['p.id', 'photo.storage_key'])
    .where('p.account_id', '=', accountId)
    .$call((query) =>
      familyMemberId === null ? query.where('p.family_member_id', 'is', null) : query.where('p.family_member_id', '=', familyMemberId),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  await db.deleteFrom('person_insurance').where('id', '=', row.id).execute();
  return row;
}

/** The account's cards as its data export gives them (no photo bytes: the export lists the photo). */
export function exportInsurance(db: Db, accountId: string) {
  return db
    .selectFrom('person_insurance as p')
    .innerJoin('insurers as i', 'i.id', 'p.insurer_id')
    .leftJoin('family_members as f', 'f.id', 'p.family_member_id')
    .leftJoin('insurance_card_photos as photo', 'photo.id', 'p.id')
    .select([
      'f.name as family_member_name',
      'i.name_en as insurer',
      'i.nphies_payer_id',
      'p.member_id',
      'p.policy_class',
      'p.network',
      'p.expires_on',
      'photo.content_type as card_content_type',
      'p.created_at',
      'p.updated_at',
    ])
    .where('p.account_id', '=', accountId)
    .orderBy('p.created_at')
    .execute();
}

/** The storage keys of the account's card photos, read before the account's rows go. */
export async function cardStorageKeys(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('insurance_card_photos as photo')
    .innerJoin('person_insurance as p', 'p.id', 'photo.id')
    .select('photo.storage_key')
    .where('p.account_id', '=', accountId)
    .execute();
  return rows.map((row) => row.storage_key);
}

export function deleteAccountInsurance(db: Db, accountId: string) {
  return db.deleteFrom('person_insurance').where('account_id', '=', accountId).execute();
}

/** Whether `familyMemberId` is on the account's list (not another account's, not removed). */
export async function isOwnMember(db: Db, accountId: string, familyMemberId: string) {
  const row = await db
    .selectFrom('family_members')
    .select('id')
    .where('id', '=', familyMemberId)
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
