import { newsletterLinkInput, newsletterSubscribeInput } from '../../../shared/schemas.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { confirmSubscription, subscribe, unsubscribe } from './newsletter.service.ts';

export const newsletterRouter = router({
  subscribe: publicProcedure
    .input(newsletterSubscribeInput)
    .mutation(({ ctx, input }) => subscribe(ctx.db, input.email, { clientIp: ctx.clientIp, locale: ctx.locale })),
  confirm: publicProcedure.input(newsletterLinkInput).mutation(({ ctx, input }) => confirmSubscription(ctx.db, input.token)),
  unsubscribe: publicProcedure.input(newsletterLinkInput).mutation(({ ctx, input }) => unsubscribe(ctx.db, input.token)),
});
