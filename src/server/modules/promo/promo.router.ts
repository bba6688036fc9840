import { promoScopeSearchInput, savePromoInput } from '../../../shared/promo-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure } from '../../trpc/procedures.ts';
import * as promo from './promo.service.ts';
import * as scope from './promo-scope.service.ts';

// The admin's promo codes (ADR 0092); a checkout prices one through its own module (booking.promoQuote).
export const promoRouter = router({
  list: adminProcedure.query(({ ctx }) => promo.listPromos(ctx.db)),
  save: adminProcedure.input(savePromoInput).mutation(({ ctx, input }) => promo.savePromo(ctx.db, ctx.user.id, input)),
  /** Labs to limit a code to, by a name in Arabic or English. */
  labsNamed: adminProcedure.input(promoScopeSearchInput).query(({ ctx, input }) => scope.labsNamed(ctx.db, input.q)),
  /** Tests and packages to limit a code to, by a name in either language or a marker's LOINC code. */
  testsNamed: adminProcedure.input(promoScopeSearchInput).query(({ ctx, input }) => scope.testsNamed(ctx.db, input.q)),
});
