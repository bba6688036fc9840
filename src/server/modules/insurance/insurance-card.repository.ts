import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Seal } from '../../platform/result-sealing.ts';

type Db = Kysely<Database> | Transaction<Database>;

// The insurance card's photo (ADR 0094): a row in result_files' shape, keyed by the person's insurance.

const bytea = (bytes: Uint8Array) => bytes as Buffer;

/** The person's insurance row, locked for the photo's change. */
export function lockPersonInsurance(tx: Transaction<Database>, accountId: string, familyMemberId: string | null) {
  return tx
    .selectFrom('person_insurance')
    .select('id')
    .where('account_id', '=', accountId)
    .$call((query) =>
      familyMemberId === null ? query.where('family_member_id', 'is', null) : query.where('family_member_id', '=', familyMemberId),
    )
    .forUpdate()
    .executeTakeFirst();
}

export function findPhotoOfPerson(db: Db, accountId: string, familyMemberId: string | null) {
  return db
    .selectFrom('insurance_card_photos as photo')
    .innerJoin('person_insurance as p', 'p.id', 'photo.id')
    .select([
      'photo.id',
      'photo.storage_key',
      'photo.content_type',
      'photo.sha256',
      'photo.seal_version',
      'photo.key_id',
      'photo.wrapped_key',
      'photo.iv',
    ])
    .where('p.account_id', '=', accountId)
    .$call((query) =>
      familyMemberId === null ? query.where('p.family_member_id', 'is', null) : query.where('p.family_member_id', '=', familyMemberId),
    )
    .executeTakeFirst();
}

/** Puts the photo in place of the one the card had; the storage key it replaced, if any. */
export async function replacePhoto(
  tx: Transaction<Database>,
  id: string,
  photo: { storage_key: string; content_type: 'application/pdf' | 'image/jpeg' | 'image/png'; size_bytes: number; sha256: string },
  seal: Seal,
) {
  const before = await tx.selectFrom('insurance_card_photos').select('storage_key').where('id', '=', id).executeTakeFirst();
  const sealed = { seal_version: seal.version, key_id: seal.keyId, wrapped_key: bytea(seal.wrappedKey), iv: bytea(seal.iv) };
  await tx
    .insertInto('insurance_card_photos')
    .values({ id, ...photo, ...sealed })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ ...photo, ...sealed }))
    .execute();
  return before?.storage_key ?? null;
}

export async function deletePhoto(db: Db, id: string) {
  const row = await db.deleteFrom('insurance_card_photos').where('id', '=', id).returning('storage_key').executeTakeFirst();
  return row?.storage_key ?? null;
}

export function photosPerKey(db: Db) {
  return db
    .selectFrom('insurance_card_photos')
    .select(['key_id', (eb) => eb.fn.countAll<string>().as('photos')])
    .groupBy('key_id')
    .execute();
}

/** Puts a re-wrapped data key in place, unless the photo was re-wrapped or replaced meanwhile. */
export async function replaceWrappedKey(db: Db, id: string, fromKeyId: string, seal: Seal): Promise<boolean> {
  const result = await db
    .updateTable('insurance_card_photos')
    .set({ key_id: seal.keyId, wrapped_key: bytea(seal.wrappedKey) })
    .where('id', '=', id)
    .where('key_id', '=', fromKeyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
