import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAbsoluteLinks } from '../../src/server/modules/mail/outbox-sender.ts';
import { type MailMessage, renderMail } from '../../src/server/modules/mail/templates.tsx';
import { normalizeBookingReference } from '../../src/shared/booking-reference.ts';
import { insertBooking, nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { booked, callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Booking references (issue #53, ADR 0058): made by the database for every booking, unique by its
// constraint, the same on the customer's list, the lab's list and the mails, and what a lab's search
// and its system's messages find a booking by.

const REFERENCE = /^TH-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

let database: TestDatabase;
let lab: TestUser;
let otherLab: TestUser;
let labTestId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    await nonFastingTestId(database.db),
    { opensAt: '08:00', closesAt: '20:00' },
    { slot_capacity: 2 },
    20_000,
  ));
  otherLab = await createTestUser(database.db, 'lab', { approved: true });
});
afterAll(() => database.close());

let day = 0;
/** A free slot: another day for each booking, 10:00 in Riyadh, from 2030 on. */
function nextSlot() {
  day++;
  return new Date(Date.UTC(2030, 0, 1 + day, 7, 0)).toISOString();
}

/** A customer books one slot through booking.create, paid at once by the simulated payment. */
async function bookOne() {
  const customer = await createTestUser(database.db, 'customer');
  const api = await callerFor(database.db, customer);
  const answer = booked(await api.booking.create({ items: [{ labTestId, bookingTime: nextSlot() }], idempotencyKey: randomUUID() }));
  return { customer, api, booking: answer.bookings[0]! };
}

async function outboxMail(dedupeKey: string) {
  const row = await database.db
    .selectFrom('outbox')
    .select(['template', 'locale', 'data'])
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirstOrThrow();
  // As the outbox sender renders it.
  const message = { template: row.template, data: withAbsoluteLinks(row.data, testEnv.PUBLIC_URL) } as MailMessage;
  return { data: row.data as { bookingReference: string }, rendered: renderMail(message, row.locale, { publicUrl: testEnv.PUBLIC_URL }) };
}

describe('a booking’s reference', () => {
  it('is the same on the checkout’s answer, the customer’s list, the lab’s list and in the confirmation and reminder mails', async () => {
    const { api, booking } = await bookOne();
    expect(booking.reference).toMatch(REFERENCE);
    expect(normalizeBookingReference(booking.reference)).toBe(booking.reference);

    const mine = await api.booking.mine();
    expect(mine.find((item) => item.id === booking.id)?.reference).toBe(booking.reference);
    const labs = await (await callerFor(database.db, lab)).lab.bookings({ limit: 100 });
    expect(labs.items.find((item) => item.id === booking.id)?.reference).toBe(booking.reference);

    const confirmation = await outboxMail(`booking-confirmed:${booking.id}`);
    expect(confirmation.data.bookingReference).toBe(booking.reference);
    expect(confirmation.rendered.text).toContain(booking.reference);
    const calendar = confirmation.rendered.attachments[0]!.content.replace(/\r\n /g, '');
    expect(calendar).toContain(`UID:booking-${booking.reference}@tahaleel.sa`);
    expect(calendar).toContain(booking.reference);
    const reminder = await outboxMail(`booking-reminder:${booking.id}`);
    expect(reminder.rendered.text).toContain(booking.reference);
  });

  it('is the same in the mails that follow: a moved booking’s and a cancelled one’s', async () => {
    const { api, booking } = await bookOne();
    await api.booking.reschedule({ id: booking.id, bookingTime: nextSlot() });
    expect((await outboxMail(`booking-rescheduled:${booking.id}:1`)).rendered.text).toContain(booking.reference);
    await api.booking.cancel({ id: booking.id });
    expect((await outboxMail(`booking-cancelled:${booking.id}`)).rendered.text).toContain(booking.reference);
    expect((await api.booking.mine()).find((item) => item.id === booking.id)).toMatchObject({
      status: 'cancelled',
      reference: booking.reference,
    });
  });

  it('is given to a booking written by any other path too (a seed, an import), and differs across many bookings', async () => {
    const customer = await createTestUser(database.db, 'customer');
    for (let n = 0; n < 300; n++) await insertBooking(database.db, { customerId: customer.id, labTestId });
    const { rows } = await sql<{ reference: string }>`select reference from bookings order by created_at, id`.execute(database.db);
    const references = rows.map((row) => row.reference);
    expect(references.length).toBeGreaterThanOrEqual(300);
    expect(new Set(references).size).toBe(references.length);
    for (const reference of references) expect(normalizeBookingReference(reference)).toBe(reference);
    // Not a count in the clear: the references of bookings made one after another are in no order.
    const last = references.slice(-300);
    expect(last).not.toEqual([...last].sort());
  });

  it('is refused by the database when another booking has it, or when it is not of the form', async () => {
    const [first, second] = [await bookOne(), await bookOne()];
    const update = (reference: string) =>
      database.db.updateTable('bookings').set({ reference }).where('id', '=', second.booking.id).execute();
    await expect(update(first.booking.reference)).rejects.toMatchObject({ code: '23505' });
    await expect(update('TH-1234')).rejects.toMatchObject({ code: '23514' });
    const [row] = await database.db.selectFrom('bookings').select('reference').where('id', '=', second.booking.id).execute();
    expect(row?.reference).toBe(second.booking.reference);
  });
});

describe('a lab’s search by reference', () => {
  it('finds the booking however the reference is typed: lowercase, without hyphens, spaced, in Arabic digits', async () => {
    const { booking } = await bookOne();
    const caller = await callerFor(database.db, lab);
    const compact = booking.reference.replaceAll('-', '');
    const arabicDigits = booking.reference.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    for (const q of [
      booking.reference,
      booking.reference.toLowerCase(),
      compact.toLowerCase(),
      compact.slice(2),
      ` th ${compact.slice(2, 6)} ${compact.slice(6)} `,
      arabicDigits,
    ]) {
      const found = await caller.lab.bookings({ q });
      expect(
        found.items.map((item) => item.id),
        q,
      ).toEqual([booking.id]);
    }
  });

  it('finds nothing for a reference with one symbol wrong, nor another lab’s booking', async () => {
    const { booking } = await bookOne();
    const code = booking.reference.replaceAll('-', '').slice(2);
    const misread = code.slice(0, 3) + (code[3] === '7' ? '8' : '7') + code.slice(4);
    expect((await (await callerFor(database.db, lab)).lab.bookings({ q: misread })).items).toEqual([]);
    expect((await (await callerFor(database.db, otherLab)).lab.bookings({ q: booking.reference })).items).toEqual([]);
  });
});
