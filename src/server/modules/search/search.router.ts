import { packagesWithInput, searchInput } from '../../../shared/schemas.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { packagesWithTest, searchTests } from './search.service.ts';

export const searchRouter = router({
  /** Anyone may search; "covered by my insurance" asks who is searching (ADR 0094). */
  labTests: publicProcedure.input(searchInput).query(({ ctx, input }) => searchTests(ctx.db, input, ctx.user?.id ?? null)),
  /** The packages holding the test or marker searched for, for the strip above the results (issue #79). */
  packagesWith: publicProcedure.input(packagesWithInput).query(({ ctx, input }) => packagesWithTest(ctx.db, input)),
});
