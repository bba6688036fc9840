import { type Kysely, sql, type Transaction } from 'kysely';
import type { NafathRequestStatus } from '../../../shared/identity.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose number a request is for: the account holder (no member) or one of their family members. */
export interface Person {
  userId: string;
  familyMemberId: string | null;
}

const requestColumns = [
  'id',
  'user_id',
  'family_member_id',
  'national_id',
  'trans_id',
  'random',
  'status',
  'expires_at',
  'name_ar',
  'name_en',
  'approved_at',
  'last_polled_at',
  'created_at',
] as const;

export type NafathRequestRow = Awaited<ReturnType<typeof requestOf>> & {};

/** The account holder's number and its verification. */
export function holderIdentity(db: Db, userId: string) {
  return db
    .selectFrom('user_profiles')
    .select(['national_id', 'national_id_verified_at', 'national_id_name_ar', 'national_id_name_en'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** One of the account's members still on its list, with their number, its verification and their date of birth. */
export function memberIdentity(db: Db, userId: string, memberId: string) {
  return db
    .selectFrom('family_members')
    .select(['id', 'national_id', 'national_id_verified_at', 'national_id_name_ar', 'national_id_name_en'])
    .select(sql<string>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'))
    .where('id', '=', memberId)
    .where('account_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** A new number for the account holder: a changed one is no longer verified. */
export async function setHolderNationalId(db: Db, userId: string, nationalId: string | null, now: Date) {
  await db
    .updateTable('user_profiles')
    .set((eb) => {
      const changed = sql<boolean>`national_id is distinct from ${nationalId}`;
      return {
        national_id: nationalId,
        national_id_verified_at: eb.case().when(changed).then(null).else(eb.ref('national_id_verified_at')).end(),
        national_id_name_ar: eb.case().when(changed).then(null).else(eb.ref('national_id_name_ar')).end(),
        national_id_name_en: eb.case().when(changed).then(null).else(eb.ref('national_id_name_en')).end(),
        updated_at: now,
      };
    })
    .where('id', '=', userId)
    .execute();
}

/** The account's row locked for the caller's transaction: its Nafath requests start one at a time. */
export async function lockAccount(tx: Transaction<Database>, userId: string) {
  await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The caller's own request for the same person that Nafath still has open, if any (the newest). */
export function openRequestFor(db: Db, person: Person, nationalId: string, now: Date) {
  return db
    .selectFrom('nafath_requests')
    .select(requestColumns)
    .where(samePerson(person))
    .where('national_id', '=', nationalId)
    .where('status', '=', 'waiting')
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** A newer request for the person replaces those still waiting or to be confirmed. */
export async function replaceOpenRequests(tx: Transaction<Database>, person: Person, now: Date) {
  await tx
    .updateTable('nafath_requests')
    .set({ status: 'replaced', updated_at: now })
    .where(samePerson(person))
    .where('status', 'in', ['waiting', 'completed'])
    .execute();
}

/** The rows of the person's own requests: the holder's (no member), or that member's. */
function samePerson(person: Person) {
  return sql<boolean>`user_id = ${person.userId}::uuid and family_member_id is not distinct from ${person.familyMemberId}::uuid`;
}

export function insertRequest(
  tx: Transaction<Database>,
  request: { id: string; person: Person; nationalId: string; transId: string; random: string; expiresAt: Date },
) {
  return tx
    .insertInto('nafath_requests')
    .values({
      id: request.id,
      user_id: request.person.userId,
      family_member_id: request.person.familyMemberId,
      national_id: request.nationalId,
      trans_id: request.transId,
      random: request.random,
      expires_at: request.expiresAt,
    })
    .returning(requestColumns)
    .executeTakeFirstOrThrow();
}

/** The caller's own request; undefined for anyone else's. */
export function requestOf(db: Db, userId: string, requestId: string) {
  return db
    .selectFrom('nafath_requests')
    .select(requestColumns)
    .where('id', '=', requestId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The request a callback names, by our id and Nafath's transaction together. */
export function requestByTransaction(db: Db, requestId: string, transId: string) {
  return db
    .selectFrom('nafath_requests')
    .select(requestColumns)
    .where('id', '=', requestId)
    .where('trans_id', '=', transId)
    .executeTakeFirst();
}

/** Moves a request on from `from`; whether it was still there (another answer may have come first). */
export async function moveRequest(
  db: Db,
  requestId: string,
  from: NafathRequestStatus,
  to: { status: NafathRequestStatus; nameAr?: string | null; nameEn?: string | null },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('nafath_requests')
    .set({
      status: to.status,
      ...(to.nameAr !== undefined && { name_ar: to.nameAr }),
      ...(to.nameEn !== undefined && { name_en: to.nameEn }),
      updated_at: now,
    })
    .where('id', '=', requestId)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Claims the right to ask Nafath for a waiting request's status: once every `intervalMs` whoever polls. */
export async function claimPoll(db: Db, requestId: string, now: Date, intervalMs: number): Promise<boolean> {
  const result = await db
    .updateTable('nafath_requests')
    .set({ last_polled_at: now })
    .where('id', '=', requestId)
    .where('status', '=', 'waiting')
    .where((eb) => eb.or([eb('last_polled_at', 'is', null), eb('last_polled_at', '<=', new Date(now.getTime() - intervalMs))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markApproved(db: Db, requestId: string, now: Date) {
  await db
    .updateTable('nafath_requests')
    .set({ approved_at: now, updated_at: now })
    .where('id', '=', requestId)
    .where('approved_at', 'is', null)
    .execute();
}

/**
 * The number verified with the name Nafath gave, if the person's number is still the one the request was
 * for; whether it was.
 */
export async function markVerified(
  tx: Transaction<Database>,
  person: Person,
  verified: { nationalId: string; nameAr: string | null; nameEn: string | null; at: Date },
): Promise<boolean> {
  const values = {
    national_id_verified_at: verified.at,
    national_id_name_ar: verified.nameAr,
    national_id_name_en: verified.nameEn,
    updated_at: verified.at,
  };
  const result =
    person.familyMemberId === null
      ? await tx
          .updateTable('user_profiles')
          .set(values)
          .where('id', '=', person.userId)
          .where('national_id', '=', verified.nationalId)
          .executeTakeFirst()
      : await tx
          .updateTable('family_members')
          .set(values)
          .where('id', '=', person.familyMemberId)
          .where('account_id', '=', person.userId)
          .where('removed_at', 'is', null)
          .where('national_id', '=', verified.nationalId)
          .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Every request the account made, for its data export. */
export function allRequests(db: Db, userId: string) {
  return db
    .selectFrom('nafath_requests')
    .select(['id', 'family_member_id', 'national_id', 'status', 'name_ar', 'name_en', 'created_at', 'expires_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** For account deletion, in its transaction: the requests and the holder's number go. */
export async function eraseIdentity(tx: Transaction<Database>, userId: string) {
  await tx.deleteFrom('nafath_requests').where('user_id', '=', userId).execute();
  await tx
    .updateTable('user_profiles')
    .set({ national_id: null, national_id_verified_at: null, national_id_name_ar: null, national_id_name_en: null })
    .where('id', '=', userId)
    .execute();
}
