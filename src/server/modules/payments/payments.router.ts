import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { gatewayPaymentOutcome } from './gateway-returns.service.ts';

export const paymentsRouter = router({
  /**
   * What a gateway payment that ended on the page came to, and why it failed (issue #61): asked of the
   * gateway, never believed from the browser, and settled as the callback settles it. Anyone paying may
   * ask (a guest in the store too): the id is the gateway's, known to the browser that paid.
   */
  outcome: publicProcedure
    .input(z.object({ paymentId: z.uuid() }))
    .mutation(({ ctx, input }) => gatewayPaymentOutcome(ctx.db, ctx.payments, input.paymentId, ctx.log)),
});
