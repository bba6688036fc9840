import { type Kysely, sql, type Transaction } from 'kysely';
import type { FamilyMemberInput } from '../../../shared/family.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const columns = [
  'id',
  'name',
  'relation',
  'sex',
  'date_of_birth',
  'national_id',
  'national_id_verified_at',
  'national_id_name_ar',
  'national_id_name_en',
  'created_at',
] as const;

/** The account's family members still on its list, oldest first. */
export function listMembers(db: Db, accountId: string) {
  return db
    .selectFrom('family_members')
    .select(columns)
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function insertMember(db: Db, accountId: string, input: FamilyMemberInput) {
  return db
    .insertInto('family_members')
    .values({
      account_id: accountId,
      name: input.name,
      relation: input.relation,
      sex: input.sex,
      date_of_birth: input.dateOfBirth,
      national_id: input.nationalId || null,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** Changes a member of the account's list; undefined when it is not one. */
export function updateMember(db: Db, accountId: string, id: string, input: FamilyMemberInput, now: Date) {
  return db
    .updateTable('family_members')
    .set((eb) => {
      const nationalId = input.nationalId || null;
      // A changed number is no longer the one Nafath verified (ADR 0096).
      const changed = sql<boolean>`national_id is distinct from ${nationalId}`;
      return {
        name: input.name,
        relation: input.relation,
        sex: input.sex,
        date_of_birth: input.dateOfBirth,
        national_id: nationalId,
        national_id_verified_at: eb.case().when(changed).then(null).else(eb.ref('national_id_verified_at')).end(),
        national_id_name_ar: eb.case().when(changed).then(null).else(eb.ref('national_id_name_ar')).end(),
        national_id_name_en: eb.case().when(changed).then(null).else(eb.ref('national_id_name_en')).end(),
        updated_at: now,
      };
    })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}

/**
 * Takes a member off the account's list: deleted when no booking names them, else kept off the list
 * (their bookings and results keep their name). Whether it was one of the account's members.
 */
export async function removeMember(tx: Transaction<Database>, accountId: string, id: string, now: Date): Promise<boolean> {
  const member = await tx
    .selectFrom('family_members')
    .select('id')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!member) return false;
  const booked = await tx.selectFrom('bookings').select('id').where('family_member_id', '=', id).limit(1).executeTakeFirst();
  if (booked)
    await tx
      .updateTable('family_members')
      .set({ removed_at: now, national_id: null, national_id_verified_at: null, national_id_name_ar: null, national_id_name_en: null })
      .where('id', '=', id)
      .execute();
  else await tx.deleteFrom('family_members').where('id', '=', id).execute();
  return true;
}

/** How many of `ids` are members on the account's list. */
export async function countOwnMembers(db: Db, accountId: string, ids: string[]): Promise<number> {
  const row = await db
    .selectFrom('family_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every member the account ever had, removed ones too: for its data export. */
export function allMembers(db: Db, accountId: string) {
  return db
    .selectFrom('family_members')
    .select([...columns, 'removed_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
}

export async function deleteAllMembers(tx: Transaction<Database>, accountId: string) {
  await tx.deleteFrom('family_members').where('account_id', '=', accountId).execute();
}

/** The names of the account's members among `ids` (removed ones too: a booking keeps its patient's name). */
export function memberNames(db: Db, accountId: string, ids: string[]) {
  return db.selectFrom('family_members').select(['id', 'name']).where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** The account's row locked for the caller's transaction: its family changes go one at a time. */
export async function lockAccount(tx: Transaction<Database>, accountId: string) {
  await tx.selectFrom('users').select('id').where('id', '=', accountId).forUpdate().execute();
}
