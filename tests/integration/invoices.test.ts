import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { readZatcaQr } from '../../src/server/modules/billing/zatca-qr.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import type { CustomerPlanId } from '../../src/shared/plans.ts';
import { nonFastingTestId, offerTest, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { booked, callerFor, createTestUser, insertCheckoutInvoice, type TestUser, testEnv } from '../setup/fixtures.ts';
import { approvedPayment, checkoutDefaults, createTestVariant, orderIdOf, storeCallerFor } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #21: the plans' fees and discount at checkout, simplified tax invoices (ZATCA phase 1) with
// gap-free numbers, credit notes on refunds, the PDF for its owner and an admin (docs/decisions/0027).

let database: TestDatabase;
let lab: TestUser;
let admin: TestUser;
let labTestId: number;
let otherLabTestId: number;
let blobRoot: string;
let app: ReturnType<typeof createApp>;

// Far enough ahead that every slot can still be booked and cancelled; Riyadh is UTC+3.
let nextSlot = Date.parse('2031-03-02T05:00:00Z');
function freeSlot(): string {
  const slot = new Date(nextSlot).toISOString();
  nextSlot += 30 * 60_000;
  if (new Date(nextSlot).getUTCHours() >= 17) nextSlot += 12 * 3_600_000; // past closing: 08:00 next day
  return slot;
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    await nonFastingTestId(database.db),
    { opensAt: '08:00', closesAt: '20:00' },
    { slot_capacity: 2 },
  ));
  admin = await createTestUser(database.db, 'admin');
  ({ labTestId: otherLabTestId } = await offerTest(database.db, lab.id, 8_999));
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-invoices-'));
  app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot) });
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

async function customerOn(plan: CustomerPlanId) {
  const customer = await createTestUser(database.db, 'customer', { name: `عميل ${plan}` });
  await database.db.updateTable('user_profiles').set({ subscription_tier: plan }).where('id', '=', customer.id).execute();
  return customer;
}

async function checkOut(customer: TestUser, items = [labTestId, otherLabTestId]) {
  const caller = await callerFor(database.db, customer);
  return booked(
    await caller.booking.create({
      items: items.map((id) => ({ labTestId: id, bookingTime: freeSlot() })),
      idempotencyKey: randomUUID(),
    }),
  );
}

/** A checkout of 1 riyal marked paid, with no booking: for an invoice written by hand (insertCheckoutInvoice). */
async function paidCheckout(customerId: string) {
  const row = await database.db
    .insertInto('checkouts')
    .values({
      customer_id: customerId,
      idempotency_key: randomUUID(),
      payment_provider: 'simulated',
      status: 'paid',
      total_halalas: 100,
      vat_halalas: 13,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const invoiceOfCheckout = (checkoutId: string) =>
  database.db
    .selectFrom('invoices')
    .selectAll()
    .where('checkout_id', '=', checkoutId)
    .where('kind', '=', 'invoice')
    .executeTakeFirstOrThrow();

describe("the plan's booking fee and discount at checkout", () => {
  // 150.00 + 89.99 = 239.99 of tests; each test's discount and fee are rounded to the halala.
  it.each([
    ['basic', { subtotal: 239.99, discount: 0, booking_fee: 12, total_price: 251.99 }], // 7.50 + 4.50 fee
    ['premium', { subtotal: 239.99, discount: 12, booking_fee: 6.84, total_price: 234.83 }], // 7.50 + 4.50 off; 3% of 142.50 and 85.49
    ['enterprise', { subtotal: 239.99, discount: 0, booking_fee: 4.8, total_price: 244.79 }], // 3.00 + 1.80 fee
  ] as const)('charges a %s customer its own lines, stored on the checkout', async (plan, amounts) => {
    const customer = await customerOn(plan);
    const result = await checkOut(customer);
    expect(result).toMatchObject({ plan, ...amounts });
    expect(result.vat).toBe(Math.round((amounts.total_price * 100 * 15) / 115) / 100);
    const checkout = await database.db
      .selectFrom('checkouts')
      .select(['customer_plan', 'subtotal_halalas', 'discount_halalas', 'fee_halalas', 'total_halalas'])
      .where('id', '=', result.checkout_id)
      .executeTakeFirstOrThrow();
    expect(checkout).toEqual({
      customer_plan: plan,
      subtotal_halalas: 23_999,
      discount_halalas: Math.round(amounts.discount * 100),
      fee_halalas: Math.round(amounts.booking_fee * 100),
      total_halalas: Math.round(amounts.total_price * 100),
    });

    const invoice = await invoiceOfCheckout(result.checkout_id);
    const lines = invoice.lines as Array<{ kind: string; total_halalas: number }>;
    expect(lines.map((line) => line.kind)).toEqual(['test', 'test', ...(amounts.discount ? ['discount'] : []), 'fee']);
    expect(lines.reduce((sum, line) => sum + line.total_halalas, 0)).toBe(invoice.total_halalas);
    expect(invoice.total_halalas).toBe(checkout.total_halalas);
  });

  it('answers a checkout sent again with the same lines', async () => {
    const customer = await customerOn('premium');
    const caller = await callerFor(database.db, customer);
    const input = { items: [{ labTestId, bookingTime: freeSlot() }], idempotencyKey: randomUUID() };
    const first = booked(await caller.booking.create(input));
    const again = booked(await caller.booking.create(input));
    expect(again).toMatchObject({ plan: 'premium', subtotal: 150, discount: 7.5, booking_fee: 4.28, total_price: 146.78, vat: first.vat });
  });
});

describe('simplified tax invoices', () => {
  it('issues one per paid checkout: the seller, the time of payment, VAT of 15/115 of the total and the ZATCA QR', async () => {
    const customer = await customerOn('basic');
    const result = await checkOut(customer, [labTestId]);
    const invoice = await invoiceOfCheckout(result.checkout_id);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      buyer_id: customer.id,
      buyer_name: 'عميل basic',
      seller_name: testEnv.SELLER_NAME,
      seller_vat_number: testEnv.SELLER_VAT_NUMBER,
      total_halalas: 15_750,
      vat_halalas: 2_054, // 15750 × 15 / 115 = 2054.35
    });
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    const paidAt = await database.db
      .selectFrom('checkouts')
      .select('completed_at')
      .where('id', '=', result.checkout_id)
      .executeTakeFirstOrThrow();
    expect(new Date(invoice.issued_at).getTime()).toBe(new Date(paidAt.completed_at!).getTime());
    expect(readZatcaQr(invoice.qr)).toEqual({
      1: testEnv.SELLER_NAME,
      2: testEnv.SELLER_VAT_NUMBER,
      3: `${new Date(invoice.issued_at).toISOString().slice(0, 19)}Z`,
      4: '157.50',
      5: '20.54',
    });

    const [listed] = await (await callerFor(database.db, customer)).billing.invoices();
    expect(listed).toMatchObject({
      id: invoice.id,
      number: invoice.number,
      total: 157.5,
      vat: 20.54,
      qr: invoice.qr,
      is_credit_note: false,
    });
  });

  it('numbers invoices without gaps or repeats under concurrent checkouts, and a rolled-back issue gives its number back', async () => {
    const before = await database.db
      .selectFrom('invoice_counters')
      .select('last_number')
      .where('series', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const customers = await Promise.all(Array.from({ length: 8 }, () => customerOn('basic')));
    const results = await Promise.all(customers.map((customer) => checkOut(customer, [labTestId])));

    // A confirmation that fails after writing its invoice never takes a number (it is taken at commit).
    const orphan = await paidCheckout(customers[0]!.id);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertCheckoutInvoice(trx, { id: orphan, customerId: customers[0]!.id, buyerName: null, totalHalalas: 100 });
        throw new Error('the payment confirmation failed after the invoice');
      }),
    ).rejects.toThrow('the payment confirmation failed');
    const after = await checkOut(customers[1]!, [labTestId]);

    const invoices = await Promise.all([...results, after].map((result) => invoiceOfCheckout(result.checkout_id)));
    const sequences = invoices.map((invoice) => invoice.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 9 }, (_, index) => before.last_number + 1 + index));
    expect(new Set(invoices.map((invoice) => invoice.number)).size).toBe(9);
    expect(await database.db.selectFrom('invoices').select('id').where('checkout_id', '=', orphan).execute()).toEqual([]);
  });

  // Issue #25: the counter's row was locked from the number's taking to the commit, across the app's
  // round trips, so every paid checkout waited for the one before it to finish (bench:booking).
  it.runIf(process.env.DATABASE_URL)(
    "does not make a payment wait for another one's open transaction: each invoice is numbered as its transaction commits",
    async () => {
      const customer = await customerOn('basic');
      const [slow, quick] = [await paidCheckout(customer.id), await paidCheckout(customer.id)];
      let finishSlow!: () => void;
      const slowMayFinish = new Promise<void>((resolve) => {
        finishSlow = resolve;
      });
      let slowIssued!: () => void;
      const slowHasIssued = new Promise<void>((resolve) => {
        slowIssued = resolve;
      });
      const slowTransaction = database.db.transaction().execute(async (trx) => {
        await insertCheckoutInvoice(trx, { id: slow, customerId: customer.id, buyerName: null, totalHalalas: 100 });
        slowIssued();
        await slowMayFinish;
      });
      await slowHasIssued;
      const quickTransaction = database.db
        .transaction()
        .execute((trx) => insertCheckoutInvoice(trx, { id: quick, customerId: customer.id, buyerName: null, totalHalalas: 100 }));
      const outcome = await Promise.race([
        quickTransaction.then(() => 'committed'),
        new Promise((resolve) => setTimeout(resolve, 3_000, 'waited 3 s for the open transaction')),
      ]);
      finishSlow();
      await Promise.all([slowTransaction, quickTransaction]);
      expect(outcome).toBe('committed');

      const [first, second] = await Promise.all([quick, slow].map(invoiceOfCheckout));
      expect(second!.sequence).toBe(first!.sequence + 1);
      expect(second!.number).toBe(`INV-${String(first!.sequence + 1).padStart(6, '0')}`);
    },
  );

  it('issues a credit note referring to the invoice when a paid booking is cancelled: its test, discount share and fee', async () => {
    const customer = await customerOn('premium');
    const result = await checkOut(customer);
    const invoice = await invoiceOfCheckout(result.checkout_id);
    const cheaper = result.bookings.find((item) => item.lab_test_id === otherLabTestId)!;
    const caller = await callerFor(database.db, customer);
    // The money that goes back is what the credit note says: its share of the charge, not its list price.
    expect(await caller.booking.cancel({ id: cheaper.id })).toMatchObject({ refund: 88.05, refund_percent: 100 });

    const credit = await database.db.selectFrom('invoices').selectAll().where('booking_id', '=', cheaper.id).executeTakeFirstOrThrow();
    // 89.99 − 4.50 discount + 3% of 85.49 (2.56) = 88.05
    expect(credit).toMatchObject({ kind: 'credit_note', original_invoice_id: invoice.id, total_halalas: 8_805, vat_halalas: 1_148 });
    expect(credit.number).toMatch(/^CN-\d{6}$/);
    expect(readZatcaQr(credit.qr)[4]).toBe('88.05');

    const listed = await caller.billing.invoices();
    expect(listed.map((item) => [item.number, item.is_credit_note, item.original_number])).toEqual([
      [credit.number, true, invoice.number],
      [invoice.number, false, null],
    ]);
    // Cancelling the other booking too credits the rest: the credit notes add up to the invoice.
    await caller.booking.cancel({ id: result.bookings.find((item) => item.id !== cheaper.id)!.id });
    const credits = await database.db
      .selectFrom('invoices')
      .select('total_halalas')
      .where('original_invoice_id', '=', invoice.id)
      .execute();
    expect(credits.reduce((sum, row) => sum + row.total_halalas, 0)).toBe(invoice.total_halalas);
  });

  it('lists invoices to customers only', async () => {
    const asLab = (await callerFor(database.db, lab)).billing.invoices();
    await expect(asLab).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await callerFor(database.db)).billing.invoices()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('built-in store orders', () => {
  it('issue an invoice as the order is paid: a line per product, no booking fee', async () => {
    const customer = await customerOn('premium');
    const { variantId } = await createTestVariant(database.db, { stock: 5, priceHalalas: 4_999 });
    const caller = await storeCallerFor(database.db, { user: customer });
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 2 }] });
    const orderId = orderIdOf(url);
    await caller.store.hostedCheckout.pay({ orderId, ...approvedPayment });

    const order = await database.db
      .selectFrom('store_orders')
      .select(['total_cents', 'paid_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const invoice = await database.db.selectFrom('invoices').selectAll().where('store_order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ kind: 'invoice', buyer_id: customer.id, total_halalas: order.total_cents, vat_halalas: 1_304 });
    expect(invoice.lines).toEqual([expect.objectContaining({ kind: 'product', quantity: 2, unit_halalas: 4_999, total_halalas: 9_998 })]);
    expect(readZatcaQr(invoice.qr)[4]).toBe('99.98');
    const listed = await (await callerFor(database.db, customer)).billing.invoices();
    expect(listed.map((item) => item.number)).toContain(invoice.number);
  });
});

describe('GET /invoices/{id}.pdf', () => {
  it('gives the PDF to its owner and an admin; another customer and a lab get 404, a visitor 401', async () => {
    const owner = await customerOn('basic');
    const { checkout_id } = await checkOut(owner, [labTestId]);
    const invoice = await invoiceOfCheckout(checkout_id);
    const path = `/invoices/${invoice.id}.pdf`;

    for (const viewer of [owner, admin]) {
      const response = await app.request(path, { headers: { cookie: viewer.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain(`${invoice.number}.pdf`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    }
    for (const stranger of [await customerOn('basic'), lab]) {
      const response = await app.request(path, { headers: { cookie: stranger.cookie } });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { appCode: 'NOT_FOUND' } });
    }
    expect((await app.request(path)).status).toBe(401);
    expect((await app.request(`/invoices/${randomUUID()}.pdf`, { headers: { cookie: owner.cookie } })).status).toBe(404);
  });
});

/** The PDF's lines as they are drawn: each line's pieces of text from left to right, joined. */
async function drawnLines(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const page = await pdf.getPage(1);
  const lines = new Map<number, { x: number; text: string }[]>();
  for (const item of (await page.getTextContent()).items) {
    if (!('str' in item) || item.str === '') continue;
    const y = Math.round(item.transform[5]);
    lines.set(y, [...(lines.get(y) ?? []), { x: item.transform[4], text: item.str }]);
  }
  return [...lines.values()].map((pieces) =>
    pieces
      .sort((a, b) => a.x - b.x)
      .map((piece) => piece.text)
      .join(''),
  );
}

describe('the invoice PDF in Arabic', () => {
  it('keeps a Latin code whole inside an Arabic line: "(25-OH)", never "(OH-25)"', async () => {
    const vitaminD = await database.db
      .selectFrom('tests')
      .select('id')
      .where('name_en', '=', 'Vitamin D (25-OH)')
      .executeTakeFirstOrThrow();
    const { id: vitaminDAtLab } = await database.db
      .insertInto('lab_tests')
      .values({ lab_id: lab.id, test_id: vitaminD.id, price_halalas: 12_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = await customerOn('basic');
    const invoice = await invoiceOfCheckout((await checkOut(owner, [vitaminDAtLab])).checkout_id);
    const response = await app.request(`/invoices/${invoice.id}.pdf`, { headers: { cookie: owner.cookie } });
    const lines = await drawnLines(new Uint8Array(await response.arrayBuffer()));
    // The item's Arabic line: its words come out in drawn order, their letters as the font's ligatures give them.
    const arabicLine = lines.find((line) => line.includes('—') && /[\u0600-\u06ff]/.test(line));
    expect(arabicLine, lines.join('\n')).toBeDefined();
    expect(arabicLine).toContain('(25-OH)');
    expect(lines.join('\n')).not.toContain('OH-25');
    // The Arabic VAT line's rate in the Arabic percent sign, which the Arabic font has (it has no "%").
    expect(lines.join('\n')).toMatch(/15\s*٪|٪\s*15/);
  });
});

describe('data rights', () => {
  it("puts the user's invoices and credit notes in the account export", async () => {
    const customer = await customerOn('premium');
    const result = await checkOut(customer);
    await (await callerFor(database.db, customer)).booking.cancel({ id: result.bookings[0]!.id });
    const response = await app.request('/account/export.zip', { headers: { cookie: customer.cookie } });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const invoices = JSON.parse(strFromU8(files['invoices.json']!)) as Array<Record<string, unknown>>;
    const invoice = await invoiceOfCheckout(result.checkout_id);
    expect(invoices).toHaveLength(2);
    expect(invoices.find((item) => item.kind === 'invoice')).toMatchObject({
      number: invoice.number,
      total_sar: result.total_price,
      vat_sar: result.vat,
      qr: invoice.qr,
      seller: { name: testEnv.SELLER_NAME, vat_number: testEnv.SELLER_VAT_NUMBER },
    });
    expect(invoices.find((item) => item.kind === 'credit_note')).toMatchObject({ refers_to: invoice.number });
    expect(strFromU8(files['README.txt']!)).toContain('invoices.json');
  });
});
