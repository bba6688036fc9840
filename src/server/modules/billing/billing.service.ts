import type { Kysely, Transaction } from 'kysely';
import QRCode from 'qrcode';
import { priceCheckout } from '../../../shared/checkout-pricing.ts';
import { AppError } from '../../../shared/errors.ts';
import type { UserType } from '../../../shared/locale.ts';
import { halalasToSar, vatIncluded } from '../../../shared/money.ts';
import { type PlanId, planTitles } from '../../../shared/plans.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './billing.repository.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { zatcaQr } from './zatca-qr.ts';

async function qrImage(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The platform as seller of record (SELLER_NAME, SELLER_VAT_NUMBER in src/server/env.ts). */
export interface Seller {
  name: string;
  vatNumber: string;
}

let seller: Seller = { name: 'Tahaleel', vatNumber: '300000000000003' };

/**
 * Sets the seller every invoice of this process names, from the validated environment (createApp
 * calls it). A process sells as one company, so this is configuration, like the log level.
 */
export function configureSeller(env: { SELLER_NAME: string; SELLER_VAT_NUMBER: string }) {
  seller = { name: env.SELLER_NAME, vatNumber: env.SELLER_VAT_NUMBER };
}

function line(kind: repo.InvoiceLine['kind'], name_ar: string, name_en: string, quantity: number, unitHalalas: number): repo.InvoiceLine {
  const total = quantity * unitHalalas;
  return { kind, name_ar, name_en, quantity, unit_halalas: unitHalalas, total_halalas: total, vat_halalas: vatIncluded(total) };
}

/** A home visit to take samples, as the booking of the visit that carries its fee names it. */
function homeVisitLine(booking: { lab_name_ar: string; lab_name_en: string; home_collection_fee_halalas: number }) {
  return line(
    'home_collection',
    `سحب العينة من المنزل — ${booking.lab_name_ar}`,
    `Home sample collection — ${booking.lab_name_en}`,
    1,
    booking.home_collection_fee_halalas,
  );
}

/**
 * Writes one document in the caller's transaction, which numbers it as it commits (INV-000001,
 * CN-000001: migrations/functions/invoices.sql). Its VAT is taken from its total (total × 15/115, to
 * the nearest halala: docs/decisions/0027), not summed from the lines.
 */
async function issue(tx: Transaction<Database>, document: Omit<repo.NewInvoice, 'seller' | 'vatHalalas' | 'qr' | 'totalHalalas'>) {
  return repo.insertInvoice(tx, { ...document, ...documentAmounts(document.lines, document.issuedAt) });
}

/** A document's seller, total, VAT (from the total) and ZATCA QR. */
function documentAmounts(lines: repo.InvoiceLine[], issuedAt: Date) {
  const totalHalalas = lines.reduce((sum, item) => sum + item.total_halalas, 0);
  const vatHalalas = vatIncluded(totalHalalas);
  const qr = zatcaQr({ sellerName: seller.name, vatNumber: seller.vatNumber, timestamp: issuedAt, totalHalalas, vatHalalas });
  return { seller, totalHalalas, vatHalalas, qr };
}

/** What a paid checkout's invoice and ledger name of a booked offering (a bookable offering has all of it). */
export interface InvoicedOffering {
  lab_id: string;
  test_name_ar: string;
  test_name_en: string;
  lab_name_ar: string;
  lab_name_en: string;
  /** The lab's plan now (its subscription tier). */
  lab_plan: string;
}

/** A booking of a paid checkout, as its invoice and ledger rows see it. */
export interface PaidBooking {
  booking_id: string;
  starts_at: string;
  price_halalas: number;
  home_collection_fee_halalas?: number | undefined;
  /** Its share of the checkout's promo code discount. */
  promo_discount_halalas?: number | undefined;
  /** What the person's insurer pays of it (ADR 0099): the lab claims it through NPHIES. */
  insurer_share_halalas?: number | undefined;
  offering: InvoicedOffering;
}

/** The plan's amounts a checkout was priced with (checkout-pricing.ts). */
export interface CheckoutPriced {
  plan: string;
  discount_halalas: number;
  fee_halalas: number;
  /** Its promo code, the discount it gave and who bears it (ADR 0092); null without one. */
  promo?: { code: string; discount_halalas: number; paid_by: 'platform' | 'lab' } | null;
  /** What the customer's wallet paid of the total (ADR 0093): a means of payment, not a discount. */
  wallet_halalas?: number;
}

/** A promo code's discount as an invoice's or credit note's line of its own, naming the code. */
function promoLine(code: string, halalas: number) {
  return line('discount', `خصم رمز العرض ${code}`, `Promo code ${code} discount`, 1, -halalas);
}

/** What the person's insurer pays, a line of its own off the tests' prices: the lab claims it from the insurer (ADR 0099). */
function insurerLine(halalas: number) {
  return line(
    'insurer',
    'حصة شركة التأمين (يطالب بها المختبر عبر نفيس)',
    "Your insurer's share (claimed by the lab through NPHIES)",
    1,
    -halalas,
  );
}

/**
 * The simplified tax invoice of a lab-test checkout, as the JSON row that the statement confirming its
 * payment writes (confirm_paid_checkout, which adds the buyer; the number comes at commit): a line per
 * booked test in booking order, the plan's discount, a promo code's, the insurer's share, the booking fee and the home visits.
 */
export function checkoutInvoiceJson(priced: CheckoutPriced, bookings: PaidBooking[], issuedAt: Date): string {
  const ordered = [...bookings].sort(
    // As PostgreSQL orders them: by time, then by id (a uuid's bytes, its hex text's order).
    (a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || (a.booking_id < b.booking_id ? -1 : 1),
  );
  const lines = ordered.map(({ offering, price_halalas }) =>
    line(
      'test',
      `${offering.test_name_ar} — ${offering.lab_name_ar}`,
      `${offering.test_name_en} — ${offering.lab_name_en}`,
      1,
      price_halalas,
    ),
  );
  if (priced.discount_halalas > 0) lines.push(line('discount', 'خصم الباقة المميزة', 'Premium plan discount', 1, -priced.discount_halalas));
  if (priced.promo && priced.promo.discount_halalas > 0) lines.push(promoLine(priced.promo.code, priced.promo.discount_halalas));
  const insurer = bookings.reduce((sum, booking) => sum + (booking.insurer_share_halalas ?? 0), 0);
  if (insurer > 0) lines.push(insurerLine(insurer));
  if (priced.fee_halalas > 0) lines.push(line('fee', 'رسوم الحجز', 'Booking fee', 1, priced.fee_halalas));
  for (const booking of ordered) {
    const fee = booking.home_collection_fee_halalas ?? 0;
    if (fee > 0) lines.push(homeVisitLine({ ...booking.offering, home_collection_fee_halalas: fee }));
  }
  const { seller: from, totalHalalas, vatHalalas, qr } = documentAmounts(lines, issuedAt);
  return JSON.stringify({
    kind: 'invoice',
    issued_at: issuedAt,
    seller_name: from.name,
    seller_vat_number: from.vatNumber,
    total_halalas: totalHalalas,
    vat_halalas: vatHalalas,
    lines,
    qr,
  });
}

/**
 * The simplified tax invoice of a paid month of a plan (ADR 0042), issued as the payment activates it: the
 * plan's price, and a promo code's discount of a first month as a line of its own (ADR 0092).
 */
export async function issuePlanInvoice(
  tx: Transaction<Database>,
  subscription: {
    id: string;
    user_id: string;
    plan: string;
    amount_cents: number;
    promo_code_id?: string | null;
    promo_discount_cents?: number;
  },
  buyerName: string | null,
  issuedAt: Date,
) {
  const title = planTitles[subscription.plan as PlanId] ?? { ar: subscription.plan, en: subscription.plan };
  const discount = subscription.promo_discount_cents ?? 0;
  const lines = [line('plan', `اشتراك شهري في ${title.ar}`, `${title.en}, monthly subscription`, 1, subscription.amount_cents + discount)];
  const code = discount > 0 && subscription.promo_code_id ? await repo.findPromoCodeText(tx, subscription.promo_code_id) : undefined;
  if (code) lines.push(promoLine(code, discount));
  return issue(tx, { kind: 'invoice', issuedAt, buyerId: subscription.user_id, buyerName, planSubscriptionId: subscription.id, lines });
}

/** The simplified tax invoice of a paid built-in-store order (in riyals), issued as it is marked paid, its promo code a line. */
export async function issueStoreOrderInvoice(tx: Transaction<Database>, orderId: string, issuedAt: Date) {
  const order = await repo.findStoreOrderForInvoice(tx, orderId);
  if (order?.currency !== 'SAR') return null;
  const items = await repo.findStoreOrderLines(tx, orderId);
  const lines = items.map((item) => {
    const variant = (title: string | null) => (title && !/^default/i.test(title) ? ` (${title})` : '');
    return line(
      'product',
      `${item.title_ar}${variant(item.variant_ar)}`,
      `${item.title_en}${variant(item.variant_en)}`,
      item.quantity,
      item.unit_price_cents,
    );
  });
  // Its promo code's discount, a line of its own as a lab-test checkout's (ADR 0092); the total is what was paid.
  if (order.promo_code && order.promo_discount_cents > 0) lines.push(promoLine(order.promo_code, order.promo_discount_cents));
  return issue(tx, { kind: 'invoice', issuedAt, buyerId: order.user_id, buyerName: order.buyer_name, storeOrderId: orderId, lines });
}

/**
 * A refunded store order's credit note (the admin cancelled it after payment): the whole of its
 * invoice, line for line, referring to it. An order without an invoice (not in riyals) has none.
 */
export async function issueStoreOrderCreditNote(tx: Transaction<Database>, orderId: string, issuedAt: Date) {
  const invoice = await repo.findStoreOrderInvoice(tx, orderId);
  if (!invoice) return null;
  return issue(tx, {
    kind: 'credit_note',
    issuedAt,
    buyerId: invoice.buyer_id,
    buyerName: invoice.buyer_name,
    storeOrderId: orderId,
    originalInvoiceId: invoice.id,
    lines: repo.linesOf(invoice.lines),
  });
}

/**
 * A cancelled paid booking's credit note, referring to its checkout's invoice: the test, its share of
 * the plan's discount and its booking fee, as the checkout priced them (per test, so a checkout's
 * credit notes add up to its invoice). A booking from before invoices existed has none.
 */
export async function issueBookingCreditNote(tx: Transaction<Database>, bookingId: string, issuedAt: Date) {
  const booking = await repo.findBookedTest(tx, bookingId);
  if (!booking?.checkout_id) return null;
  const [invoice, checkout] = await Promise.all([
    repo.findCheckoutInvoice(tx, booking.checkout_id),
    repo.findCheckoutForInvoice(tx, booking.checkout_id),
  ]);
  if (!invoice || !checkout) return null;
  const [share] = priceCheckout(checkout.customer_plan, [booking.total_price_halalas]).items;
  const lines = [
    line(
      'test',
      `${booking.test_name_ar} — ${booking.lab_name_ar}`,
      `${booking.test_name_en} — ${booking.lab_name_en}`,
      1,
      booking.total_price_halalas,
    ),
  ];
  if (share && checkout.discount_halalas > 0 && share.discount_halalas > 0)
    lines.push(line('discount', 'خصم الباقة المميزة', 'Premium plan discount', 1, -share.discount_halalas));
  if (booking.promo_discount_halalas > 0 && checkout.promo_code) lines.push(promoLine(checkout.promo_code, booking.promo_discount_halalas));
  if (booking.insurer_share_halalas > 0) lines.push(insurerLine(booking.insurer_share_halalas));
  if (share && checkout.fee_halalas > 0 && share.fee_halalas > 0)
    lines.push(line('fee', 'رسوم الحجز', 'Booking fee', 1, share.fee_halalas));
  // The visit's fee goes back with the last booking of the visit cancelled (it is passed on before then).
  if (booking.home_collection_fee_halalas > 0) lines.push(homeVisitLine(booking));
  return issue(tx, {
    kind: 'credit_note',
    issuedAt,
    buyerId: checkout.customer_id,
    buyerName: checkout.buyer_name || null,
    bookingId,
    originalInvoiceId: invoice.id,
    lines,
  });
}

/** The customer's invoices and credit notes for the dashboard, newest first. */
export async function myInvoices(db: Kysely<Database>, buyerId: string) {
  const rows = await repo.invoicesOf(db, buyerId);
  const images = await Promise.all(rows.map((row) => qrImage(row.qr)));
  return rows.map((row, index) => ({
    id: row.id,
    kind: row.kind,
    is_credit_note: row.kind === 'credit_note',
    number: row.number,
    issued_at: new Date(row.issued_at).toISOString(),
    total: halalasToSar(row.total_halalas),
    vat: halalasToSar(row.vat_halalas),
    qr: row.qr,
    original_number: row.original_number,
    source: row.store_order_id ? ('store' as const) : row.plan_subscription_id ? ('plan' as const) : ('lab_tests' as const),
    /** The QR code itself, an SVG data URL the dashboard shows as an image. */
    qr_image: images[index]!,
  }));
}

/** What the account export writes of the user's invoices: each document whole, amounts in SAR. */
export async function invoicesForExport(db: Kysely<Database>, buyerId: string) {
  const rows = await repo.invoicesOf(db, buyerId);
  return Promise.all(
    rows.map(async (row) => {
      const invoice = (await repo.findInvoice(db, row.id))!;
      return {
        number: invoice.number,
        kind: invoice.kind,
        issued_at: new Date(invoice.issued_at).toISOString(),
        refers_to: invoice.original_number,
        seller: { name: invoice.seller_name, vat_number: invoice.seller_vat_number },
        lines: repo.linesOf(invoice.lines).map(({ unit_halalas, total_halalas, vat_halalas, ...rest }) => ({
          ...rest,
          unit_sar: halalasToSar(unit_halalas),
          total_sar: halalasToSar(total_halalas),
          vat_sar: halalasToSar(vat_halalas),
        })),
        total_sar: halalasToSar(invoice.total_halalas),
        vat_sar: halalasToSar(invoice.vat_halalas),
        qr: invoice.qr,
      };
    }),
  );
}

/** An erased account's documents are kept without the buyer's name (account deletion's transaction). */
export async function anonymizeInvoices(tx: Transaction<Database>, buyerId: string) {
  await repo.clearBuyerName(tx, buyerId);
}

/**
 * The document as a PDF, for its buyer and an administrator. Anyone else is told it does not exist
 * (NOT_FOUND), as for a missing one, so ids cannot be probed.
 */
export async function invoicePdf(db: Kysely<Database>, viewer: { id: string; user_type: UserType }, invoiceId: string) {
  const invoice = await repo.findInvoice(db, invoiceId);
  if (!invoice || (viewer.user_type !== 'admin' && invoice.buyer_id !== viewer.id)) throw new AppError('NOT_FOUND', { entity: 'invoice' });
  const bytes = await renderInvoicePdf({
    kind: invoice.kind,
    number: invoice.number,
    issuedAt: new Date(invoice.issued_at),
    originalNumber: invoice.original_number,
    seller: { name: invoice.seller_name, vatNumber: invoice.seller_vat_number },
    buyerName: invoice.buyer_name,
    lines: repo.linesOf(invoice.lines),
    totalHalalas: invoice.total_halalas,
    vatHalalas: invoice.vat_halalas,
    qr: invoice.qr,
  });
  return { number: invoice.number, bytes };
}
