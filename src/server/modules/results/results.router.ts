import { router } from '../../trpc/init.ts';
import { customerProcedure } from '../../trpc/procedures.ts';
import * as results from './results.service.ts';

// Uploads and downloads are plain HTTP (results.routes.ts); listing the files is an ordinary query.
export const resultsRouter = router({
  mine: customerProcedure.query(({ ctx }) => results.customerResults(ctx.db, ctx.user.id)),
});
