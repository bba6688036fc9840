import { createLabApiKeyInput, labApiKeyIdInput } from '../../../shared/lab-api-key-schemas.ts';
import { router } from '../../trpc/init.ts';
import { approvedLabProcedure, recentProofApprovedLabProcedure } from '../../trpc/procedures.ts';
import * as labApiKeys from './lab-api-keys.service.ts';

// A lab's API keys for its own laboratory information system (ADR 0059). A lab's id is its account's.
export const labApiKeysRouter = router({
  /** The lab's keys: name, prefix, when made, last used and revoked; never a key. */
  list: approvedLabProcedure.query(({ ctx }) => labApiKeys.listKeys(ctx.db, ctx.user.id)),
  /** A new key under a name, answered this once with the list; only soon after a proof that it is the owner. */
  create: recentProofApprovedLabProcedure
    .input(createLabApiKeyInput)
    .mutation(({ ctx, input }) => labApiKeys.createKey(ctx.db, ctx.user.id, input.name, ctx.user.id)),
  /** Revokes one of the lab's keys at once; answers the list. */
  revoke: approvedLabProcedure
    .input(labApiKeyIdInput)
    .mutation(({ ctx, input }) => labApiKeys.revokeKey(ctx.db, ctx.user.id, ctx.user.id, input.id)),
});
