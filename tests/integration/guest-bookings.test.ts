import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { openGuestLink } from '../../src/server/modules/guest-links/guest-links.service.ts';
import type { OutboxSender } from '../../src/server/modules/mail/outbox-sender.ts';
import { nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { openDatabaseWithMail } from '../setup/database-with-mail.ts';
import { mailedLinkToken, testEnv } from '../setup/fixtures.ts';
import { apiClient, cookiePair } from '../setup/http.ts';
import type { ReceivedMail, TestSmtpServer } from '../setup/smtp.ts';
import type { TestDatabase } from '../setup/test-db.ts';

// Issue #57, "Guests are never left without a record" (ADR 0066): a guest who gives an address gets its
// booking mails there, with a link that opens its bookings on any device without an account, until the
// booking has ended; a guest who gives none is mailed nothing.

let database: TestDatabase;
let smtp: TestSmtpServer;
let sender: OutboxSender;
let closeMail: () => Promise<void>;
let api: ReturnType<typeof apiClient>;
let labTestId: number;

beforeAll(async () => {
  ({ database, smtp, sender, close: closeMail } = await openDatabaseWithMail());
  // Each request from its own address: the per-address limits (guests an hour) do not bleed between tests.
  api = apiClient(createApp({ db: database.db, env: testEnv, clientIp: () => `10.7.${random(250)}.${random(250)}` }));
  // Two seats a slot, as a new lab has: the tests draw their days at random and may meet.
  ({ labTestId } = await openLabSelling(
    database.db,
    await nonFastingTestId(database.db),
    { opensAt: '08:00', closesAt: '20:00' },
    { slot_capacity: 2 },
    20_000,
  ));
});
afterAll(() => closeMail());

function random(below: number) {
  return Math.floor(Math.random() * below);
}

interface Me {
  id: string;
  email: string | null;
  contact_email: string | null;
  is_anonymous: boolean;
}
interface MyBooking {
  id: string;
  status: string;
  booking_time: string;
}

/** Some day 3 to 30 days ahead at `hour` in Riyadh: each test its own seat. */
function aTime(hour: number): string {
  const day = new Date(Date.now() + (3 + random(28)) * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`).toISOString();
}

async function guest(input: { email?: string }) {
  const signedIn = await api.mutate<Me>('auth.signInAnonymously', { name: 'خالد', phone: '0501234567', ...input });
  expect(signedIn.status).toBe(200);
  return { me: signedIn.data, cookie: cookiePair(signedIn.cookies[0]) };
}

async function book(cookie: string, bookingTime: string) {
  const created = await api.mutate<{ bookings: Array<{ id: string }> }>(
    'booking.create',
    { items: [{ labTestId, bookingTime }], idempotencyKey: randomUUID() },
    cookie,
  );
  expect(created.status).toBe(200);
  return created.data.bookings[0]!.id;
}

async function mailsTo(address: string): Promise<ReceivedMail[]> {
  await sender.drain();
  return smtp.to(address);
}

/** The manage link's token in a mail, and the button's label around it. */
function manageLinkIn(mail: ReceivedMail): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname === '/manage-booking');
  expect(link, 'a /manage-booking link').toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

const openLink = (token: string) => api.mutate<Me>('auth.openGuestLink', { token });

describe('a guest who gives an address', () => {
  it('is mailed the confirmation with a link that opens its bookings elsewhere, to see, move and cancel them', async () => {
    const address = `guest-${randomUUID()}@example.sa`;
    const { me, cookie } = await guest({ email: `  ${address.toUpperCase()} ` });
    // The address is the guest's contact, not an account's: the guest still has no e-mail to sign in with.
    expect(me).toMatchObject({ is_anonymous: true, email: null, contact_email: address });
    const bookingId = await book(cookie, aTime(10));

    const [confirmation, ...others] = await mailsTo(address);
    expect(others).toHaveLength(0);
    expect(confirmation!.subject).toContain('تم تأكيد موعدك');
    expect(confirmation!.text).toContain('إدارة حجزي');
    expect(confirmation!.text).toContain('حجزت كزائر');
    const token = manageLinkIn(confirmation!);

    // Another device, no cookie: the link opens the guest's session there.
    const opened = await openLink(token);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ id: me.id, is_anonymous: true });
    const elsewhere = cookiePair(opened.cookies.find((value) => value.startsWith('tahaleel_session=')));
    const mine = await api.query<MyBooking[]>('booking.mine', elsewhere);
    expect(mine.data.map((booking) => booking.id)).toEqual([bookingId]);

    // It may be opened again (the phone, then the laptop).
    expect((await openLink(token)).status).toBe(200);

    // Moved from there: the new details go to the same address, with a link of their own.
    const moved = await api.mutate('booking.reschedule', { id: bookingId, bookingTime: aTime(15) }, elsewhere);
    expect(moved.status).toBe(200);
    const rescheduled = (await mailsTo(address)).find((mail) => mail.subject.includes('تم تغيير موعدك'));
    expect(rescheduled).toBeDefined();
    expect(manageLinkIn(rescheduled!)).not.toBe(token);

    // Cancelled from there, and told so at the address.
    expect((await api.mutate('booking.cancel', { id: bookingId }, elsewhere)).status).toBe(200);
    expect((await api.query<MyBooking[]>('booking.mine', elsewhere)).data[0]).toMatchObject({ id: bookingId, status: 'cancelled' });
    expect((await mailsTo(address)).some((mail) => mail.subject.includes('تم إلغاء موعدك'))).toBe(true);
  });

  it('the link stops working once its booking has ended, and a token never mailed opens nothing', async () => {
    const address = `guest-${randomUUID()}@example.sa`;
    const { me, cookie } = await guest({ email: address });
    await book(cookie, aTime(11));
    const token = manageLinkIn((await mailsTo(address))[0]!);

    // The link lasts until the booking ends: past its start, at the end of its slot.
    const link = await database.db.selectFrom('guest_links').select('expires_at').where('user_id', '=', me.id).executeTakeFirstOrThrow();
    const [booked] = await api.query<MyBooking[]>('booking.mine', cookie).then((answer) => answer.data);
    expect(link.expires_at.getTime()).toBeGreaterThan(new Date(booked!.booking_time).getTime());
    expect((await openLink(token)).status).toBe(200);

    // A second after that, it opens nothing.
    const afterwards = new Date(link.expires_at.getTime() + 1000);
    await expect(openGuestLink(database.db, token, '10.7.0.1', afterwards)).rejects.toMatchObject({ code: 'LINK_EXPIRED' });

    // A token never mailed opens nothing.
    expect((await openLink('a'.repeat(32))).error?.data.appCode).toBe('LINK_INVALID');
  });

  it('becoming a customer closes the link: the bookings are behind the new sign-in, and the address is the account’s', async () => {
    const address = `guest-${randomUUID()}@example.sa`;
    const { me, cookie } = await guest({ email: address });
    await book(cookie, aTime(12));
    const token = manageLinkIn((await mailsTo(address))[0]!);

    const upgraded = await api.mutate('auth.upgradeAnonymous', { email: address, password: 'a-new-passphrase' }, cookie);
    expect(upgraded.status).toBe(200);
    expect((await api.mutate('auth.verifyEmail', { token: await mailedLinkToken(database.db, address, 'verify-email') })).status).toBe(200);

    expect((await openLink(token)).error?.data.appCode).toBe('ALREADY_REGISTERED');
    const account = await database.db
      .selectFrom('users')
      .select(['email', 'contact_email'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ email: address, contact_email: null });
  });
});

describe('a guest who gives no address', () => {
  it('is mailed nothing and has no link', async () => {
    const { me, cookie } = await guest({ email: '' });
    expect(me).toMatchObject({ is_anonymous: true, email: null, contact_email: null });
    const bookingId = await book(cookie, aTime(13));
    await sender.drain();
    const mails = await database.db.selectFrom('outbox').select('template').where('user_id', '=', me.id).execute();
    expect(mails).toHaveLength(0);
    expect(await database.db.selectFrom('guest_links').select('id').where('user_id', '=', me.id).execute()).toHaveLength(0);
    expect((await api.query<MyBooking[]>('booking.mine', cookie)).data.map((booking) => booking.id)).toEqual([bookingId]);
  });

  it('a malformed address is refused with its field named, and nothing is made', async () => {
    const refused = await api.mutate('auth.signInAnonymously', { name: 'خالد', phone: '0501234567', email: 'not-an-address' });
    expect(refused.status).toBe(400);
    expect(refused.error?.data.fieldErrors?.email).toEqual(['invalid_email']);
  });
});
