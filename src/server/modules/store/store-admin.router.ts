import { z } from 'zod';
import { rowId } from '../../../shared/db-integers.ts';
import {
  adjustStockInput,
  pageInput,
  reorderCollectionsInput,
  reorderProductImagesInput,
  saveCollectionInput,
  saveProductInput,
  setOrderStatusInput,
  storeOrdersInput,
} from '../../../shared/store-admin-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure } from '../../trpc/procedures.ts';
import * as storeAdmin from './store-admin.service.ts';
import * as collections from './store-collections.service.ts';

// The built-in store's back office (issue #23): administrators only.
export const storeAdminRouter = router({
  /** Whether the catalogue is managed here or in the external store (then every other procedure refuses). */
  mode: adminProcedure.query(({ ctx }) => storeAdmin.storeAdminMode(ctx.config)),
  products: adminProcedure.input(pageInput).query(({ ctx, input }) => storeAdmin.listAdminProducts(ctx.db, ctx.config, input)),
  product: adminProcedure
    .input(z.object({ id: rowId }))
    .query(({ ctx, input }) => storeAdmin.getAdminProduct(ctx.db, ctx.config, input.id)),
  saveProduct: adminProcedure
    .input(saveProductInput)
    .mutation(({ ctx, input }) => storeAdmin.saveProduct(ctx.db, ctx.config, ctx.user.id, input)),
  /** Removes a picture from its product, and its sizes from the BlobStore. */
  deleteProductImage: adminProcedure
    .input(z.object({ imageId: rowId }))
    .mutation(({ ctx, input }) => storeAdmin.deleteProductImage(ctx.db, ctx.config, ctx.blobs, ctx.user.id, input.imageId)),
  /** Every picture of the product in its new order; the first is the one the store's grid shows. */
  reorderProductImages: adminProcedure
    .input(reorderProductImagesInput)
    .mutation(({ ctx, input }) => storeAdmin.reorderProductImages(ctx.db, ctx.config, input)),
  collections: adminProcedure.query(({ ctx }) => collections.listCollections(ctx.db, ctx.config)),
  saveCollection: adminProcedure
    .input(saveCollectionInput)
    .mutation(({ ctx, input }) => collections.saveCollection(ctx.db, ctx.config, ctx.user.id, input)),
  /** Its products stay in the store; they only leave the collection. */
  deleteCollection: adminProcedure
    .input(z.object({ collectionId: rowId }))
    .mutation(({ ctx, input }) => collections.deleteCollection(ctx.db, ctx.config, ctx.user.id, input.collectionId)),
  reorderCollections: adminProcedure
    .input(reorderCollectionsInput)
    .mutation(({ ctx, input }) => collections.reorderCollections(ctx.db, ctx.config, input.collectionIds)),
  adjustStock: adminProcedure
    .input(adjustStockInput)
    .mutation(({ ctx, input }) => storeAdmin.adjustStock(ctx.db, ctx.config, ctx.user.id, input)),
  orders: adminProcedure
    .input(storeOrdersInput)
    .query(({ ctx, input }) => storeAdmin.listAdminOrders(ctx.db, ctx.config, ctx.locale, input)),
  order: adminProcedure
    .input(z.object({ orderId: z.uuid() }))
    .query(({ ctx, input }) => storeAdmin.getAdminOrder(ctx.db, ctx.config, ctx.locale, input.orderId)),
  setOrderStatus: adminProcedure
    .input(setOrderStatusInput)
    .mutation(({ ctx, input }) => storeAdmin.setOrderStatus(ctx.db, ctx.config, ctx.payments, ctx.user.id, input)),
});
