import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { PersonInsuranceInput, SaveInsurerInput } from '../../../shared/insurance-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import type { BlobStore } from '../result-files/result-files.service.ts';
import * as repo from './insurance.repository.ts';

// Health insurance (issue #80, ADR 0094): the insurers the admin keeps, and each person's card.

/** The insurers a person or a lab may choose (active ones), or all of them for the admin. */
export function listInsurers(db: Kysely<Database>, { activeOnly }: { activeOnly: boolean }) {
  return repo.listInsurers(db, { activeOnly });
}

/** Adds an insurer or changes one; its NPHIES payer id is one insurer's alone. */
export async function saveInsurer(db: Kysely<Database>, adminId: string, input: SaveInsurerInput) {
  return db.transaction().execute(async (tx) => {
    if (await repo.payerIdTaken(tx, input.nphiesPayerId, input.id ?? null)) {
      throw new AppError('CONFLICT', { field: 'nphiesPayerId' });
    }
    const row = { nphies_payer_id: input.nphiesPayerId, name_en: input.nameEn, name_ar: input.nameAr, active: input.active };
    const saved = input.id ? await repo.updateInsurer(tx, input.id, row) : await repo.insertInsurer(tx, row);
    if (!saved) throw new AppError(input.id ? 'NOT_FOUND' : 'CONFLICT', input.id ? {} : { field: 'nphiesPayerId' });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'insurer.save',
      subjectType: 'insurer',
      subjectId: saved.id,
      details: row,
    });
    return { id: saved.id };
  });
}

/**
 * A person's insurance as a checkout or a search filter needs it: the insurer, member id, class and
 * network, and `in_force` on `on` (the policy's end date not passed in the Kingdom, the insurer active).
 * The account holder's with `familyMemberId` null. Undefined where the person has none.
 */
export function insuranceOfPerson(db: Kysely<Database>, accountId: string, familyMemberId: string | null, on: Date = new Date()) {
  return repo.personInsurance(db, accountId, familyMemberId, on);
}

/** A `date` column as YYYY-MM-DD, whichever form the driver gives it in. */
function dateOnly(value: Date | string): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** The account's cards: the holder's (`family_member_id` null) and its family members'. */
export async function accountInsurance(db: Kysely<Database>, accountId: string, on = new Date()) {
  const rows = await repo.accountInsurance(db, accountId, on);
  return rows.map(({ card_content_type, expires_on, ...row }) => ({
    ...row,
    expires_on: dateOnly(expires_on),
    has_card_photo: card_content_type !== null,
  }));
}

/** Saves the card of the holder or of one of their family members (never another account's). */
export async function savePersonInsurance(db: Kysely<Database>, accountId: string, input: PersonInsuranceInput) {
  return db.transaction().execute(async (tx) => {
    // Someone else's family member looks exactly like a missing one.
    if (input.familyMemberId && !(await repo.isOwnMember(tx, accountId, input.familyMemberId))) {
      throw new AppError('NOT_FOUND', { entity: 'familyMember' });
    }
    const insurer = await repo.findInsurer(tx, input.insurerId);
    if (!insurer?.active) throw new AppError('NOT_FOUND', { field: 'insurerId' });
    const id = await repo.savePersonInsurance(tx, accountId, input.familyMemberId, {
      insurer_id: input.insurerId,
      member_id: input.memberId,
      policy_class: input.policyClass,
      network: input.network === '' ? null : input.network,
      expires_on: input.expiresOn,
    });
    return { id };
  });
}

/** Removes a person's card, and its sealed photo from the blob store. */
export async function removePersonInsurance(
  db: Kysely<Database> | Transaction<Database>,
  blobs: BlobStore | undefined,
  accountId: string,
  familyMemberId: string | null,
) {
  const removed = await repo.deletePersonInsurance(db, accountId, familyMemberId);
  if (!removed) throw new AppError('NOT_FOUND', { entity: 'insurance' });
  if (removed.storage_key) await blobs?.delete(removed.storage_key);
}

/**
 * A family member taken off the account's list takes their card with them, in the removal's
 * transaction; the photo's storage key (if any), to delete from the blob store after the commit.
 */
export async function forgetMemberInsurance(tx: Transaction<Database>, accountId: string, familyMemberId: string) {
  const removed = await repo.deletePersonInsurance(tx, accountId, familyMemberId);
  return removed?.storage_key ?? null;
}

export function exportInsurance(db: Kysely<Database>, accountId: string) {
  return repo.exportInsurance(db, accountId);
}

/** Erases the account's cards with the account (its deletion); the photos' storage keys, to delete after the commit. */
export async function eraseInsurance(tx: Transaction<Database>, accountId: string) {
  const keys = await repo.cardStorageKeys(tx, accountId);
  await repo.deleteAccountInsurance(tx, accountId);
  return keys;
}
