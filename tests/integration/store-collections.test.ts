import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { createTestUser, type TestUser, testEnvSource } from '../setup/fixtures.ts';
import { storeCallerFor } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// The built-in store's collections run by the admin (issue #23, docs/decisions/0038), and what the
// store's shoppers see of them: the collection filter and a collection's products.
let database: TestDatabase;
let admin: TestUser;
let customer: TestUser;
let lab: TestUser;
beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
  customer = await createTestUser(database.db, 'customer');
  lab = await createTestUser(database.db, 'lab');
});
afterAll(() => database.close());

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: { cause?: { code?: string } }) => error.cause?.code,
  );
}

let suffixes = 0;
const nextSuffix = () => `${Date.now().toString(36)}${(suffixes++).toString(36)}`.toUpperCase();
const adminCaller = () => storeCallerFor(database.db, { user: admin });

async function newProduct(collectionIds: number[] = []) {
  const suffix = nextSuffix();
  return (await adminCaller()).storeAdmin.saveProduct({
    nameAr: `منتج ${suffix}`,
    nameEn: `Product ${suffix}`,
    published: true,
    variants: [{ sku: `COL-${suffix}`, price: 2500, stock: 3 }],
    collectionIds,
  });
}

describe('storeAdmin collections: admins only', () => {
  it('refuses a visitor, a customer and a lab on every collection and picture procedure, changing nothing', async () => {
    const caller = await adminCaller();
    const collection = await caller.storeAdmin.saveCollection({ nameAr: `رفض ${nextSuffix()}`, nameEn: `Refused ${nextSuffix()}` });
    const product = await newProduct([collection.id]);
    await database.db.insertInto('store_product_images').values({ product_id: product.id, url: '/images/a.webp', sort_order: 0 }).execute();
    const image = await database.db
      .selectFrom('store_product_images')
      .select('id')
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    const before = await caller.storeAdmin.collections();
    for (const user of [undefined, customer, lab]) {
      const other = await storeCallerFor(database.db, user ? { user } : {});
      const expected = user ? 'FORBIDDEN' : 'UNAUTHENTICATED';
      expect(await codeOf(other.storeAdmin.collections())).toBe(expected);
      expect(await codeOf(other.storeAdmin.saveCollection({ nameAr: 'س', nameEn: `Sneaky ${nextSuffix()}` }))).toBe(expected);
      expect(await codeOf(other.storeAdmin.saveCollection({ id: collection.id, nameAr: 'س', nameEn: 'Renamed' }))).toBe(expected);
      expect(await codeOf(other.storeAdmin.deleteCollection({ collectionId: collection.id }))).toBe(expected);
      expect(await codeOf(other.storeAdmin.reorderCollections({ collectionIds: before.map((c) => c.id).reverse() }))).toBe(expected);
      expect(await codeOf(other.storeAdmin.deleteProductImage({ imageId: image.id }))).toBe(expected);
      expect(await codeOf(other.storeAdmin.reorderProductImages({ productId: product.id, imageIds: [image.id] }))).toBe(expected);
    }
    expect(await caller.storeAdmin.collections()).toEqual(before);
    expect(await database.db.selectFrom('store_product_images').select('id').where('id', '=', image.id).execute()).toHaveLength(1);
  });

  it('answers STORE_MANAGED_EXTERNALLY with an external store configured', async () => {
    const config = parseEnv({ ...testEnvSource, STORE_API_URL: 'http://127.0.0.1:9/api', STORE_ID: 'external' });
    const caller = await storeCallerFor(database.db, { user: admin, config });
    expect(await codeOf(caller.storeAdmin.collections())).toBe('STORE_MANAGED_EXTERNALLY');
    expect(await codeOf(caller.storeAdmin.saveCollection({ nameAr: 'س', nameEn: 'External' }))).toBe('STORE_MANAGED_EXTERNALLY');
  });

  it('an external store offers its shoppers no collections, and a collection filter finds nothing there', async () => {
    const config = parseEnv({ ...testEnvSource, STORE_API_URL: 'http://127.0.0.1:9/api', STORE_ID: 'external' });
    const shopper = await storeCallerFor(database.db, { config });
    expect(await shopper.store.collections()).toEqual({ collections: [], stale: false });
    expect((await shopper.store.products({ collection: 'home-kits' })).products).toEqual([]);
  });
});

describe('storeAdmin.saveCollection, deleteCollection, reorderCollections', () => {
  it('makes a collection with a unique slug from its English name; the store lists it once a product is in it', async () => {
    const caller = await adminCaller();
    const suffix = nextSuffix();
    const first = await caller.storeAdmin.saveCollection({ nameAr: `هدايا ${suffix}`, nameEn: `Gifts & Cards ${suffix}!` });
    expect(first.slug).toBe(`gifts-cards-${suffix.toLowerCase()}`);
    // Another name that makes the same slug gets the next free one.
    const second = await caller.storeAdmin.saveCollection({ nameAr: `بطاقات ${suffix}`, nameEn: `Gifts - cards ${suffix}` });
    expect(second.slug).toBe(`gifts-cards-${suffix.toLowerCase()}-2`);
    // An English name with no Latin letters still gets an address.
    const arabicOnly = await caller.storeAdmin.saveCollection({ nameAr: `عربي ${suffix}`, nameEn: 'عروض' });
    expect(arabicOnly.slug).toMatch(/^collection(-\d+)?$/);

    const listed = await caller.storeAdmin.collections();
    expect(listed.at(-1)).toMatchObject({ id: arabicOnly.id, productCount: 0 });

    // Empty, it is not in the shoppers' filter; with a published product, it is, and lists that product.
    const shopper = await storeCallerFor(database.db, { locale: 'en' });
    expect((await shopper.store.collections()).collections.map((c) => c.slug)).not.toContain(first.slug);
    const product = await newProduct([first.id]);
    const english = await shopper.store.collections();
    expect(english.collections).toContainEqual({ id: first.id, slug: first.slug, title: `Gifts & Cards ${suffix}!` });
    const arabic = await (await storeCallerFor(database.db, { locale: 'ar' })).store.collections();
    expect(arabic.collections).toContainEqual({ id: first.id, slug: first.slug, title: `هدايا ${suffix}` });
    const inIt = await shopper.store.products({ collection: first.slug });
    expect(inIt.products.map((p) => p.id)).toEqual([product.id]);
    expect(inIt.count).toBe(1);
    expect((await shopper.store.products({ collection: 'no-such-collection' })).products).toEqual([]);
    expect((await caller.storeAdmin.collections()).find((c) => c.id === first.id)?.productCount).toBe(1);
  });

  it('renames in both languages and keeps the slug; refuses a name another collection has', async () => {
    const caller = await adminCaller();
    const suffix = nextSuffix();
    const made = await caller.storeAdmin.saveCollection({ nameAr: `صيف ${suffix}`, nameEn: `Summer ${suffix}` });
    const renamed = await caller.storeAdmin.saveCollection({ id: made.id, nameAr: `شتاء ${suffix}`, nameEn: `Winter ${suffix}` });
    expect(renamed).toMatchObject({ id: made.id, slug: made.slug, nameAr: `شتاء ${suffix}`, nameEn: `Winter ${suffix}` });
    expect((await caller.storeAdmin.collections()).find((c) => c.id === made.id)).toMatchObject({ nameEn: `Winter ${suffix}` });

    const other = await caller.storeAdmin.saveCollection({ nameAr: `ربيع ${suffix}`, nameEn: `Spring ${suffix}` });
    const taken = await codeOf(caller.storeAdmin.saveCollection({ id: other.id, nameAr: `ربيع ${suffix}`, nameEn: ` winter ${suffix} ` }));
    expect(taken).toBe('COLLECTION_NAME_TAKEN');
    expect(await codeOf(caller.storeAdmin.saveCollection({ nameAr: `شتاء ${suffix}`, nameEn: `Else ${suffix}` }))).toBe(
      'COLLECTION_NAME_TAKEN',
    );
    expect(await codeOf(caller.storeAdmin.saveCollection({ id: 2_000_000_000, nameAr: 'لا', nameEn: `Nowhere ${suffix}` }))).toBe(
      'NOT_FOUND',
    );
  });

  it('deletes a collection that has products: they stay in the store, only out of the collection', async () => {
    const caller = await adminCaller();
    const suffix = nextSuffix();
    const doomed = await caller.storeAdmin.saveCollection({ nameAr: `مؤقت ${suffix}`, nameEn: `Temporary ${suffix}` });
    const product = await newProduct([doomed.id]);
    expect(await caller.storeAdmin.deleteCollection({ collectionId: doomed.id })).toEqual({ id: doomed.id, productsUnlinked: 1 });
    expect((await caller.storeAdmin.collections()).map((c) => c.id)).not.toContain(doomed.id);
    expect((await caller.storeAdmin.product({ id: product.id })).collectionIds).toEqual([]);
    const shopper = await storeCallerFor(database.db);
    expect((await shopper.store.product({ id: product.id })).id).toBe(product.id);
    expect((await shopper.store.collections()).collections.map((c) => c.id)).not.toContain(doomed.id);
    expect(await codeOf(caller.storeAdmin.deleteCollection({ collectionId: doomed.id }))).toBe('NOT_FOUND');
    // A product form still holding the deleted collection is told, not failed on a foreign key.
    const form = await caller.storeAdmin.product({ id: product.id });
    expect(
      await codeOf(
        caller.storeAdmin.saveProduct({
          id: product.id,
          nameAr: form.nameAr,
          nameEn: form.nameEn,
          published: true,
          variants: form.variants.map((v) => ({ id: v.id, sku: v.sku, price: v.price })),
          collectionIds: [doomed.id],
        }),
      ),
    ).toBe('NOT_FOUND');
  });

  it('reorders: the store filter follows; a list that is not exactly every collection is refused', async () => {
    const caller = await adminCaller();
    const suffix = nextSuffix();
    const a = await caller.storeAdmin.saveCollection({ nameAr: `أ ${suffix}`, nameEn: `Alpha ${suffix}` });
    const b = await caller.storeAdmin.saveCollection({ nameAr: `ب ${suffix}`, nameEn: `Beta ${suffix}` });
    await newProduct([a.id]);
    await newProduct([b.id]);
    const ids = (await caller.storeAdmin.collections()).map((c) => c.id);
    const moved = [b.id, ...ids.filter((id) => id !== b.id)];
    await caller.storeAdmin.reorderCollections({ collectionIds: moved });
    expect((await caller.storeAdmin.collections()).map((c) => c.id)).toEqual(moved);
    const shown = (await (await storeCallerFor(database.db)).store.collections()).collections.map((c) => c.id);
    expect(shown[0]).toBe(b.id);
    expect(shown.indexOf(b.id)).toBeLessThan(shown.indexOf(a.id));

    for (const wrong of [moved.slice(1), [...moved, 2_000_000_000], [moved[0]!, ...moved.slice(0, -1)]]) {
      expect(await codeOf(caller.storeAdmin.reorderCollections({ collectionIds: wrong }))).toBe('VALIDATION_FAILED');
    }
    expect((await caller.storeAdmin.collections()).map((c) => c.id)).toEqual(moved);
  });

  it("saves a product's collections from its form", async () => {
    const caller = await adminCaller();
    const suffix = nextSuffix();
    const one = await caller.storeAdmin.saveCollection({ nameAr: `واحد ${suffix}`, nameEn: `One ${suffix}` });
    const two = await caller.storeAdmin.saveCollection({ nameAr: `اثنان ${suffix}`, nameEn: `Two ${suffix}` });
    const product = await newProduct([one.id, two.id]);
    const form = await caller.storeAdmin.product({ id: product.id });
    expect(form.collectionIds.sort()).toEqual([one.id, two.id].sort());
    expect(form.collections.map((c) => c.id)).toEqual(expect.arrayContaining([one.id, two.id]));
    await caller.storeAdmin.saveProduct({
      id: product.id,
      nameAr: form.nameAr,
      nameEn: form.nameEn,
      published: true,
      variants: form.variants.map((v) => ({ id: v.id, sku: v.sku, price: v.price })),
      collectionIds: [two.id],
    });
    expect((await caller.storeAdmin.product({ id: product.id })).collectionIds).toEqual([two.id]);
    const shopper = await storeCallerFor(database.db);
    expect((await shopper.store.products({ collection: one.slug })).products).toEqual([]);
    expect((await shopper.store.products({ collection: two.slug })).products.map((p) => p.id)).toEqual([product.id]);
  });
});
