import { z } from 'zod';
import { BOOKING_STATUSES } from './booking-statuses.ts';
import { LOCALES } from './locale.ts';
import { STORE_ORDER_STATUSES } from './store-admin-schemas.ts';

/** The CSV downloads (`GET /exports/{name}.csv`): who may take each is in exports.routes.ts. */
export const EXPORT_NAMES = ['transactions', 'bookings', 'orders'] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];

export const TRANSACTION_KINDS = ['all', 'booking', 'store_order'] as const;

/** Text PostgreSQL can take (no U+0000), trimmed; empty means "no filter". */
const searchText = z
  .string()
  .trim()
  .max(100)
  .refine((text) => !text.includes('\u0000'))
  .optional()
  .transform((text) => text || undefined);
/** A day in Riyadh (YYYY-MM-DD); empty means "no bound", as an empty date field sends it. */
const day = z.union([z.literal('').transform(() => undefined), z.iso.date()]).optional();

/** The filters every export takes: the dashboard list's, from the query string. */
const common = z.object({
  from: day,
  to: day,
  q: searchText,
  /** The language of the header row and the labels; else the site's language cookie, else Arabic. */
  locale: z.enum(LOCALES).optional(),
});

function fromBeforeTo<T extends { from?: string | undefined; to?: string | undefined }>(value: T, ctx: z.RefinementCtx) {
  if (value.from && value.to && value.from > value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to before from' });
}

/** The admin's transactions list: bookings and store orders together, or one kind. */
export const transactionsExportQuery = common
  .extend({ kind: z.union([z.literal('').transform(() => 'all' as const), z.enum(TRANSACTION_KINDS)]).default('all') })
  .superRefine(fromBeforeTo);
export type TransactionsExportQuery = z.infer<typeof transactionsExportQuery>;

/** The admin's bookings, or a lab's own (the lab's bookings list filters by status). */
export const bookingsExportQuery = common
  .extend({ status: z.union([z.literal('').transform(() => undefined), z.enum(BOOKING_STATUSES)]).optional() })
  .superRefine(fromBeforeTo);
export type BookingsExportQuery = z.infer<typeof bookingsExportQuery>;

/** The admin's store orders list: its status, days and customer or order number. */
export const ordersExportQuery = common
  .extend({ status: z.union([z.literal('').transform(() => undefined), z.enum(STORE_ORDER_STATUSES)]).optional() })
  .superRefine(fromBeforeTo);
export type OrdersExportQuery = z.infer<typeof ordersExportQuery>;
