import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { ageOn, todayIn } from '../../src/shared/time.ts';
import { nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { booked, callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Family members (issue #22): the people a customer books for, their bookings and their results.

let database: TestDatabase;
let blobRoot: string;
let app: Hono;
let lab: TestUser;
let labTestId: number;

const mother = { name: 'نورة العتيبي', relation: 'mother', sex: 'female', dateOfBirth: '1961-03-14', nationalId: '1087654321' } as const;
const child = { name: 'Fahad', relation: 'child', sex: 'male', dateOfBirth: '2018-06-15' } as const;
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-family-'));
  app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot) });
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    await nonFastingTestId(database.db),
    { opensAt: '08:00', closesAt: '20:00' },
    { slot_capacity: 2 },
    20_000,
  ));
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

let day = 0;
/** A free slot: another day for each booking, 10:00 in Riyadh, from 2030 on. */
function nextSlot() {
  day++;
  return new Date(Date.UTC(2030, 0, 1 + day, 7, 0)).toISOString();
}

describe('family.list, add, update, remove', () => {
  it('keeps the customer’s own list, oldest first', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const api = await callerFor(database.db, customer);
    const added = await api.family.add(mother);
    await api.family.add(child);
    expect(added).toMatchObject({
      name: mother.name,
      relation: 'mother',
      sex: 'female',
      date_of_birth: '1961-03-14',
      national_id: '1087654321',
    });
    expect((await api.family.list()).map((member) => member.name)).toEqual([mother.name, 'Fahad']);

    const updated = await api.family.update({ id: added.id, ...mother, name: 'نورة بنت سعد العتيبي', nationalId: '' });
    expect(updated).toMatchObject({ name: 'نورة بنت سعد العتيبي', national_id: null });
    await api.family.remove({ id: added.id });
    expect((await api.family.list()).map((member) => member.name)).toEqual(['Fahad']);
  });

  it('refuses a national ID or Iqama number whose check digit is wrong', async () => {
    const api = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    await expect(api.family.add({ ...mother, nationalId: '1087654322' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.family.add({ ...mother, nationalId: '3087654321' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await api.family.add({ ...mother, nationalId: '2123456788' })).toMatchObject({ national_id: '2123456788' });
  });

  it('someone else’s member looks missing: another customer can neither see, change nor remove it', async () => {
    const owner = await createTestUser(database.db, 'customer');
    const stranger = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    const member = await (await callerFor(database.db, owner)).family.add(mother);
    expect(await stranger.family.list()).toEqual([]);
    await expect(stranger.family.update({ id: member.id, ...child })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.family.remove({ id: member.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await (await callerFor(database.db, owner)).family.list()).toEqual([expect.objectContaining({ name: mother.name })]);
  });

  it('is for customers only', async () => {
    await expect((await callerFor(database.db, lab)).family.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await callerFor(database.db)).family.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('booking for a family member', () => {
  it('books for the member, and the lab sees the patient’s name and age, not the account holder’s', async () => {
    const customer = await createTestUser(database.db, 'customer', { name: 'Reem Al-Harbi' });
    const api = await callerFor(database.db, customer);
    const member = await api.family.add(child);
    const booking = booked(
      await api.booking.create({
        items: [{ labTestId, bookingTime: nextSlot(), familyMemberId: member.id }],
        idempotencyKey: randomUUID(),
      }),
    );
    const bookingId = booking.bookings[0]!.id;

    const seen = (await (await callerFor(database.db, lab)).lab.bookings({ q: 'Fahad' })).items.find((row) => row.id === bookingId);
    expect(seen).toMatchObject({
      patient_name: 'Fahad',
      patient_age: ageOn('2018-06-15', todayIn('Asia/Riyadh')),
      for_family_member: true,
      customer_name: 'Reem Al-Harbi',
    });
    const own = booked(await api.booking.create({ items: [{ labTestId, bookingTime: nextSlot() }], idempotencyKey: randomUUID() }));
    const ownSeen = (await (await callerFor(database.db, lab)).lab.bookings({ q: own.bookings[0]!.id })).items.find(
      (row) => row.id === own.bookings[0]!.id,
    );
    expect(ownSeen).toMatchObject({ patient_name: 'Reem Al-Harbi', patient_age: null, for_family_member: false });
  });

  it('refuses a family member of another account, and books nothing', async () => {
    const owner = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    const member = await owner.family.add(mother);
    const stranger = await createTestUser(database.db, 'customer');
    const key = randomUUID();
    await expect(
      (await callerFor(database.db, stranger)).booking.create({
        items: [{ labTestId, bookingTime: nextSlot(), familyMemberId: member.id }],
        idempotencyKey: key,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await database.db.selectFrom('bookings').select('id').where('customer_id', '=', stranger.id).execute()).toEqual([]);
    expect(await database.db.selectFrom('checkouts').select('id').where('idempotency_key', '=', key).execute()).toEqual([]);
  });

  it('refuses a member who was removed from the list', async () => {
    const api = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    const member = await api.family.add(child);
    await api.family.remove({ id: member.id });
    await expect(
      api.booking.create({ items: [{ labTestId, bookingTime: nextSlot(), familyMemberId: member.id }], idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a member with bookings leaves the list but keeps their name on their bookings', async () => {
    const api = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    const member = await api.family.add(child);
    const booking = booked(
      await api.booking.create({
        items: [{ labTestId, bookingTime: nextSlot(), familyMemberId: member.id }],
        idempotencyKey: randomUUID(),
      }),
    );
    await api.family.remove({ id: member.id });
    expect(await api.family.list()).toEqual([]);
    const seen = (await (await callerFor(database.db, lab)).lab.bookings({ q: booking.bookings[0]!.id })).items.find(
      (row) => row.id === booking.bookings[0]!.id,
    );
    expect(seen?.patient_name).toBe('Fahad');
  });

  it('files the result under the patient, for the account holder only', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const api = await callerFor(database.db, customer);
    const member = await api.family.add(mother);
    const booking = booked(
      await api.booking.create({
        items: [{ labTestId, bookingTime: nextSlot(), familyMemberId: member.id }],
        idempotencyKey: randomUUID(),
      }),
    );
    const bookingId = booking.bookings[0]!.id;
    // The visit has happened (a booking is completed from its start on).
    await database.db
      .updateTable('bookings')
      .set({ booking_time: new Date(Date.now() - 3_600_000) })
      .where('id', '=', bookingId)
      .execute();
    await (await callerFor(database.db, lab)).lab.completeBooking({ id: bookingId });
    const form = new FormData();
    form.set('bookingId', bookingId);
    form.set('file', new File([pdf as Uint8Array<ArrayBuffer>], 'cbc.pdf', { type: 'application/pdf' }));
    const upload = await app.request('/files/results', {
      method: 'POST',
      headers: { origin: testEnv.PUBLIC_URL, cookie: lab.cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { id: resultId } = ((await upload.json()) as { result: { id: string } }).result;

    expect(await api.results.mine()).toEqual([expect.objectContaining({ id: resultId, booking_id: bookingId, patient_name: mother.name })]);
    const stranger = await createTestUser(database.db, 'customer');
    expect(await (await callerFor(database.db, stranger)).results.mine()).toEqual([]);
    expect((await app.request(`/files/results/${resultId}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await app.request(`/files/results/${resultId}`, { headers: { cookie: customer.cookie } })).status).toBe(200);
  });
});
