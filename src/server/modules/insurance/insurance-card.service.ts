import { encodeHexLowerCase } from '@oslojs/encoding';
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import { resealTable, type SealedTable } from '../../platform/key-rotation.ts';
import { type Keyring, openFile, rewrapDataKey, SealBrokenError, sealFile, UnknownKeyError } from '../../platform/result-sealing.ts';
import { checkResultFile, type ResultVault } from '../result-files/result-files.service.ts';
import * as repo from './insurance-card.repository.ts';

// The photo of a person's insurance card (issue #80, ADR 0094), sealed as result files are (ADR 0021):
// the blob store only ever holds ciphertext; only the account holder opens it.

function keyringOf(vault: ResultVault): Keyring {
  if (!vault.keyring) throw new Error('RESULTS_ENCRYPTION_KEY is not set: card photos can be neither sealed nor opened');
  return vault.keyring;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));
}

/**
 * Keeps the photo (JPEG, PNG or PDF, by its bytes) of the card of the holder or one of their family
 * members, in place of the one before. Sealed bytes go to the store first; if the card is gone by
 * then they are removed again, so no photo is left without its row.
 */
export async function uploadCardPhoto(
  db: Kysely<Database>,
  vault: ResultVault,
  accountId: string,
  familyMemberId: string | null,
  bytes: Uint8Array,
) {
  const keyring = keyringOf(vault);
  const contentType = checkResultFile(bytes);
  const storageKey = `insurance-cards/${accountId}/${crypto.randomUUID()}`;
  const sha256 = await sha256Hex(bytes);
  const { ciphertext, seal } = await sealFile(keyring, storageKey, bytes);
  await vault.blobs.put(storageKey, ciphertext);
  let replaced: string | null;
  try {
    replaced = await db.transaction().execute(async (tx) => {
      const card = await repo.lockPersonInsurance(tx, accountId, familyMemberId);
      if (!card) throw new AppError('NOT_FOUND', { entity: 'insurance' });
      return repo.replacePhoto(
        tx,
        card.id,
        { storage_key: storageKey, content_type: contentType, size_bytes: bytes.byteLength, sha256 },
        seal,
      );
    });
  } catch (error) {
    await vault.blobs.delete(storageKey);
    throw error;
  }
  if (replaced) await vault.blobs.delete(replaced);
  return { contentType, sizeBytes: bytes.byteLength };
}

/** The photo opened and checked whole (its seal's tag, then its SHA-256), for the account holder. */
export async function readCardPhoto(db: Kysely<Database>, vault: ResultVault, accountId: string, familyMemberId: string | null) {
  const photo = await repo.findPhotoOfPerson(db, accountId, familyMemberId);
  if (!photo) throw new AppError('NOT_FOUND', { entity: 'insurance' });
  const stored = await vault.blobs.get(photo.storage_key);
  if (!stored) throw new AppError('NOT_FOUND', { entity: 'insurance' });
  const seal = { version: photo.seal_version, keyId: photo.key_id, wrappedKey: photo.wrapped_key, iv: photo.iv };
  const bytes = await openFile(keyringOf(vault), photo.storage_key, stored, seal);
  if ((await sha256Hex(bytes)) !== photo.sha256) throw new SealBrokenError('the photo does not match the SHA-256 recorded at upload');
  return { bytes, contentType: photo.content_type };
}

/** Takes the photo off the card (the card stays). */
export async function removeCardPhoto(db: Kysely<Database>, vault: ResultVault, accountId: string, familyMemberId: string | null) {
  const photo = await repo.findPhotoOfPerson(db, accountId, familyMemberId);
  if (!photo) throw new AppError('NOT_FOUND', { entity: 'insurance' });
  const storageKey = await repo.deletePhoto(db, photo.id);
  if (storageKey) await vault.blobs.delete(storageKey);
}

/** Key ids photos are sealed under that the keyring lacks: `npm run keys:rotate` stops on them before changing anything. */
export async function missingCardPhotoKeyIds(db: Kysely<Database>, keyring: Keyring) {
  return (await repo.photosPerKey(db)).flatMap((row) => (keyring.byId.has(row.key_id) ? [] : [row.key_id]));
}

/** `npm run keys:rotate`: every photo's data key wrapped again under the current master key (the blobs untouched). */
export async function rotateCardPhotoKeys(db: Kysely<Database>, keyring: Keyring) {
  const unknown = await missingCardPhotoKeyIds(db, keyring);
  if (unknown.length > 0) throw new UnknownKeyError(unknown, 'insurance card photos');
  type Row = { id: string; key_id: string; seal_version: number; wrapped_key: Buffer; iv: Buffer };
  const photos: SealedTable<Row> = {
    table: 'insurance_card_photos',
    id: 'id',
    sealed: ['seal_version', 'wrapped_key', 'iv'],
    clear: 'leave',
    batch: 200,
    reseal: async (photo) => {
      const seal = { version: photo.seal_version, keyId: photo.key_id, wrappedKey: photo.wrapped_key, iv: photo.iv };
      return repo.replaceWrappedKey(db, photo.id, photo.key_id, await rewrapDataKey(keyring, seal));
    },
  };
  const { resealed, damaged } = await resealTable(db, photos, keyring.current.id);
  return { rewrapped: resealed, damaged };
}
