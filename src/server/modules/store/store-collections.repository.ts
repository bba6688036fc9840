import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Every collection in the store's order, with how many products (drafts included) it holds. */
export async function findAdminCollections(db: Db) {
  return db
    .selectFrom('store_collections as c')
    .select(['c.id', 'c.slug', 'c.title_ar', 'c.title_en', 'c.sort_order'])
    .select((eb) =>
      eb
        .selectFrom('store_product_collections as pc')
        .innerJoin('store_products as p', 'p.id', 'pc.product_id')
        .whereRef('pc.collection_id', '=', 'c.id')
        .where('p.deleted_at', 'is', null)
        .select(sql<number>`count(*)::int`.as('products'))
        .as('product_count'),
    )
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

/** Another collection already called this, in either language (compared without case or outer spaces). */
export async function collectionNameTaken(db: Db, names: { ar: string; en: string }, exceptId: number | undefined) {
  let query = db
    .selectFrom('store_collections')
    .select(['id', 'title_ar', 'title_en'])
    .where((eb) => eb.or([eb(sql`lower(title_ar)`, '=', names.ar.toLowerCase()), eb(sql`lower(title_en)`, '=', names.en.toLowerCase())]));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return row.title_en.toLowerCase() === names.en.toLowerCase() ? 'nameEn' : 'nameAr';
}

/** The slugs already taken that start with `base`, to pick the first free one after them. */
export async function slugsLike(db: Db, base: string) {
  const rows = await db
    .selectFrom('store_collections')
    .select('slug')
    .where('slug', 'like', `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .execute();
  return new Set(rows.map((row) => row.slug));
}

/** A new collection, last in the store's order. */
export async function insertCollection(db: Db, values: { slug: string; title_ar: string; title_en: string }) {
  const row = await db
    .insertInto('store_collections')
    .values((eb) => ({
      ...values,
      sort_order: eb.selectFrom('store_collections').select(sql<number>`coalesce(max(sort_order) + 1, 0)`.as('next')),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameCollection(db: Db, id: number, names: { title_ar: string; title_en: string }) {
  const row = await db.updateTable('store_collections').set(names).where('id', '=', id).returning('slug').executeTakeFirst();
  return row?.slug ?? null;
}

/** Removes the collection; its products stay, only their link to it goes (the foreign key cascades). */
export async function deleteCollectionRow(db: Db, id: number) {
  const unlinked = await db
    .selectFrom('store_product_collections')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('collection_id', '=', id)
    .executeTakeFirstOrThrow();
  const deleted = await db.deleteFrom('store_collections').where('id', '=', id).returning('id').executeTakeFirst();
  return deleted ? unlinked.count : null;
}

/** Every collection's id, locked: two reorderings take turns, and a collection made meanwhile is seen. */
export async function lockCollectionIds(db: Db) {
  const rows = await db.selectFrom('store_collections').select('id').orderBy('id').forUpdate().execute();
  return rows.map((row) => row.id);
}

export async function setCollectionOrder(db: Db, ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await db.updateTable('store_collections').set({ sort_order: index }).where('id', '=', id).execute();
  }
}

/** Which of these ids name a collection. */
export async function existingCollectionIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('store_collections').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}
