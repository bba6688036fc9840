import { planPromoQuoteInput } from '../../../shared/promo-schemas.ts';
import { choosePlanInput } from '../../../shared/schemas.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import { startCardChange } from './plan-card.service.ts';
import { quotePlanPromo } from './plan-promo.service.ts';
import * as subscriptions from './subscriptions.service.ts';

export const subscriptionsRouter = router({
  plans: publicProcedure.query(() => subscriptions.plans()),
  choose: signedInProcedure
    .input(choosePlanInput)
    .mutation(({ ctx, input }) =>
      subscriptions.choosePlan(
        ctx.db,
        ctx.user,
        input,
        ctx.payments,
        ctx.config.PUBLIC_URL,
        new Date(),
        input.promoCode ? { code: input.promoCode, address: ctx.clientIp } : null,
      ),
    ),
  /** What a promo code takes off a plan's first month, before subscribing, or PROMO_REFUSED saying why (ADR 0092). */
  promoQuote: signedInProcedure
    .input(planPromoQuoteInput)
    .mutation(({ ctx, input }) => quotePlanPromo(ctx.db, ctx.user, input, ctx.clientIp)),
  current: signedInProcedure.query(({ ctx }) => subscriptions.currentSubscription(ctx.db, ctx.user, ctx.config.PLAN_RENEWAL_GRACE_DAYS)),
  cancel: signedInProcedure.mutation(({ ctx }) => subscriptions.cancelPlan(ctx.db, ctx.user)),
  changeCard: signedInProcedure.mutation(({ ctx }) => startCardChange(ctx.db, ctx.user, ctx.payments, ctx.config.PUBLIC_URL)),
});
