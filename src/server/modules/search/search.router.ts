import { packagesWithInput, searchInput } from '../../../shared/schemas.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { packagesWithTest, searchTests } from './search.service.ts';

export const searchRouter = router({
  labTests: publicProcedure.input(searchInput).query(({ ctx, input }) => searchTests(ctx.db, input)),
  /** The packages holding the test or marker searched for, for the strip above the results (issue #79). */
  packagesWith: publicProcedure.input(packagesWithInput).query(({ ctx, input }) => packagesWithTest(ctx.db, input)),
});
