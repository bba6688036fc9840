import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { collectionSlugBase, type SaveCollectionInput } from '../../../shared/store-admin-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import type { StoreConfig } from './store.service.ts';
import { assertBuiltinStore, sameMembers } from './store-admin.service.ts';
import {
  collectionNameTaken,
  deleteCollectionRow,
  findAdminCollections,
  insertCollection,
  lockCollectionIds,
  renameCollection,
  setCollectionOrder,
  slugsLike,
} from './store-collections.repository.ts';

// The built-in store's collections run by its admin (issue #23, docs/decisions/0038): made, renamed,
// put in order and deleted here; products join them from the product editor (saveProduct's
// collectionIds). The store reads them straight from the database on every request (no catalog cache
// or version covers the built-in store), so a change shows on the store's next page load.

/** Every collection in the store's order, with its product count (drafts included). */
export async function listCollections(db: Kysely<Database>, config: StoreConfig) {
  assertBuiltinStore(config);
  const rows = await findAdminCollections(db);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    nameAr: row.title_ar,
    nameEn: row.title_en,
    productCount: row.product_count ?? 0,
  }));
}

/** The English name's slug, made unique with -2, -3… ("collection" when the name has no Latin letters). */
async function freeSlug(db: Transaction<Database>, nameEn: string) {
  const base = collectionSlugBase(nameEn) || 'collection';
  const taken = await slugsLike(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Makes a collection (no id), last in the store's order, or renames one. The slug, the collection's
 * address in the store (/store?collection=…), is made from the English name once and kept through a
 * rename, so links already shared keep working. Two collections may not share a name in either
 * language: the store's filter would show two alike.
 */
export async function saveCollection(db: Kysely<Database>, config: StoreConfig, actorId: string, input: SaveCollectionInput) {
  assertBuiltinStore(config);
  return db.transaction().execute(async (tx) => {
    // One save at a time: two admins making "Gifts" at once would both find the name free.
    await lockCollectionIds(tx);
    const taken = await collectionNameTaken(tx, { ar: input.nameAr, en: input.nameEn }, input.id);
    if (taken) throw new AppError('COLLECTION_NAME_TAKEN', { field: taken });
    const names = { title_ar: input.nameAr, title_en: input.nameEn };
    let id: number;
    let slug: string;
    if (input.id === undefined) {
      slug = await freeSlug(tx, input.nameEn);
      id = await insertCollection(tx, { ...names, slug });
    } else {
      const renamed = await renameCollection(tx, input.id, names);
      if (renamed === null) throw new AppError('NOT_FOUND', { collectionId: input.id });
      id = input.id;
      slug = renamed;
    }
    await recordAudit(tx, {
      actorId,
      action: 'store.collection_save',
      subjectType: 'store_collection',
      subjectId: id,
      details: { created: input.id === undefined, nameEn: input.nameEn, slug },
    });
    return { id, slug, nameAr: input.nameAr, nameEn: input.nameEn };
  });
}

/**
 * Deletes a collection. Its products are not touched: they stay in the store and only leave this
 * collection. That is what a shop's admin expects of a shelf label (Shopify and Wix do the same);
 * refusing while products remain would send them through every product's editor first. The page
 * says how many products the collection holds before it asks to confirm.
 */
export async function deleteCollection(db: Kysely<Database>, config: StoreConfig, actorId: string, collectionId: number) {
  assertBuiltinStore(config);
  return db.transaction().execute(async (tx) => {
    const unlinked = await deleteCollectionRow(tx, collectionId);
    if (unlinked === null) throw new AppError('NOT_FOUND', { collectionId });
    await recordAudit(tx, {
      actorId,
      action: 'store.collection_delete',
      subjectType: 'store_collection',
      subjectId: collectionId,
      details: { productsUnlinked: unlinked },
    });
    return { id: collectionId, productsUnlinked: unlinked };
  });
}

/** Puts the collections in this order; the list must name every collection exactly once. */
export async function reorderCollections(db: Kysely<Database>, config: StoreConfig, collectionIds: number[]) {
  assertBuiltinStore(config);
  return db.transaction().execute(async (tx) => {
    const existing = await lockCollectionIds(tx);
    if (!sameMembers(existing, collectionIds)) throw new AppError('VALIDATION_FAILED', { field: 'collectionIds' });
    await setCollectionOrder(tx, collectionIds);
    return { collectionIds };
  });
}
