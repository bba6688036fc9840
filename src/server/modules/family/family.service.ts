import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { FamilyMemberInput } from '../../../shared/family.ts';
import type { Database } from '../../db/schema.ts';
import { forgetMemberInsurance } from '../insurance/insurance.service.ts';
import type { BlobStore } from '../result-files/result-files.service.ts';
import * as repo from './family.repository.ts';

/** The cap on one account's list: a household, not a clinic. */
export const MAX_FAMILY_MEMBERS = 20;

type MemberRow = Awaited<ReturnType<typeof repo.listMembers>>[number];

function present(row: MemberRow) {
  return {
    id: row.id,
    name: row.name,
    relation: row.relation as FamilyMemberInput['relation'],
    sex: row.sex as FamilyMemberInput['sex'],
    date_of_birth: dateOnly(row.date_of_birth),
    national_id: row.national_id,
    /** Nafath verified the number, with the name it gave (ADR 0096); null until then. */
    verified: row.national_id_verified_at
      ? {
          name_ar: row.national_id_name_ar,
          name_en: row.national_id_name_en,
          verified_at: new Date(row.national_id_verified_at).toISOString(),
        }
      : null,
  };
}

/** A `date` column as YYYY-MM-DD, whichever form the driver gives it in. */
function dateOnly(value: Date | string): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

export async function list(db: Kysely<Database>, accountId: string) {
  return (await repo.listMembers(db, accountId)).map(present);
}

export async function add(db: Kysely<Database>, accountId: string, input: FamilyMemberInput) {
  return db.transaction().execute(async (tx) => {
    // Counted under the account's lock, so two adds at once cannot pass the cap together.
    await repo.lockAccount(tx, accountId);
    if ((await repo.listMembers(tx, accountId)).length >= MAX_FAMILY_MEMBERS) throw new AppError('CONFLICT', { limit: MAX_FAMILY_MEMBERS });
    return present(await repo.insertMember(tx, accountId, input));
  });
}

export async function update(db: Kysely<Database>, accountId: string, id: string, input: FamilyMemberInput, now = new Date()) {
  const row = await repo.updateMember(db, accountId, id, input, now);
  // Someone else's member looks exactly like a missing one.
  if (!row) throw new AppError('NOT_FOUND', { entity: 'familyMember' });
  return present(row);
}

export async function remove(db: Kysely<Database>, blobs: BlobStore | undefined, accountId: string, id: string, now = new Date()) {
  const { removed, cardPhoto } = await db.transaction().execute(async (tx) => {
    // Their insurance card goes with them (issue #80), the photo's sealed bytes after the commit.
    const photo = await forgetMemberInsurance(tx, accountId, id);
    return { removed: await repo.removeMember(tx, accountId, id, now), cardPhoto: photo };
  });
  if (!removed) throw new AppError('NOT_FOUND', { entity: 'familyMember' });
  if (cardPhoto) await blobs?.delete(cardPhoto);
  return { removed: true as const };
}

/** A booking may name only members on the booker's own list: anything else is NOT_FOUND. */
export async function assertOwnMembers(db: Kysely<Database> | Transaction<Database>, accountId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if ((await repo.countOwnMembers(db, accountId, unique)) !== unique.length) throw new AppError('NOT_FOUND', { entity: 'familyMember' });
}

/** For the account's data export: every member, removed ones too. */
export async function exportMembers(db: Kysely<Database>, accountId: string) {
  return (await repo.allMembers(db, accountId)).map((row) => ({
    ...present(row),
    created_at: new Date(row.created_at).toISOString(),
    removed_at: row.removed_at && new Date(row.removed_at).toISOString(),
  }));
}

/** For account deletion, in its transaction. */
export function eraseMembers(tx: Transaction<Database>, accountId: string) {
  return repo.deleteAllMembers(tx, accountId);
}

/** Each of the account's members among `ids` by id, with their name: whom a booking's mails name. */
export async function namesOfMembers(db: Kysely<Database> | Transaction<Database>, accountId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  return new Map((await repo.memberNames(db, accountId, unique)).map((row) => [row.id, row.name]));
}
