import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as reviewsService from '../../src/server/modules/reviews/reviews.service.ts';
import { REVIEWS_PAGE_SIZE } from '../../src/shared/review-limits.ts';
import { insertBooking, offerTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Reviews (issue #22): one per completed booking by its customer, editable for 14 days; the lab's
// rating and count follow the visible reviews; the lab replies; the admin hides with a reason.

let database: TestDatabase;
let lab: TestUser;
let otherLab: TestUser;
let admin: TestUser;
let labTestId: number;
let otherLabTestId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  lab = await createTestUser(database.db, 'lab', { approved: true });
  otherLab = await createTestUser(database.db, 'lab', { approved: true });
  admin = await createTestUser(database.db, 'admin');
  ({ labTestId } = await offerTest(database.db, lab.id));
  ({ labTestId: otherLabTestId } = await offerTest(database.db, otherLab.id));
});
afterAll(() => database.close());

async function labFigures(labId: string) {
  const row = await database.db.selectFrom('labs').select(['rating', 'review_count']).where('id', '=', labId).executeTakeFirstOrThrow();
  return { rating: Number(row.rating), review_count: row.review_count };
}

/** A customer with a completed booking at `lab` (or the other lab). */
async function customerWithCompletedBooking(at: 'lab' | 'otherLab' = 'lab', name = 'نورة القحطاني') {
  const customer = await createTestUser(database.db, 'customer', { name });
  const bookingId = await insertBooking(database.db, {
    customerId: customer.id,
    labTestId: at === 'lab' ? labTestId : otherLabTestId,
    status: 'completed',
    bookingTime: new Date(Date.now() - 3 * 86_400_000),
  });
  return { customer, bookingId, api: await callerFor(database.db, customer) };
}

describe('reviews.create', () => {
  it('takes one review per completed booking, from its customer, and refuses a second with REVIEW_EXISTS', async () => {
    const { bookingId, api } = await customerWithCompletedBooking('otherLab');
    const review = await api.reviews.create({ bookingId, rating: 4, text: '  خدمة ممتازة  ' });
    expect(review).toMatchObject({
      booking_id: bookingId,
      lab_id: otherLab.id,
      rating: 4,
      text: 'خدمة ممتازة',
      editable: true,
      hidden: false,
    });
    expect(await refusal(api.reviews.create({ bookingId, rating: 5, text: 'again' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'REVIEW_EXISTS',
    });
    const rows = await database.db.selectFrom('reviews').select('rating').where('booking_id', '=', bookingId).execute();
    expect(rows).toEqual([{ rating: 4 }]);
  });

  it('refuses a booking that is not completed yet, then takes it once the lab completes it', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const api = await callerFor(database.db, customer);
    const bookingId = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId: otherLabTestId,
      status: 'confirmed',
      bookingTime: new Date(Date.now() - 3_600_000),
    });
    expect(await refusal(api.reviews.create({ bookingId, rating: 5, text: '' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'BOOKING_NOT_COMPLETED',
    });
    const cancelled = await insertBooking(database.db, { customerId: customer.id, labTestId: otherLabTestId, status: 'cancelled' });
    expect(await refusal(api.reviews.create({ bookingId: cancelled, rating: 5, text: '' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'BOOKING_NOT_COMPLETED',
    });
    await (await callerFor(database.db, otherLab)).lab.completeBooking({ id: bookingId });
    await expect(api.reviews.create({ bookingId, rating: 5, text: '' })).resolves.toMatchObject({ rating: 5, text: '' });
  });

  it("refuses someone else's booking as if it did not exist, and writes nothing", async () => {
    const { bookingId } = await customerWithCompletedBooking('otherLab');
    const stranger = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    expect(await refusal(stranger.reviews.create({ bookingId, rating: 1, text: 'not mine' }))).toEqual({
      code: 'NOT_FOUND',
      appCode: 'NOT_FOUND',
    });
    expect(await database.db.selectFrom('reviews').select('id').where('booking_id', '=', bookingId).execute()).toEqual([]);
  });

  it('refuses a rating outside 1–5, text over 1000 characters and NUL (400), takes out other control characters, and keeps line breaks', async () => {
    const { bookingId, api } = await customerWithCompletedBooking('otherLab');
    for (const input of [
      { rating: 0, text: '' },
      { rating: 6, text: '' },
      { rating: 4.5, text: '' },
      { rating: 4, text: 'x'.repeat(1001) },
      { rating: 4, text: 'nul\u0000' },
    ]) {
      expect(await refusal(api.reviews.create({ bookingId, ...input })), JSON.stringify(input)).toEqual({
        code: 'BAD_REQUEST',
        appCode: null,
      });
    }
    const saved = await api.reviews.create({ bookingId, rating: 3, text: '<b>line one</b>\nline two\u0007' });
    // Stored and answered as the plain text it is; the page draws it as text, never as HTML.
    expect(saved.text).toBe('<b>line one</b>\nline two');
  });
});

describe('reviews.update', () => {
  it('lets the author change the stars and text within 14 days, and refuses after with REVIEW_EDIT_WINDOW_PASSED', async () => {
    const { customer, bookingId, api } = await customerWithCompletedBooking('otherLab');
    const review = await api.reviews.create({ bookingId, rating: 2, text: 'slow' });
    await expect(api.reviews.update({ id: review.id, rating: 4, text: 'better on a second visit' })).resolves.toMatchObject({
      rating: 4,
      text: 'better on a second visit',
    });
    // Thirteen days and a bit later it still may be changed; fourteen days after, no more.
    const written = new Date(review.created_at);
    await expect(
      reviewsService.update(
        database.db,
        customer.id,
        { id: review.id, rating: 5, text: 'ok' },
        new Date(written.getTime() + 13.9 * 86_400_000),
      ),
    ).resolves.toMatchObject({ rating: 5 });
    await expect(
      reviewsService.update(
        database.db,
        customer.id,
        { id: review.id, rating: 1, text: 'late' },
        new Date(written.getTime() + 14 * 86_400_000),
      ),
    ).rejects.toMatchObject({ code: 'REVIEW_EDIT_WINDOW_PASSED' });
    // Through the API too: a review written 15 days ago.
    await sql`update reviews set created_at = now() - interval '15 days' where id = ${review.id}`.execute(database.db);
    expect(await refusal(api.reviews.update({ id: review.id, rating: 1, text: 'late' }))).toEqual({
      code: 'BAD_REQUEST',
      appCode: 'REVIEW_EDIT_WINDOW_PASSED',
    });
    const row = await database.db.selectFrom('reviews').select(['rating', 'text']).where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 5, text: 'ok' });
  });

  it("refuses someone else's review as if it did not exist", async () => {
    const { bookingId, api } = await customerWithCompletedBooking('otherLab');
    const review = await api.reviews.create({ bookingId, rating: 5, text: 'mine' });
    const stranger = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    expect(await refusal(stranger.reviews.update({ id: review.id, rating: 1, text: 'changed' }))).toEqual({
      code: 'NOT_FOUND',
      appCode: 'NOT_FOUND',
    });
    const row = await database.db.selectFrom('reviews').select(['rating', 'text']).where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 5, text: 'mine' });
  });
});

describe("the lab's rating and count", () => {
  it('follow every visible review: created, edited, hidden', async () => {
    const fresh = await createTestUser(database.db, 'lab', { approved: true });
    const { labTestId: offer } = await offerTest(database.db, fresh.id);
    expect(await labFigures(fresh.id)).toEqual({ rating: 0, review_count: 0 });
    const reviewOf = async (rating: number) => {
      const customer = await createTestUser(database.db, 'customer');
      const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId: offer, status: 'completed' });
      const api = await callerFor(database.db, customer);
      return { api, review: await api.reviews.create({ bookingId, rating, text: '' }) };
    };
    const first = await reviewOf(5);
    expect(await labFigures(fresh.id)).toEqual({ rating: 5, review_count: 1 });
    await reviewOf(4);
    const third = await reviewOf(4);
    expect(await labFigures(fresh.id)).toEqual({ rating: 4.3, review_count: 3 });
    await third.api.reviews.update({ id: third.review.id, rating: 1, text: '' });
    expect(await labFigures(fresh.id)).toEqual({ rating: 3.3, review_count: 3 });
    await (await callerFor(database.db, admin)).reviews.hide({ id: first.review.id, reason: 'Not about this lab' });
    expect(await labFigures(fresh.id)).toEqual({ rating: 2.5, review_count: 2 });
    // Search and the lab page read the same figures.
    const page = await (await callerFor(database.db)).catalog.lab({ labId: fresh.id });
    expect(page).toMatchObject({ rating: 2.5, review_count: 2 });
  });

  it("counts again without a customer's reviews when their account is deleted", async () => {
    const fresh = await createTestUser(database.db, 'lab', { approved: true });
    const { labTestId: offer } = await offerTest(database.db, fresh.id);
    const keeper = await createTestUser(database.db, 'customer');
    await (await callerFor(database.db, keeper)).reviews.create({
      bookingId: await insertBooking(database.db, { customerId: keeper.id, labTestId: offer, status: 'completed' }),
      rating: 2,
      text: '',
    });
    const leaver = await createTestUser(database.db, 'customer');
    await (await callerFor(database.db, leaver)).reviews.create({
      bookingId: await insertBooking(database.db, { customerId: leaver.id, labTestId: offer, status: 'completed' }),
      rating: 5,
      text: 'رأيي الشخصي',
    });
    expect(await labFigures(fresh.id)).toEqual({ rating: 3.5, review_count: 2 });
    await database.db.transaction().execute((tx) => reviewsService.eraseReviews(tx, leaver.id));
    expect(await labFigures(fresh.id)).toEqual({ rating: 2, review_count: 1 });
    expect(await database.db.selectFrom('reviews').select('id').where('customer_id', '=', leaver.id).execute()).toEqual([]);
  });
});

describe('reviews.forLab', () => {
  it('pages newest first with no review missed or repeated, even when one is written between pages', async () => {
    const fresh = await createTestUser(database.db, 'lab', { approved: true });
    const { labTestId: offer } = await offerTest(database.db, fresh.id);
    const customer = await createTestUser(database.db, 'customer', { name: 'Sara Al-Otaibi' });
    const ids: string[] = [];
    const total = REVIEWS_PAGE_SIZE * 2 + 3;
    for (let index = 0; index < total; index++) {
      const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId: offer, status: 'completed' });
      ids.push(
        (await (await callerFor(database.db, customer)).reviews.create({ bookingId, rating: 1 + (index % 5), text: `review ${index}` })).id,
      );
    }
    // Two reviews in the same microsecond: the id orders them.
    await sql`update reviews set created_at = (select created_at from reviews where id = ${ids[5]!}) where id = ${ids[6]!}`.execute(
      database.db,
    );
    const visitor = await callerFor(database.db);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof visitor.reviews.forLab>> = await visitor.reviews.forLab({ labId: fresh.id, cursor });
      expect(page.items.length).toBeLessThanOrEqual(REVIEWS_PAGE_SIZE);
      seen.push(...page.items.map((item) => item.id));
      if (pages === 0) {
        // A review written while the reader is on page one is newer: it neither repeats nor pushes one out.
        const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId: offer, status: 'completed' });
        await (await callerFor(database.db, customer)).reviews.create({ bookingId, rating: 5, text: 'late arrival' });
      }
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(ids));
    const first = (await visitor.reviews.forLab({ labId: fresh.id })).items;
    const times = first.map((item) => item.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(first[0]).toMatchObject({ text: 'late arrival', author_name: 'Sara', reply: null });
  });

  it('leaves hidden reviews out, and shows the lab’s reply', async () => {
    const { bookingId, api } = await customerWithCompletedBooking('lab');
    const review = await api.reviews.create({ bookingId, rating: 2, text: 'the wait was long' });
    await (await callerFor(database.db, lab)).reviews.reply({ id: review.id, text: 'نعتذر عن الانتظار' });
    const visitor = await callerFor(database.db);
    const listed = (await visitor.reviews.forLab({ labId: lab.id })).items.find((item) => item.id === review.id);
    expect(listed).toMatchObject({ rating: 2, text: 'the wait was long', reply: { text: 'نعتذر عن الانتظار' } });
    await (await callerFor(database.db, admin)).reviews.hide({ id: review.id, reason: 'Personal details of staff' });
    expect((await visitor.reviews.forLab({ labId: lab.id })).items.map((item) => item.id)).not.toContain(review.id);
    // The lab still sees it, marked hidden with the reason; the author sees it hidden too.
    const own = (await (await callerFor(database.db, lab)).reviews.forMyLab({})).items.find((item) => item.id === review.id);
    expect(own).toMatchObject({ hidden: true, hidden_reason: 'Personal details of staff' });
    expect((await api.reviews.mine()).find((item) => item.id === review.id)).toMatchObject({ hidden: true });
  });

  it('refuses a made-up cursor', async () => {
    expect(await refusal((await callerFor(database.db)).reviews.forLab({ labId: lab.id, cursor: 'not-a-cursor' }))).toEqual({
      code: 'BAD_REQUEST',
      appCode: 'VALIDATION_FAILED',
    });
  });
});

describe('reviews.reply', () => {
  it('is for the lab that did the booking only: one reply, which it may change', async () => {
    const { bookingId, api } = await customerWithCompletedBooking('lab');
    const review = await api.reviews.create({ bookingId, rating: 5, text: 'great' });
    expect(await refusal((await callerFor(database.db, otherLab)).reviews.reply({ id: review.id, text: 'not our patient' }))).toEqual({
      code: 'NOT_FOUND',
      appCode: 'NOT_FOUND',
    });
    expect(await refusal(api.reviews.reply({ id: review.id, text: 'self reply' }))).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    const owner = await callerFor(database.db, lab);
    await owner.reviews.reply({ id: review.id, text: 'شكراً لك' });
    await owner.reviews.reply({ id: review.id, text: 'شكراً لزيارتك' });
    const row = await database.db.selectFrom('reviews').select('reply_text').where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(row.reply_text).toBe('شكراً لزيارتك');
    expect(await refusal(owner.reviews.reply({ id: review.id, text: '   ' }))).toEqual({ code: 'BAD_REQUEST', appCode: null });
  });
});

describe('reviews.hide', () => {
  it('is for admins only, needs a reason, and is written to the audit log', async () => {
    const { bookingId, api } = await customerWithCompletedBooking('lab');
    const review = await api.reviews.create({ bookingId, rating: 1, text: 'rude words' });
    for (const user of [lab, (await customerWithCompletedBooking()).customer]) {
      expect(await refusal((await callerFor(database.db, user)).reviews.hide({ id: review.id, reason: 'spam' }))).toEqual({
        code: 'FORBIDDEN',
        appCode: 'FORBIDDEN',
      });
    }
    const adminApi = await callerFor(database.db, admin);
    expect(await refusal(adminApi.reviews.hide({ id: review.id, reason: ' ' }))).toEqual({ code: 'BAD_REQUEST', appCode: null });
    const stillVisible = await database.db.selectFrom('reviews').select('hidden_at').where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(stillVisible.hidden_at).toBeNull();
    await adminApi.reviews.hide({ id: review.id, reason: 'Offensive language' });
    const entries = await database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'details'])
      .where('subject_type', '=', 'review')
      .where('subject_id', '=', review.id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: admin.id, action: 'review.hide' });
    expect(entries[0]!.details).toMatchObject({ reason: 'Offensive language', labId: lab.id });
    const log = await adminApi.admin.auditLog({ limit: 5, filters: { action: 'review.hide' } });
    expect(log.items[0]).toMatchObject({ action: 'review.hide', reason: 'Offensive language' });
  });
});

describe('reviews.show', () => {
  it('puts a hidden review back on the lab page and in its rating, for admins only, with the reason in the audit log', async () => {
    const fresh = await createTestUser(database.db, 'lab', { approved: true });
    const { labTestId: offer } = await offerTest(database.db, fresh.id);
    const reviewOf = async (rating: number) => {
      const customer = await createTestUser(database.db, 'customer');
      const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId: offer, status: 'completed' });
      return (await callerFor(database.db, customer)).reviews.create({ bookingId, rating, text: 'fine' });
    };
    const kept = await reviewOf(5);
    const hidden = await reviewOf(1);
    const adminApi = await callerFor(database.db, admin);
    await adminApi.reviews.hide({ id: hidden.id, reason: 'Looked like spam' });
    expect(await labFigures(fresh.id)).toEqual({ rating: 5, review_count: 1 });

    for (const user of [fresh, lab, (await customerWithCompletedBooking()).customer]) {
      expect(await refusal((await callerFor(database.db, user)).reviews.show({ id: hidden.id, reason: 'mine' }))).toEqual({
        code: 'FORBIDDEN',
        appCode: 'FORBIDDEN',
      });
    }
    expect(await refusal(adminApi.reviews.show({ id: hidden.id, reason: '  ' }))).toEqual({ code: 'BAD_REQUEST', appCode: null });
    expect(await labFigures(fresh.id)).toEqual({ rating: 5, review_count: 1 });

    await adminApi.reviews.show({ id: hidden.id, reason: 'A real visit after all' });
    expect(await labFigures(fresh.id)).toEqual({ rating: 3, review_count: 2 });
    const visitor = await callerFor(database.db);
    expect((await visitor.reviews.forLab({ labId: fresh.id })).items.map((item) => item.id).sort()).toEqual([kept.id, hidden.id].sort());
    const own = (await (await callerFor(database.db, fresh)).reviews.forMyLab({})).items.find((item) => item.id === hidden.id);
    expect(own).toMatchObject({ hidden: false, hidden_reason: null });
    const log = await adminApi.admin.auditLog({ limit: 5, filters: { action: 'review.show' } });
    expect(log.items[0]).toMatchObject({ action: 'review.show', reason: 'A real visit after all' });

    // Shown twice: nothing changes, and nothing more is logged.
    await adminApi.reviews.show({ id: hidden.id, reason: 'again' });
    const shows = await database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'review.show')
      .where('subject_id', '=', hidden.id)
      .execute();
    expect(shows).toHaveLength(1);
  });
});
