import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { s3BlobStore } from '../../src/server/modules/result-files/s3-blob-store.ts';
import { sharpImageResizer } from '../../src/server/platform/sharp-image-resizer.ts';
import { createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient } from '../setup/http.ts';
import { startS3Server, type TestS3Server } from '../setup/s3.ts';
import { storeCallerFor } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let s3: TestS3Server;
let admin: TestUser;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await startS3Server('tahaleel-store');
  admin = await createTestUser(database.db, 'admin');
  app = createApp({ db: database.db, env: testEnv, blobs: s3BlobStore(s3.settings), images: sharpImageResizer() });
});
afterAll(async () => {
  await s3.close();
  await database.close();
});

async function newProduct() {
  const caller = await storeCallerFor(database.db, { user: admin });
  const suffix = crypto.randomUUID().slice(0, 8).toUpperCase();
  return caller.storeAdmin.saveProduct({
    nameAr: `صورة ${suffix}`,
    nameEn: `Picture ${suffix}`,
    published: true,
    variants: [{ sku: `IMG-${suffix}`, price: 1000, stock: 1 }],
  });
}

function upload(productId: number, file: File, cookie: string) {
  const form = new FormData();
  form.set('productId', String(productId));
  form.set('file', file);
  return app.request('/files/store-images', { method: 'POST', headers: { origin: testEnv.PUBLIC_URL, cookie }, body: form });
}

describe('store product pictures', () => {
  it('makes the grid and gallery sizes into the object store; the store shows them', async () => {
    const { id } = await newProduct();
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#1d6fb8' } })
      .jpeg()
      .toBuffer();
    const response = await upload(id, new File([new Uint8Array(photo)], 'kit.jpg', { type: 'image/jpeg' }), admin.cookie);
    expect(response.status, await response.clone().text()).toBe(201);
    const { image } = (await response.json()) as { image: { url: string } };
    expect(image.url).toMatch(/^\/files\/store-images\/[0-9a-f-]{36}\/gallery\.webp$/);

    const gallery = await app.request(image.url);
    expect(gallery.headers.get('content-type')).toBe('image/webp');
    expect(gallery.headers.get('cache-control')).toContain('immutable');
    expect(await sharp(Buffer.from(await gallery.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    const grid = await app.request(image.url.replace('gallery.webp', 'grid.webp'));
    expect(await sharp(Buffer.from(await grid.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 600, height: 600 });

    const product = await (await storeCallerFor(database.db)).store.product({ id });
    expect(product.image).toBe(image.url.replace('gallery.webp', 'grid.webp'));
    expect(product.images.map((entry) => entry.url)).toEqual([image.url]);
  });

  it('refuses a customer, a lab and a visitor, and a file that is not a picture', async () => {
    const { id } = await newProduct();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    for (const role of ['customer', 'lab'] as const) {
      const user = await createTestUser(database.db, role);
      expect((await upload(id, new File([new Uint8Array(png)], 'a.png'), user.cookie)).status).toBe(403);
    }
    expect((await upload(id, new File([new Uint8Array(png)], 'a.png'), '')).status).toBe(401);
    const notAPicture = await upload(id, new File(['%PDF-1.4'], 'a.jpg', { type: 'image/jpeg' }), admin.cookie);
    expect(((await notAPicture.json()) as { error: { appCode: string } }).error.appCode).toBe('FILE_TYPE_NOT_ALLOWED');
    const images = await database.db.selectFrom('store_product_images').select('id').where('product_id', '=', id).execute();
    expect(images).toEqual([]);
  });

  it('reorders and removes pictures: the store follows, the removed one leaves the object store', async () => {
    const { id } = await newProduct();
    const urls: string[] = [];
    const ids: number[] = [];
    for (const colour of ['#aa0000', '#00aa00', '#0000aa']) {
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      const response = await upload(id, new File([new Uint8Array(photo)], 'kit.jpg', { type: 'image/jpeg' }), admin.cookie);
      const { image } = (await response.json()) as { image: { id: number; url: string } };
      urls.push(image.url);
      ids.push(image.id);
    }
    const api = apiClient(app);
    const reordered = await api.mutate(
      'storeAdmin.reorderProductImages',
      { productId: id, imageIds: [ids[2], ids[0], ids[1]] },
      admin.cookie,
    );
    expect(reordered.status, JSON.stringify(reordered.error)).toBe(200);
    const shopper = await storeCallerFor(database.db);
    let product = await shopper.store.product({ id });
    expect(product.images.map((entry) => entry.url)).toEqual([urls[2], urls[0], urls[1]]);
    expect(product.image).toBe(urls[2]!.replace('gallery.webp', 'grid.webp'));

    // Refused: a picture of another product, one left out, one twice, and a product with no such pictures.
    const other = await newProduct();
    const photo = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const foreign = (
      (await (await upload(other.id, new File([new Uint8Array(photo)], 'a.png'), admin.cookie)).json()) as { image: { id: number } }
    ).image.id;
    for (const imageIds of [
      [ids[2], ids[0], foreign],
      [ids[2], ids[0]],
      [ids[2], ids[0], ids[1], ids[1]],
      [...ids, foreign],
    ]) {
      const refused = await api.mutate('storeAdmin.reorderProductImages', { productId: id, imageIds }, admin.cookie);
      expect(refused.error?.data.appCode).toBe('VALIDATION_FAILED');
    }
    const notOurs = await api.mutate('storeAdmin.reorderProductImages', { productId: other.id, imageIds: ids }, admin.cookie);
    expect(notOurs.error?.data.appCode).toBe('VALIDATION_FAILED');
    product = await shopper.store.product({ id });
    expect(product.images.map((entry) => entry.url)).toEqual([urls[2], urls[0], urls[1]]);

    // The first picture goes: the next one is the grid's now, and both sizes are gone from the object store.
    const removed = await api.mutate('storeAdmin.deleteProductImage', { imageId: ids[2] }, admin.cookie);
    expect(removed.status, JSON.stringify(removed.error)).toBe(200);
    product = await shopper.store.product({ id });
    expect(product.images.map((entry) => entry.url)).toEqual([urls[0], urls[1]]);
    expect(product.image).toBe(urls[0]!.replace('gallery.webp', 'grid.webp'));
    expect((await app.request(urls[2]!)).status).toBe(404);
    expect((await app.request(urls[2]!.replace('gallery.webp', 'grid.webp'))).status).toBe(404);
    expect((await app.request(urls[0]!)).status).toBe(200);
    const again = await api.mutate('storeAdmin.deleteProductImage', { imageId: ids[2] }, admin.cookie);
    expect(again.error?.data.appCode).toBe('NOT_FOUND');

    // Not an admin: refused, the picture stays.
    const customer = await createTestUser(database.db, 'customer');
    const refused = await api.mutate('storeAdmin.deleteProductImage', { imageId: ids[0] }, customer.cookie);
    expect(refused.status).toBe(403);
    expect((await app.request(urls[0]!)).status).toBe(200);
  });
});
