import { z } from 'zod';
import { cityKeys } from '../../../shared/cities.ts';
import { rowId } from '../../../shared/db-integers.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import * as catalog from './catalog.service.ts';

const nameEn = z.string().trim().min(1).max(200);

export const catalogRouter = router({
  categories: publicProcedure.query(({ ctx }) => catalog.getCategories(ctx.db)),
  category: publicProcedure.input(z.object({ nameEn })).query(({ ctx, input }) => catalog.getCategory(ctx.db, input.nameEn)),
  popularTests: publicProcedure.query(({ ctx }) => catalog.getPopularTests(ctx.db)),
  test: publicProcedure.input(z.object({ nameEn })).query(({ ctx, input }) => catalog.getTest(ctx.db, input.nameEn)),
  labsForTest: publicProcedure.input(z.object({ testId: rowId })).query(({ ctx, input }) => catalog.getLabsForTest(ctx.db, input.testId)),
  labs: publicProcedure
    .input(z.object({ city: z.enum(cityKeys as [string, ...string[]]).optional() }).optional())
    .query(({ ctx, input }) => catalog.getLabs(ctx.db, input?.city)),
  /** The footer's links to Tahaleel's accounts, in the footer's order; only those the operator set. */
  socialLinks: publicProcedure.query(({ ctx }) => catalog.socialLinks(ctx.config)),
  /** Where the labs map takes its tiles from, and the credit to show on it. */
  mapTiles: publicProcedure.query(({ ctx }) => catalog.mapTiles(ctx.config)),
  lab: publicProcedure
    .input(z.object({ labId: z.string().trim().min(1).max(100) }))
    .query(({ ctx, input }) => catalog.getLab(ctx.db, input.labId)),
});
