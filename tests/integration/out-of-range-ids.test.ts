import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let admin: TestUser;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
  api = apiClient(createApp({ db: database.db, env: testEnv }));
});
afterAll(() => database.close());

/** One past the largest PostgreSQL integer, the type of every store table's id. */
const pastInteger = 2_147_483_648;

describe('ids past a PostgreSQL integer', () => {
  it('storeAdmin answers each with a 400 naming the field, never a 500', async () => {
    const variant = { sku: 'OOR-1', price: 100 };
    const product = { nameAr: 'منتج', nameEn: 'Product', published: false, variants: [variant] };
    const calls: [string, unknown, string][] = [
      ['storeAdmin.deleteProductImage', { imageId: pastInteger }, 'imageId'],
      ['storeAdmin.deleteCollection', { collectionId: pastInteger }, 'collectionId'],
      ['storeAdmin.saveCollection', { id: pastInteger, nameAr: 'مجموعة', nameEn: 'Set' }, 'id'],
      ['storeAdmin.reorderCollections', { collectionIds: [pastInteger] }, 'collectionIds'],
      ['storeAdmin.reorderProductImages', { productId: pastInteger, imageIds: [1] }, 'productId'],
      ['storeAdmin.adjustStock', { variantId: pastInteger, delta: 1, reason: 'count' }, 'variantId'],
      ['storeAdmin.saveProduct', { ...product, id: pastInteger }, 'id'],
      ['storeAdmin.saveProduct', { ...product, variants: [{ ...variant, id: pastInteger }] }, 'variants'],
    ];
    for (const [path, input, field] of calls) {
      const answer = await api.mutate(path, input, admin.cookie);
      expect(answer.status, path).toBe(400);
      expect(answer.error?.data.appCode, path).toBe('VALIDATION_FAILED');
      expect(answer.error?.data.fieldErrors?.[field], path).toEqual(['invalid']);
    }
    const productAnswer = await api.query(
      `storeAdmin.product?input=${encodeURIComponent(JSON.stringify({ id: pastInteger }))}`,
      admin.cookie,
    );
    expect(productAnswer.status).toBe(400);
    expect(productAnswer.error?.data.fieldErrors?.id).toEqual(['invalid']);
  });
});
