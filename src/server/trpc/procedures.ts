import { AppError } from '../../shared/errors.ts';
import type { UserType } from '../../shared/locale.ts';
import { baseProcedure } from './init.ts';

export const publicProcedure = baseProcedure;

export const signedInProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new AppError('UNAUTHENTICATED');
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

function roleProcedure(role: UserType) {
  return signedInProcedure.use(({ ctx, next }) => {
    if (ctx.user.user_type !== role) throw new AppError('FORBIDDEN', { requiredRole: role });
    return next();
  });
}

export const customerProcedure = roleProcedure('customer');
export const labProcedure = roleProcedure('lab');
export const adminProcedure = roleProcedure('admin');

/** Gated lab work: an unapproved lab reaches only its overview and settings. */
export const approvedLabProcedure = labProcedure.use(({ ctx, next }) => {
  if (!ctx.user.approved) throw new AppError('LAB_NOT_APPROVED');
  return next();
});
