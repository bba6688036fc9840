import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as mendVisitsWithResults } from '../../migrations/0078_visits_with_results_completed.ts';
import { uploadResult } from '../../src/server/modules/result-files/result-files.service.ts';
import type { BlobStore } from '../../src/server/platform/blob-store.ts';
import { sharedKeyring } from '../../src/server/platform/result-sealing.ts';
import { insertBooking, offerNamedTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #77 item 2: a visit with results happened. Releasing results completes it; "no-show" is refused
// once any result exists; existing contradictions are mended; and a no-show with results never counts
// towards paying up front.

let database: TestDatabase;
let lab: TestUser;
let labTestId: number;

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function memoryBlobs(): BlobStore {
  const stored = new Map<string, Uint8Array>();
  return {
    put: async (key, bytes) => void stored.set(key, bytes),
    get: async (key) => stored.get(key) ?? null,
    delete: async (key) => void stored.delete(key),
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  lab = await createTestUser(database.db, 'lab', { approved: true });
  ({ labTestId } = await offerNamedTest(database.db, lab.id, 'Electrolytes (Sodium, Potassium, Chloride)'));
});
afterAll(() => database.close());

async function sodium() {
  const row = await database.db.selectFrom('analytes').select('id').where('loinc', '=', '2951-2').executeTakeFirstOrThrow();
  return { analyteId: row.id, value: '140', unit: null, comment: null };
}

async function statusSeenBy(customer: TestUser, bookingId: string) {
  const mine = await (await callerFor(database.db, customer)).booking.mine();
  return mine.find((booking) => booking.id === bookingId)?.status;
}

/** A result file's row, as a lab's upload leaves it (the bytes are not needed to count it). */
async function insertResultFile(bookingId: string, uploadedBy: string) {
  await database.db
    .insertInto('result_files')
    .values({
      booking_id: bookingId,
      uploaded_by: uploadedBy,
      storage_key: `${bookingId}/${crypto.randomUUID()}`,
      file_name: 'result.pdf',
      content_type: 'application/pdf',
      size_bytes: PDF.byteLength,
      sha256: '0'.repeat(64),
    })
    .execute();
}

describe('a visit with results happened', () => {
  it('is completed when its report is released, and refuses "no-show" from the first saved value on', async () => {
    const patient = await createTestUser(database.db, 'customer');
    const bookingId = await insertBooking(database.db, { customerId: patient.id, labTestId, bookingTime: daysAgo(1) });
    const labCaller = await callerFor(database.db, lab);

    await labCaller.results.saveDraft({ bookingId, patientSex: 'female', releaseAs: 'final', note: null, observations: [await sodium()] });
    expect(await refusal(labCaller.lab.markNoShow({ id: bookingId }))).toEqual({ code: 'CONFLICT', appCode: 'VISIT_HAS_RESULTS' });
    expect(await statusSeenBy(patient, bookingId)).toBe('confirmed');

    await labCaller.results.release({ bookingId });
    expect(await statusSeenBy(patient, bookingId)).toBe('completed');
    const seen = (await labCaller.lab.bookings({ q: undefined, sort: 'latest', status: 'all' })).items.find((row) => row.id === bookingId);
    expect(seen).toMatchObject({ status: 'completed', has_results: true });
  });

  it('is completed when a result file is uploaded from its start on, and a no-show takes no file', async () => {
    const patient = await createTestUser(database.db, 'customer');
    const vault = { blobs: memoryBlobs(), keyring: await sharedKeyring(testEnv) };
    const caller = { id: lab.id, user_type: 'lab' as const, approved: true };

    const came = await insertBooking(database.db, { customerId: patient.id, labTestId, bookingTime: daysAgo(2) });
    await uploadResult(database.db, vault, caller, { bookingId: came, fileName: 'result.pdf', bytes: PDF });
    expect(await statusSeenBy(patient, came)).toBe('completed');

    const missed = await insertBooking(database.db, { customerId: patient.id, labTestId, bookingTime: daysAgo(3) });
    await (await callerFor(database.db, lab)).lab.markNoShow({ id: missed });
    await expect(uploadResult(database.db, vault, caller, { bookingId: missed, fileName: 'result.pdf', bytes: PDF })).rejects.toMatchObject(
      {
        code: 'BOOKING_NO_SHOW',
      },
    );
    expect(await statusSeenBy(patient, missed)).toBe('no_show');
  });
});

describe('visits recorded before this rule', () => {
  it('are mended: a no-show or a confirmed visit that has results becomes completed, one without stays as it was', async () => {
    const patient = await createTestUser(database.db, 'customer');
    const noShowWithFile = await insertBooking(database.db, {
      customerId: patient.id,
      labTestId,
      status: 'no_show',
      bookingTime: daysAgo(5),
    });
    const confirmedWithFile = await insertBooking(database.db, { customerId: patient.id, labTestId, bookingTime: daysAgo(6) });
    const noShowAlone = await insertBooking(database.db, { customerId: patient.id, labTestId, status: 'no_show', bookingTime: daysAgo(7) });
    await insertResultFile(noShowWithFile, lab.id);
    await insertResultFile(confirmedWithFile, lab.id);

    await mendVisitsWithResults(database.db);

    expect(await statusSeenBy(patient, noShowWithFile)).toBe('completed');
    expect(await statusSeenBy(patient, confirmedWithFile)).toBe('completed');
    expect(await statusSeenBy(patient, noShowAlone)).toBe('no_show');
  });
});

describe('paying up front after no-shows', () => {
  it('counts no visit that has results as missed', async () => {
    const strict = await createTestUser(database.db, 'lab', { approved: true });
    await database.db.updateTable('labs').set({ no_show_prepay: true }).where('id', '=', strict.id).execute();
    const offering = (await offerNamedTest(database.db, strict.id, 'Electrolytes (Sodium, Potassium, Chloride)')).labTestId;
    const patient = await createTestUser(database.db, 'customer');
    await insertBooking(database.db, { customerId: patient.id, labTestId: offering, status: 'no_show', bookingTime: daysAgo(9) });
    const contradicted = await insertBooking(database.db, {
      customerId: patient.id,
      labTestId: offering,
      status: 'no_show',
      bookingTime: daysAgo(20),
    });
    await insertResultFile(contradicted, strict.id);

    const terms = await (await callerFor(database.db, patient)).booking.seriesPaymentTerms({ labId: strict.id });
    expect(terms).toMatchObject({ pay_each_visit: true, reason: null, no_shows: 1 });
  });
});
