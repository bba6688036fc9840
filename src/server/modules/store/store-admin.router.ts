import { z } from 'zod';
import {
  adjustStockInput,
  pageInput,
  saveProductInput,
  setOrderStatusInput,
  storeOrdersInput,
} from '../../../shared/store-admin-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure } from '../../trpc/procedures.ts';
import * as storeAdmin from './store-admin.service.ts';

// The built-in store's back office (issue #23): administrators only.
export const storeAdminRouter = router({
  /** Whether the catalogue is managed here or in the external store (then every other procedure refuses). */
  mode: adminProcedure.query(({ ctx }) => storeAdmin.storeAdminMode(ctx.config)),
  products: adminProcedure.input(pageInput).query(({ ctx, input }) => storeAdmin.listAdminProducts(ctx.db, ctx.config, input)),
  product: adminProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .query(({ ctx, input }) => storeAdmin.getAdminProduct(ctx.db, ctx.config, input.id)),
  saveProduct: adminProcedure
    .input(saveProductInput)
    .mutation(({ ctx, input }) => storeAdmin.saveProduct(ctx.db, ctx.config, ctx.user.id, input)),
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
