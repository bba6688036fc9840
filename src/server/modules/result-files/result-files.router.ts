import { router } from '../../trpc/init.ts';
import { customerProcedure } from '../../trpc/procedures.ts';
import { customerResults } from './result-files.service.ts';

// Uploads and downloads of files are plain HTTP (result-files.routes.ts); the customer's list is a procedure.
export const resultFilesRouter = router({
  mine: customerProcedure.query(({ ctx }) => customerResults(ctx.db, ctx.user.id)),
});
