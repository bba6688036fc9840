import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { getCategories } from './catalog.service.ts';

export const catalogRouter = router({
  categories: publicProcedure.query(({ ctx }) => getCategories(ctx.db)),
});
