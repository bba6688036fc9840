import { savePromoInput } from '../../../shared/promo-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure } from '../../trpc/procedures.ts';
import * as promo from './promo.service.ts';

// The admin's promo codes (ADR 0092); a checkout prices one through its own module (booking.promoQuote).
export const promoRouter = router({
  list: adminProcedure.query(({ ctx }) => promo.listPromos(ctx.db)),
  save: adminProcedure.input(savePromoInput).mutation(({ ctx, input }) => promo.savePromo(ctx.db, ctx.user.id, input)),
});
