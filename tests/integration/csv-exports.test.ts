import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { insertBooking, offerTest } from '../setup/dashboard-fixtures.ts';
import { createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { cookiePair } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

/*
 * GET /exports/{transactions|bookings|orders}.csv through the real HTTP app: who may take which file,
 * what the file holds (a lab only its own bookings), its bytes (BOM, UTF-8 Arabic, RFC 4180 quoting,
 * no formula a spreadsheet would run), its filters, and a stream that stays whole while rows are added.
 */

const ORIGIN = 'http://localhost:3000';
let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let admin: TestUser;
let lab: TestUser;
let otherLab: TestUser;
let customer: TestUser;
let labTestId: number;
let otherLabTestId: number;

let addresses = 0;
const someAddress = () => `10.9.${Math.floor(++addresses / 250) % 250}.${addresses % 250}`;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  app = createApp({ db, env: testEnv, clientIp: someAddress });
  admin = await createTestUser(db, 'admin');
  lab = await createTestUser(db, 'lab', { approved: true });
  otherLab = await createTestUser(db, 'lab', { approved: true });
  customer = await createTestUser(db, 'customer', { name: 'نورة القحطاني' });
  ({ labTestId } = await offerTest(db, lab.id, 15_000));
  ({ labTestId: otherLabTestId } = await offerTest(db, otherLab.id, 9_900));
});
afterAll(async () => {
  await database.close();
});

const BOM = [0xef, 0xbb, 0xbf];

function get(path: string, user?: { cookie: string }, headers: Record<string, string> = {}) {
  return app.request(path, { headers: { ...(user?.cookie ? { cookie: user.cookie } : {}), ...headers } });
}

/** RFC 4180 read back: quoted fields (with "" for a quote, commas and line breaks inside), CRLF records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index++;
    } else field += char;
  }
  if (field !== '' || record.length > 0) throw new Error(`the file does not end with CRLF: ${JSON.stringify(record)}`);
  return records;
}

/** The file's bytes: the BOM first, then UTF-8 that decodes without a replacement character. */
async function csvOf(response: Response): Promise<string[][]> {
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="tahaleel-[a-z]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual(BOM);
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.slice(3));
  const records = parseCsv(text);
  const width = records[0]!.length;
  for (const record of records) expect(record).toHaveLength(width);
  return records;
}

const ids = (records: string[][]) => records.slice(1).map((record) => record[0]);

describe('who may take which file', () => {
  async function guest() {
    const response = await app.request('/trpc/auth.signInAnonymously', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ name: 'ضيف', phone: '0551234567' }),
    });
    expect(response.status).toBe(200);
    return { cookie: cookiePair(response.headers.getSetCookie()[0]) };
  }

  it('answers each role as the rules say: admin all three, an approved lab its bookings, nobody else', async () => {
    const db = database.db;
    const callers: Record<string, { cookie: string } | undefined> = {
      visitor: undefined,
      guest: await guest(),
      customer: await createTestUser(db, 'customer'),
      pendingLab: await createTestUser(db, 'lab', { approved: false }),
      lab: await createTestUser(db, 'lab', { approved: true }),
      admin: await createTestUser(db, 'admin'),
    };
    const seen: Record<string, Record<string, string>> = {};
    for (const file of ['transactions', 'bookings', 'orders']) {
      seen[file] = {};
      for (const [role, caller] of Object.entries(callers)) {
        const response = await get(`/exports/${file}.csv`, caller);
        const body = response.status === 200 ? null : ((await response.json()) as { error: { appCode: string } });
        seen[file][role] = body ? `${response.status} ${body.error.appCode}` : `${response.status}`;
        if (response.status === 200) await response.arrayBuffer();
      }
    }
    const refused = { visitor: '401 UNAUTHENTICATED', guest: '403 FORBIDDEN', customer: '403 FORBIDDEN' };
    expect(seen).toEqual({
      transactions: { ...refused, pendingLab: '403 FORBIDDEN', lab: '403 FORBIDDEN', admin: '200' },
      bookings: { ...refused, pendingLab: '403 LAB_NOT_APPROVED', lab: '200', admin: '200' },
      orders: { ...refused, pendingLab: '403 FORBIDDEN', lab: '403 FORBIDDEN', admin: '200' },
    });
  });

  it('gives a lab its own bookings only, and the admin every lab’s', async () => {
    const mine = await insertBooking(database.db, { customerId: customer.id, labTestId });
    const theirs = await insertBooking(database.db, { customerId: customer.id, labTestId: otherLabTestId });
    const labFile = ids(await csvOf(await get('/exports/bookings.csv', lab)));
    expect(labFile).toContain(mine);
    expect(labFile).not.toContain(theirs);
    const otherFile = ids(await csvOf(await get('/exports/bookings.csv', otherLab)));
    expect(otherFile).toContain(theirs);
    expect(otherFile).not.toContain(mine);
    const adminFile = ids(await csvOf(await get('/exports/bookings.csv', admin)));
    expect(adminFile).toEqual(expect.arrayContaining([mine, theirs]));
  });

  it('answers a filter that does not parse with 400, naming it', async () => {
    for (const [path, field] of [
      ['/exports/bookings.csv?status=lost', 'status'],
      ['/exports/bookings.csv?from=2026-13-01', 'from'],
      ['/exports/orders.csv?from=2026-05-02&to=2026-05-01', 'to'],
      ['/exports/transactions.csv?kind=refund', 'kind'],
      ['/exports/transactions.csv?locale=fr', 'locale'],
      [`/exports/bookings.csv?q=${encodeURIComponent('a\u0000b')}`, 'q'],
    ] as const) {
      const response = await get(path, admin);
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { error: { appCode: string; details: { fields: string[] } } };
      expect(body.error).toEqual({ appCode: 'VALIDATION_FAILED', details: { fields: [field] } });
    }
  });
});

describe('the file', () => {
  it('starts with the BOM, keeps Arabic intact in UTF-8, and heads its columns in the reader’s language', async () => {
    const id = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed', priceHalalas: 14_950 });
    const test = await database.db
      .selectFrom('lab_tests')
      .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
      .select(['tests.name_ar', 'tests.name_en'])
      .where('lab_tests.id', '=', labTestId)
      .executeTakeFirstOrThrow();

    const arabic = await csvOf(await get('/exports/bookings.csv', admin));
    expect(arabic[0]!.slice(0, 4)).toEqual(['الحجز', 'تاريخ الحجز', 'الموعد', 'التحليل']);
    const row = arabic.find((record) => record[0] === id)!;
    expect(row).toEqual(expect.arrayContaining([test.name_ar, 'مختبر الاختبار', 'نورة القحطاني', 'مكتمل', '149.50']));

    // The language cookie the site sets, and the link's own `locale`, which wins.
    const english = await csvOf(await get('/exports/bookings.csv', admin, { cookie: `${admin.cookie}; tahaleel_locale=en` }));
    expect(english[0]!.slice(0, 4)).toEqual(['Booking', 'Booked at', 'Appointment', 'Test']);
    expect(english.find((record) => record[0] === id)).toEqual(expect.arrayContaining([test.name_en, 'Test Lab', 'Completed']));
    const asked = await csvOf(await get('/exports/bookings.csv?locale=ar', admin, { cookie: `${admin.cookie}; tahaleel_locale=en` }));
    expect(asked[0]![0]).toBe('الحجز');
  });

  it('quotes as RFC 4180 says and never starts a cell with a formula', async () => {
    const db = database.db;
    const names = ['=HYPERLINK("http://evil.example","فتح")', '+966 55 123, "Noura"', '-2+3', '@SUM(A1)', 'سطر\r\nثان'];
    const written: string[] = [];
    for (const name of names) {
      const person = await createTestUser(db, 'customer', { name });
      written.push(await insertBooking(db, { customerId: person.id, labTestId }));
    }
    const response = await get('/exports/bookings.csv?locale=en', admin);
    const raw = new TextDecoder().decode(await response.clone().arrayBuffer());
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example"",""فتح"")"`);
    const records = await csvOf(response);
    const customerColumn = records[0]!.indexOf('Customer');
    const byId = new Map(records.map((record) => [record[0], record[customerColumn]]));
    expect(written.map((id) => byId.get(id))).toEqual([
      `'=HYPERLINK("http://evil.example","فتح")`,
      `'+966 55 123, "Noura"`,
      `'-2+3`,
      `'@SUM(A1)`,
      'سطر\r\nثان',
    ]);
    // Amounts stay numbers.
    const priceColumn = records[0]!.indexOf('Price (SAR)');
    expect(records.find((record) => record[0] === written[0])![priceColumn]).toBe('200.00');
  });

  it('holds the rows the list’s filters show: status, days (Riyadh) and a search', async () => {
    const db = database.db;
    const filtered = await createTestUser(db, 'lab', { approved: true });
    const { labTestId: offering } = await offerTest(db, filtered.id);
    const person = await createTestUser(db, 'customer', { name: `Filter ${randomUUID().slice(0, 6)}` });
    const completed = await insertBooking(db, { customerId: person.id, labTestId: offering, status: 'completed' });
    const cancelled = await insertBooking(db, { customerId: person.id, labTestId: offering, status: 'cancelled' });
    const old = await insertBooking(db, { customerId: person.id, labTestId: offering });
    // 23:30 Riyadh on 1 March is still 1 March there (20:30 UTC).
    await sql`update bookings set created_at = '2026-03-01T20:30:00Z' where id = ${old}`.execute(db);

    expect(ids(await csvOf(await get('/exports/bookings.csv?status=completed', filtered)))).toEqual([completed]);
    expect(ids(await csvOf(await get('/exports/bookings.csv?status=', filtered))).sort()).toEqual([completed, cancelled, old].sort());
    expect(ids(await csvOf(await get('/exports/bookings.csv?from=2026-03-01&to=2026-03-01', filtered)))).toEqual([old]);
    expect(ids(await csvOf(await get('/exports/bookings.csv?to=2026-02-28', filtered)))).toEqual([]);
    expect(ids(await csvOf(await get(`/exports/bookings.csv?q=${encodeURIComponent(person.email)}`, admin))).sort()).toEqual(
      [completed, cancelled, old].sort(),
    );
    expect(ids(await csvOf(await get(`/exports/bookings.csv?q=${cancelled.slice(0, 8)}`, filtered)))).toEqual([cancelled]);
  });
});

describe('transactions and store orders', () => {
  async function insertOrder(status: 'pending' | 'paid' | 'shipped', buyerName: string, totalCents: number) {
    const { id } = await database.db
      .insertInto('store_orders')
      .values({
        status,
        currency: 'SAR',
        total_cents: totalCents,
        buyer_name: buyerName,
        buyer_email: 'buyer@example.sa',
        buyer_phone: '+966551234567',
        ship_city: 'Riyadh',
        ship_district: 'Al Olaya',
        ship_street: 'King Fahd Road',
        ship_building_number: '2929',
        ship_postal_code: '12211',
        paid_at: status === 'pending' ? null : new Date(),
        tracking_number: status === 'shipped' ? 'SMSA-123' : null,
        success_url: `${ORIGIN}/success`,
        cancel_url: `${ORIGIN}/store`,
        reserved_until: new Date(Date.now() + 900_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
  const reference = (id: string) => `ST-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;

  it('lists bookings and orders together newest first, or one kind, as the Transactions list does', async () => {
    const booking = await insertBooking(database.db, { customerId: customer.id, labTestId });
    // A minute older than the order: PGlite's clock counts milliseconds, so two rows written one after
    // the other can share a created_at, and then their random ids decide which comes first.
    await database.db.updateTable('bookings').set({ created_at: sql`now() - interval '1 minute'` }).where('id', '=', booking).execute();
    const order = await insertOrder('paid', 'سارة', 12_345);
    const both = await csvOf(await get('/exports/transactions.csv?locale=en', admin));
    expect(both[0]).toEqual([
      'Date',
      'Type',
      'Reference',
      'Test',
      'Lab',
      'Items',
      'Customer',
      'Status',
      'Amount',
      'Currency',
      'Payment',
      'Payment reference',
      'Refunded',
    ]);
    const references = both.slice(1).map((record) => record[2]);
    expect(references.indexOf(reference(order))).toBeLessThan(references.indexOf(booking));
    expect(both.find((record) => record[2] === reference(order))).toEqual(
      expect.arrayContaining(['Store order', 'سارة', 'Paid', '123.45']),
    );
    const dates = both.slice(1).map((record) => record[0]!);
    expect([...dates].sort().reverse()).toEqual(dates);

    const bookingsOnly = await csvOf(await get('/exports/transactions.csv?kind=booking', admin));
    expect(bookingsOnly.slice(1).every((record) => record[1] === 'تحليل مخبري')).toBe(true);
    const ordersOnly = await csvOf(await get('/exports/transactions.csv?kind=store_order', admin));
    expect(ordersOnly.slice(1).every((record) => record[1] === 'طلب من المتجر')).toBe(true);
    expect(ordersOnly.map((record) => record[2])).toContain(reference(order));
  });

  it('finds by a payment’s reference what the Transactions list finds, the file as the screen', async () => {
    const order = await insertOrder('paid', 'Reem', 9_900);
    const paymentReference = `pay_${randomUUID().replaceAll('-', '')}`;
    await database.db.updateTable('store_orders').set({ payment_reference: paymentReference }).where('id', '=', order).execute();
    await insertOrder('paid', 'Reem', 9_900);
    const q = paymentReference.slice(4, 20);
    const file = await csvOf(await get(`/exports/transactions.csv?q=${q}`, admin));
    expect(file.slice(1).map((record) => record[2])).toEqual([reference(order)]);
    const list = await get(`/trpc/admin.transactions?input=${encodeURIComponent(JSON.stringify({ q }))}`, admin);
    const body = (await list.json()) as { result: { data: { items: { id: string }[] } } };
    expect(body.result.data.items.map((item) => item.id)).toEqual([order]);
  });

  it('gives the store orders the admin’s order list shows, with its status filter', async () => {
    const paid = await insertOrder('paid', 'Huda', 5_000);
    const shipped = await insertOrder('shipped', 'Huda', 7_000);
    const pending = await insertOrder('pending', 'Huda', 9_000);
    const all = (await csvOf(await get('/exports/orders.csv?q=Huda', admin))).map((record) => record[0]);
    expect(all).toEqual(expect.arrayContaining([reference(paid), reference(shipped)]));
    // As the list: an order still awaiting payment is not one to prepare.
    expect(all).not.toContain(reference(pending));
    const onlyShipped = await csvOf(await get('/exports/orders.csv?status=shipped&q=Huda&locale=en', admin));
    expect(onlyShipped.slice(1).map((record) => record[0])).toEqual([reference(shipped)]);
    expect(onlyShipped[1]).toEqual(expect.arrayContaining(['Huda', 'Shipped', '70.00', 'SMSA-123']));
  });
});

describe('streaming', () => {
  it('sends the file in batches, and rows added while it streams neither repeat nor push rows out', async () => {
    const db = database.db;
    const busy = await createTestUser(db, 'lab', { approved: true });
    const { labTestId: offering } = await offerTest(db, busy.id);
    // 1,234 bookings made a second apart (each for its own time: ADR 0064), older than anything the test adds
    // later: more than two batches.
    await sql`
      insert into bookings (customer_id, lab_test_id, booking_time, total_price_halalas, status, created_at)
      select ${customer.id}::uuid, ${offering}::int, now() + interval '3 days' + n * interval '1 minute', 10000, 'confirmed',
             now() - interval '1 day' - n * interval '1 second'
      from generate_series(1, 1234) as n`.execute(db);
    const before = (
      await db
        .selectFrom('bookings')
        .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
        .select('bookings.id')
        .where('lab_tests.lab_id', '=', busy.id)
        .execute()
    ).map((row) => row.id);

    const response = await get('/exports/bookings.csv', busy);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    const read = async () => {
      const next = await reader.read();
      if (!next.done) chunks.push(next.value);
      return !next.done;
    };
    // The header, then the first batch: only then are rows added (newer than every row the file holds).
    await read();
    await read();
    const added = [
      await insertBooking(db, { customerId: customer.id, labTestId: offering }),
      await insertBooking(db, { customerId: customer.id, labTestId: offering }),
    ];
    while (await read()) {
      // read to the end
    }
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    const records = parseCsv(new TextDecoder('utf-8', { fatal: true }).decode(bytes.slice(3)));
    const sent = ids(records);
    expect(new Set(sent).size).toBe(sent.length);
    expect([...sent].sort()).toEqual([...before].sort());
    for (const id of added) expect(sent).not.toContain(id);
    for (const record of records) expect(record).toHaveLength(records[0]!.length);
  });

  it('stops reading when the reader goes away', async () => {
    const response = await get('/exports/transactions.csv', admin);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    // The app still answers (no query left holding the one PGlite connection).
    expect((await get('/exports/orders.csv', admin)).status).toBe(200);
  });
});
