import { z } from 'zod';

/** The most rows one page of a list answers with, and how many it answers when not asked. */
export const LIST_PAGE_MAX = 100;
export const LIST_PAGE_DEFAULT = 25;

/**
 * One page of a list: after `cursor` (opaque, the previous page's nextCursor), searched by `q`, in
 * the order `sort` names. Every paged list answers `{ items, nextCursor }`, nextCursor null on the last page.
 */
const pageFields = {
  cursor: z.string().max(400).optional(),
  limit: z.number().int().min(1).max(LIST_PAGE_MAX).default(LIST_PAGE_DEFAULT),
  q: z.string().trim().max(100).optional(),
};

export const USER_SORTS = ['newest', 'oldest', 'name'] as const;
export const USER_ROLES = ['customer', 'lab', 'admin'] as const;

/** admin.users: accounts searched by name, e-mail or phone. */
export const adminUsersInput = z
  .object({ ...pageFields, sort: z.enum(USER_SORTS).default('newest'), role: z.enum(USER_ROLES).optional() })
  .prefault({});
export type AdminUsersInput = z.infer<typeof adminUsersInput>;

export const TRANSACTION_SORTS = ['newest', 'oldest'] as const;
export const TRANSACTION_KINDS = ['all', 'booking', 'store_order'] as const;

/** admin.transactions: bookings and store orders searched by customer name, e-mail, phone or reference. */
export const adminTransactionsInput = z
  .object({ ...pageFields, sort: z.enum(TRANSACTION_SORTS).default('newest'), kind: z.enum(TRANSACTION_KINDS).default('all') })
  .prefault({});
export type AdminTransactionsInput = z.infer<typeof adminTransactionsInput>;

export const LAB_SORTS = ['newest', 'oldest', 'name'] as const;
export const LAB_STATUSES = ['all', 'pending', 'approved'] as const;

/** admin.labs: lab profiles searched by name (Arabic or English), licence, e-mail or phone. */
export const adminLabsInput = z
  .object({ ...pageFields, sort: z.enum(LAB_SORTS).default('newest'), status: z.enum(LAB_STATUSES).default('all') })
  .prefault({});
export type AdminLabsInput = z.infer<typeof adminLabsInput>;

export const LAB_BOOKING_SORTS = ['latest', 'earliest'] as const;
export const LAB_BOOKING_STATUSES = ['all', 'confirmed', 'completed', 'no_show', 'cancelled'] as const;

/** lab.bookings: the lab's own bookings by appointment time, searched by patient, customer, test or booking number. */
export const labBookingsInput = z
  .object({ ...pageFields, sort: z.enum(LAB_BOOKING_SORTS).default('latest'), status: z.enum(LAB_BOOKING_STATUSES).default('all') })
  .prefault({});
export type LabBookingsInput = z.infer<typeof labBookingsInput>;

export const TEST_REQUEST_SORTS = ['newest', 'oldest'] as const;
export const TEST_REQUEST_STATUSES = ['all', 'pending', 'approved', 'rejected'] as const;

/** lab.testRequests: the lab's own requests for new catalogue tests, searched by the test's name. */
export const labTestRequestsInput = z
  .object({ ...pageFields, sort: z.enum(TEST_REQUEST_SORTS).default('newest'), status: z.enum(TEST_REQUEST_STATUSES).default('all') })
  .prefault({});
export type LabTestRequestsInput = z.infer<typeof labTestRequestsInput>;

/** admin.testRequests: every lab's requests, searched by the test's or the lab's name; the queue (pending, oldest first) unless asked. */
export const adminTestRequestsInput = z
  .object({ ...pageFields, sort: z.enum(TEST_REQUEST_SORTS).default('oldest'), status: z.enum(TEST_REQUEST_STATUSES).default('pending') })
  .prefault({});
export type AdminTestRequestsInput = z.infer<typeof adminTestRequestsInput>;

export const LAB_PAYMENT_SORTS = ['newest', 'oldest'] as const;

/** lab.payments: the lab's completed bookings by when they were completed, searched as its bookings are. */
export const labPaymentsInput = z.object({ ...pageFields, sort: z.enum(LAB_PAYMENT_SORTS).default('newest') }).prefault({});
export type LabPaymentsInput = z.infer<typeof labPaymentsInput>;

export const LAB_RESULT_SORTS = ['newest', 'oldest'] as const;

/** lab.results: the result files the lab uploaded, by upload time, searched by patient, test, booking number or file name. */
export const labResultsInput = z.object({ ...pageFields, sort: z.enum(LAB_RESULT_SORTS).default('newest') }).prefault({});
export type LabResultsInput = z.infer<typeof labResultsInput>;

/** admin.labBalances: each lab's money from the ledger and paid out, by lab name, searched by name (Arabic or English). */
export const labBalancesInput = z.object({ ...pageFields }).prefault({});
export type LabBalancesInput = z.infer<typeof labBalancesInput>;

/** lab.payouts: the payouts the lab received, newest recorded first. */
export const labPayoutsInput = z.object({ cursor: pageFields.cursor, limit: pageFields.limit }).prefault({});

/** admin.labPayouts: one lab's payouts, as the lab sees them. */
export const adminLabPayoutsInput = z.object({ labId: z.uuid(), cursor: pageFields.cursor, limit: pageFields.limit });

export const FAILING_RENEWAL_SORTS = ['soonest'] as const;

/**
 * admin.failingRenewals: paid plans in their grace period after a declined renewal, those falling to
 * the free plan soonest first, searched by the account's name or e-mail or the lab's name.
 */
export const adminFailingRenewalsInput = z.object({ ...pageFields, sort: z.enum(FAILING_RENEWAL_SORTS).default('soonest') }).prefault({});
export type AdminFailingRenewalsInput = z.infer<typeof adminFailingRenewalsInput>;
