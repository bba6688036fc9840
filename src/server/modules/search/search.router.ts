import { searchInput } from '../../../shared/schemas.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { searchTests } from './search.service.ts';

export const searchRouter = router({
  labTests: publicProcedure.input(searchInput).query(({ ctx, input }) => searchTests(ctx.db, input)),
});
