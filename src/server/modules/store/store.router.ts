import { z } from 'zod';
import { typedPromoCode } from '../../../shared/schemas.ts';
import { pageInput } from '../../../shared/store-admin-schemas.ts';
import { cardInput, shippingDetailsInput, storeCheckoutInput, storeIdSchema, storeProductsInput } from '../../../shared/store-schemas.ts';
import { newStoreBrowserKey, storeBrowserKeyCookie } from '../../platform/store-browser-key.ts';
import type { TrpcContext } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import { cancelHostedCheckout, getHostedCheckout, type OrderViewer, payFromWallet, payHostedCheckout } from './hosted-checkout.service.ts';
import { checkout, getProduct, getVariantInventory, listCollections, listProducts, type StoreCaller } from './store.service.ts';
import { myOrders } from './store-admin.service.ts';
import { startStorePayment } from './store-payments.service.ts';
import { applyStorePromo, removeStorePromo } from './store-promo.service.ts';

// Store pages are open to everyone (spec §6); a signed-in buyer's id is kept on the order.
function storeCaller(ctx: TrpcContext): StoreCaller {
  return {
    config: ctx.config,
    locale: ctx.locale,
    userId: ctx.user?.id ?? null,
    clientAddress: ctx.clientIp === 'unknown' ? null : ctx.clientIp,
    browserKey: ctx.user ? null : ctx.storeBrowserKey,
  };
}

const orderIdInput = z.object({ orderId: z.uuid() });
/** The payment page's "Pay with my wallet balance" switch (ADR 0093); off unless sent. */
const walletChoice = { useWallet: z.boolean().default(false) };

/** Who calls about an order: the signed-in account, and this browser's store key (a guest's checkout set it). */
function orderViewer(ctx: TrpcContext): OrderViewer {
  return { userId: ctx.user?.id ?? null, browserKey: ctx.storeBrowserKey };
}

export const storeRouter = router({
  products: publicProcedure.input(storeProductsInput).query(({ ctx, input }) => listProducts(ctx.db, storeCaller(ctx), input)),
  /** The collections a shopper may filter the grid by (store.products' `collection`). */
  collections: publicProcedure.query(({ ctx }) => listCollections(ctx.db, storeCaller(ctx))),
  product: publicProcedure.input(z.object({ id: storeIdSchema })).query(({ ctx, input }) => getProduct(ctx.db, storeCaller(ctx), input.id)),
  variants: publicProcedure
    .input(z.object({ productIds: z.array(storeIdSchema).min(1).max(100) }))
    .query(({ ctx, input }) => getVariantInventory(ctx.db, storeCaller(ctx), input.productIds)),
  checkout: publicProcedure.input(storeCheckoutInput).mutation(async ({ ctx, input }) => {
    // A guest's browser gets the key that shows it the order's buyer and address while it is pending.
    const browserKey = ctx.user ? null : (ctx.storeBrowserKey ?? newStoreBrowserKey());
    const answer = await checkout(ctx.db, { ...storeCaller(ctx), browserKey }, input);
    if (browserKey) ctx.setCookie(storeBrowserKeyCookie(ctx.config.PUBLIC_URL, browserKey));
    return answer;
  }),
  /** The signed-in buyer's own orders after checkout, newest first. */
  myOrders: signedInProcedure
    .input(pageInput.omit({ q: true }).optional())
    .query(({ ctx, input }) => myOrders(ctx.db, ctx.locale, ctx.user.id, { cursor: input?.cursor, limit: input?.limit ?? 25 })),

  /** The built-in store's hosted payment page, opened by the URL its checkout answers. */
  hostedCheckout: router({
    get: publicProcedure
      .input(orderIdInput)
      .query(({ ctx, input }) => getHostedCheckout(ctx.db, input.orderId, ctx.locale, orderViewer(ctx))),
    pay: publicProcedure
      // Flat, so each card and address field gets its own field error.
      .input(orderIdInput.extend(cardInput.shape).extend(shippingDetailsInput.shape).extend(walletChoice))
      .mutation(({ ctx, input: { orderId, name, number, expiry, cvc, useWallet, ...shipping } }) =>
        payHostedCheckout(ctx.db, ctx.payments, orderId, orderViewer(ctx), { name, number, expiry, cvc }, shipping, useWallet),
      ),
    /** An order the buyer's wallet pays whole: placed at once, without a card (ADR 0093). */
    payFromWallet: publicProcedure
      .input(orderIdInput.extend(shippingDetailsInput.shape))
      .mutation(({ ctx, input: { orderId, ...shipping } }) => payFromWallet(ctx.db, orderId, orderViewer(ctx), shipping)),
    /**
     * With a gateway the browser pays at (Moyasar): writes who buys and where it goes, and answers the
     * gateway form's configuration; the card goes from the browser to the gateway (ADR 0039).
     */
    startPayment: publicProcedure
      .input(orderIdInput.extend(shippingDetailsInput.shape).extend(walletChoice))
      .mutation(({ ctx, input: { orderId, useWallet, ...shipping } }) =>
        startStorePayment(ctx.db, ctx.payments, orderId, orderViewer(ctx), shipping, ctx.config.PUBLIC_URL, useWallet, ctx.log),
      ),
    /** A promo code typed on the payment page (ADR 0092): its discount off the order, or PROMO_REFUSED saying why. */
    applyPromo: publicProcedure
      .input(orderIdInput.extend({ code: typedPromoCode }))
      .mutation(({ ctx, input }) => applyStorePromo(ctx.db, input.orderId, orderViewer(ctx), { code: input.code, address: ctx.clientIp })),
    removePromo: publicProcedure
      .input(orderIdInput)
      .mutation(({ ctx, input }) => removeStorePromo(ctx.db, input.orderId, orderViewer(ctx))),
    /** The page's leave button, and the beacon a closing page sends (with the browser's cookies, as any same-site request). */
    cancel: publicProcedure.input(orderIdInput).mutation(({ ctx, input }) => cancelHostedCheckout(ctx.db, input.orderId, orderViewer(ctx))),
  }),
});
