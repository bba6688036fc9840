import { router } from '../../trpc/init.ts';
import { customerProcedure, labProcedure } from '../../trpc/procedures.ts';
import * as billing from './billing.service.ts';

export const billingRouter = router({
  /** The caller's simplified tax invoices and credit notes (their PDFs: GET /invoices/{id}.pdf). */
  invoices: customerProcedure.query(({ ctx }) => billing.myInvoices(ctx.db, ctx.user.id)),
  /** A lab's own invoices: those of its paid plan (ADR 0042), a month each. */
  labInvoices: labProcedure.query(({ ctx }) => billing.myInvoices(ctx.db, ctx.user.id)),
});
