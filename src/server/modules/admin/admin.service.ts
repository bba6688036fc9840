import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { AdminLabsInput, AdminTestRequestsInput, AdminTransactionsInput, AdminUsersInput } from '../../../shared/list-schemas.ts';
import { halalasToSar } from '../../../shared/money.ts';
import { decodeCursor, pageOf } from '../../db/keyset-page.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { smsBudgetsReached } from '../phone/phone-codes.service.ts';
import * as repo from './admin.repository.ts';

export async function totalRevenue(db: Kysely<Database>) {
  return halalasToSar(await repo.completedRevenueHalalas(db));
}

/**
 * The overview: the spec's total revenue (what completed bookings sold for), the platform's own share
 * from the ledger (commission and booking fees less discounts, refunds reversed, VAT inside), counts, and
 * the countries whose hourly budget of codes by SMS was reached in the last hour (issue #74).
 */
export async function overview(db: Kysely<Database>) {
  const [revenueHalalas, ledger, counts, smsBudgets] = await Promise.all([
    repo.completedRevenueHalalas(db),
    repo.ledgerRevenueHalalas(db),
    repo.platformCounts(db),
    smsBudgetsReached(db),
  ]);
  return {
    total_revenue: halalasToSar(revenueHalalas),
    platform_revenue: {
      commission: halalasToSar(ledger.commission),
      booking_fees: halalasToSar(ledger.bookingFees),
      discounts: halalasToSar(ledger.discounts),
      net: halalasToSar(ledger.commission + ledger.bookingFees - ledger.discounts),
      vat: halalasToSar(ledger.vat),
    },
    counts: { ...counts, pending_labs: counts.labs - counts.approved_labs },
    sms_budget_reached: smsBudgets,
  };
}

/** One page of lab profiles, searched by name, licence, e-mail or phone, pending or approved ones alone when asked. */
export async function labs(db: Kysely<Database>, input: AdminLabsInput) {
  const sortKey = input.sort === 'name' ? 'name' : 'created';
  const rows = await repo.labPage(db, input, decodeCursor(input.cursor, sortKey));
  const page = pageOf(rows, input.limit, sortKey, (row) => ({ key: input.sort === 'name' ? row.lab_name_en : row.cursor_at, id: row.id }));
  return {
    items: page.items.map(({ cursor_at: _, ...row }) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
    nextCursor: page.nextCursor,
  };
}

/** Approve or reject (approved false; the lab stays listed); written to the audit log with the change. */
/**
 * Approves or rejects a lab, and tells it by mail. A lab is approved only once its address is
 * confirmed: the approval notice, and every later mail about bookings, must reach the lab.
 */
export async function setLabApproval(db: Kysely<Database>, adminId: string, labId: string, approved: boolean, publicUrl: string) {
  await db.transaction().execute(async (tx) => {
    const lab = await repo.lockLabProfile(tx, labId);
    if (!lab) throw new AppError('NOT_FOUND', { entity: 'lab' });
    if (approved && !lab.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED');
    await repo.setApproved(tx, labId, approved);
    if (lab.email && (approved ? !lab.approved : true)) {
      await enqueueMail(tx, {
        to: lab.email,
        locale: lab.locale,
        userId: labId,
        message: approved
          ? { template: 'lab-approved', data: { name: lab.name, link: new URL('/dashboard', publicUrl).toString() } }
          : { template: 'lab-rejected', data: { name: lab.name } },
      });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: approved ? 'lab.approve' : 'lab.reject',
      subjectType: 'lab',
      subjectId: labId,
      details: { approved, previouslyApproved: lab.approved },
    });
  });
  return { labId, approved };
}

/** One page of every lab's requests for new tests (the queue: pending, oldest first, unless asked), and how many match. */
export async function testRequests(db: Kysely<Database>, input: AdminTestRequestsInput) {
  const [rows, total] = await Promise.all([
    repo.testRequestPage(db, input, decodeCursor(input.cursor, input.sort, 'integer')),
    repo.countTestRequests(db, input),
  ]);
  const page = pageOf(rows, input.limit, input.sort, (row) => ({ key: row.cursor_at, id: String(row.id) }));
  return {
    total,
    items: page.items.map(({ cursor_at: _, ...row }) => ({
      ...row,
      created_at: new Date(row.created_at).toISOString(),
      reviewed_at: row.reviewed_at === null ? null : new Date(row.reviewed_at).toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * One transaction: the request's status, reviewer and reviewed_at, and on approval the new test under
 * category 1 with placeholder descriptions and its id on the request, plus the audit entry. Any failure
 * (a name already in the catalogue, the database refusing the insert) leaves all of it unwritten.
 */
export async function reviewTestRequest(
  db: Kysely<Database>,
  adminId: string,
  requestId: number,
  decision: 'approved' | 'rejected',
  publicUrl: string,
  now = new Date(),
) {
  try {
    return await db.transaction().execute(async (tx) => {
      const request = await repo.lockTestRequest(tx, requestId);
      if (!request) throw new AppError('NOT_FOUND', { entity: 'testRequest' });
      if (request.status !== 'pending') throw new AppError('TEST_REQUEST_REVIEWED', { status: request.status });
      await repo.markReviewed(tx, requestId, decision, adminId, now);
      let testId: number | null = null;
      if (decision === 'approved') {
        if (await repo.testNameTaken(tx, request.test_name_en)) throw new AppError('TEST_ALREADY_EXISTS');
        testId = await repo.insertPlaceholderTest(tx, { nameAr: request.test_name_ar, nameEn: request.test_name_en });
        await repo.setCreatedTest(tx, requestId, testId);
      }
      await recordAudit(tx, {
        actorId: adminId,
        action: decision === 'approved' ? 'test_request.approve' : 'test_request.reject',
        subjectType: 'test_request',
        subjectId: requestId,
        details: { labId: request.requested_by_lab_id, testId },
      });
      const lab = await repo.labMailProfile(tx, request.requested_by_lab_id);
      if (lab?.email) {
        await enqueueMail(tx, {
          to: lab.email,
          locale: lab.locale,
          userId: request.requested_by_lab_id,
          message: {
            template: 'test-request-decided',
            data: {
              name: lab.name,
              testName: { ar: request.test_name_ar, en: request.test_name_en },
              decision,
              link: new URL('/dashboard', publicUrl).toString(),
            },
          },
        });
      }
      return { id: requestId, status: decision, created_test_id: testId, created_test_name_en: testId ? request.test_name_en : null };
    });
  } catch (error) {
    // Another approval created the same name between our check and our insert.
    if (isUniqueViolation(error)) throw new AppError('TEST_ALREADY_EXISTS');
    throw error;
  }
}

/** One page of accounts, searched by name, e-mail or phone, and how many match in all. */
export async function users(db: Kysely<Database>, input: AdminUsersInput) {
  const sortKey = input.sort === 'name' ? 'name' : 'created';
  const [rows, total] = await Promise.all([repo.userPage(db, input, decodeCursor(input.cursor, sortKey)), repo.countUsers(db, input)]);
  const page = pageOf(rows, input.limit, sortKey, (row) => ({ key: input.sort === 'name' ? row.name : row.cursor_at, id: row.id }));
  return {
    total,
    items: page.items.map(({ cursor_at: _, ...row }) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
    nextCursor: page.nextCursor,
  };
}

/** One page of bookings and store orders together, each in its own currency, with a booking's result files and whether its values were released. */
export async function transactions(db: Kysely<Database>, input: AdminTransactionsInput) {
  const rows = await repo.transactionPage(db, input, decodeCursor(input.cursor, 'created'));
  const page = pageOf(rows, input.limit, 'created', (row) => ({ key: row.cursor_at, id: row.id }));
  const bookingIds = page.items.filter((row) => row.kind === 'booking').map((row) => row.id);
  const [files, withValues] = await Promise.all([repo.resultFilesOf(db, bookingIds), repo.bookingsWithReleasedValues(db, bookingIds)]);
  const released = new Set(withValues.map((row) => row.booking_id));
  const resultsOf = (bookingId: string) =>
    files.filter((file) => file.booking_id === bookingId).map(({ id, file_name }) => ({ id, file_name }));
  const items = page.items.map((row) => {
    const booking = row.kind === 'booking';
    const refunded = Number(row.refunded_minor ?? 0);
    return {
      kind: row.kind,
      id: row.id,
      status: row.status,
      amount: booking ? halalasToSar(row.amount_minor) : row.amount_minor / 100,
      currency: row.currency,
      created_at: new Date(row.created_at).toISOString(),
      customer_name: row.customer_name,
      test_name_ar: row.test_name_ar,
      test_name_en: row.test_name_en,
      lab_name_ar: row.lab_name_ar,
      lab_name_en: row.lab_name_en,
      item_count: Number(row.item_count ?? 0),
      results: booking ? resultsOf(row.id) : [],
      // Values released to the patient: the admin reads them with a reason (results.adminReport).
      values_released: booking && released.has(row.id),
      payment: row.payment_reference
        ? {
            provider: row.payment_provider ?? '',
            reference: row.payment_reference,
            // A simulated payment has no gateway to ask: it was paid, and refunded when a refund says so.
            status: row.payment_status ?? (refunded > 0 ? 'refunded' : 'paid'),
            refunded: booking ? halalasToSar(refunded) : refunded / 100,
          }
        : null,
    };
  });
  return { items, nextCursor: page.nextCursor };
}
