import { newsletterSubscribeInput } from '../../../shared/schemas.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { subscribe } from './newsletter.service.ts';

export const newsletterRouter = router({
  subscribe: publicProcedure
    .input(newsletterSubscribeInput)
    .mutation(({ ctx, input }) => subscribe(ctx.db, input.email, { clientIp: ctx.clientIp, locale: ctx.locale })),
});
