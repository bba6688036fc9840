import type { Insertable, Kysely, Transaction } from 'kysely';
import { bookingDetails } from '../../db/booking-details.ts';
import type { InvoiceKind, LabLedgerEntries } from '../../db/database.gen.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One line of an invoice or credit note, VAT-inclusive halalas; a discount's amounts are negative. */
export interface InvoiceLine {
  kind: 'test' | 'product' | 'discount' | 'insurer' | 'fee' | 'home_collection' | 'plan';
  name_ar: string;
  name_en: string;
  quantity: number;
  unit_halalas: number;
  total_halalas: number;
  vat_halalas: number;
}

export interface NewInvoice {
  kind: InvoiceKind;
  issuedAt: Date;
  buyerId: string | null;
  buyerName: string | null;
  checkoutId?: string;
  storeOrderId?: string;
  planSubscriptionId?: string;
  bookingId?: string;
  originalInvoiceId?: string;
  seller: { name: string; vatNumber: string };
  totalHalalas: number;
  vatHalalas: number;
  lines: InvoiceLine[];
  qr: string;
}

/**
 * Writes a document without its number: the invoices_numbered_at_commit trigger (migration 0051,
 * migrations/functions/invoices.sql) numbers it as the transaction commits.
 */
export async function insertInvoice(tx: Transaction<Database>, invoice: NewInvoice) {
  return tx
    .insertInto('invoices')
    .values({
      kind: invoice.kind,
      issued_at: invoice.issuedAt,
      buyer_id: invoice.buyerId,
      buyer_name: invoice.buyerName,
      checkout_id: invoice.checkoutId ?? null,
      store_order_id: invoice.storeOrderId ?? null,
      plan_subscription_id: invoice.planSubscriptionId ?? null,
      booking_id: invoice.bookingId ?? null,
      original_invoice_id: invoice.originalInvoiceId ?? null,
      seller_name: invoice.seller.name,
      seller_vat_number: invoice.seller.vatNumber,
      total_halalas: invoice.totalHalalas,
      vat_halalas: invoice.vatHalalas,
      lines: JSON.stringify(invoice.lines),
      qr: invoice.qr,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A paid checkout with its buyer and the plan's amounts it was priced with. */
export function findCheckoutForInvoice(db: Db, checkoutId: string) {
  return db
    .selectFrom('checkouts')
    .innerJoin('user_profiles', 'user_profiles.id', 'checkouts.customer_id')
    .select([
      'checkouts.id',
      'checkouts.customer_id',
      'checkouts.customer_plan',
      'checkouts.total_halalas',
      'checkouts.discount_halalas',
      'checkouts.fee_halalas',
      'user_profiles.name as buyer_name',
      (eb) => eb.selectFrom('promo_codes').select('code').whereRef('promo_codes.id', '=', 'checkouts.promo_code_id').as('promo_code'),
    ])
    .where('checkouts.id', '=', checkoutId)
    .executeTakeFirst();
}

/** A booking with its test's and lab's names, and the amounts its checkout's invoice gave it. */
export function findBookedTest(db: Db, bookingId: string) {
  return bookingDetails(db)
    .select([
      'bookings.id',
      'bookings.checkout_id',
      'bookings.customer_id',
      'bookings.total_price_halalas',
      'bookings.home_collection_fee_halalas',
      'bookings.promo_discount_halalas',
      'bookings.insurer_share_halalas',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
    ])
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
}

export function findStoreOrderForInvoice(db: Db, orderId: string) {
  return db
    .selectFrom('store_orders')
    .select(['id', 'user_id', 'buyer_name', 'currency', 'total_cents', 'promo_discount_cents'])
    .select((eb) =>
      eb.selectFrom('promo_codes').select('code').whereRef('promo_codes.id', '=', 'store_orders.promo_code_id').as('promo_code'),
    )
    .where('id', '=', orderId)
    .executeTakeFirst();
}

export function findStoreOrderLines(db: Db, orderId: string) {
  return db
    .selectFrom('store_order_items as oi')
    .innerJoin('store_variants as v', 'v.id', 'oi.variant_id')
    .innerJoin('store_products as p', 'p.id', 'v.product_id')
    .select(['oi.quantity', 'oi.unit_price_cents', 'p.title_ar', 'p.title_en', 'v.title_ar as variant_ar', 'v.title_en as variant_en'])
    .where('oi.order_id', '=', orderId)
    .orderBy('oi.id')
    .execute();
}

/** The invoice a store order's payment got, with its lines. */
export function findStoreOrderInvoice(db: Db, orderId: string) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'buyer_id', 'buyer_name', 'lines'])
    .where('store_order_id', '=', orderId)
    .where('kind', '=', 'invoice')
    .executeTakeFirst();
}

/** The invoice a checkout's payment got. */
export function findCheckoutInvoice(db: Db, checkoutId: string) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number'])
    .where('checkout_id', '=', checkoutId)
    .where('kind', '=', 'invoice')
    .executeTakeFirst();
}

const listedColumns = [
  'id',
  'kind',
  'number',
  'issued_at',
  'total_halalas',
  'vat_halalas',
  'qr',
  'original_invoice_id',
  'checkout_id',
  'store_order_id',
  'plan_subscription_id',
] as const;

/** The buyer's invoices and credit notes, newest first, each credit note with its invoice's number. */
export function invoicesOf(db: Db, buyerId: string) {
  return db
    .selectFrom('invoices')
    .select(listedColumns)
    .select((eb) =>
      eb
        .selectFrom('invoices as original')
        .select('original.number')
        .whereRef('original.id', '=', 'invoices.original_invoice_id')
        .as('original_number'),
    )
    .where('buyer_id', '=', buyerId)
    .orderBy('issued_at', 'desc')
    .orderBy('sequence', 'desc')
    .execute();
}

/** One document with everything its PDF shows. */
export function findInvoice(db: Db, id: string) {
  return db
    .selectFrom('invoices')
    .selectAll('invoices')
    .select((eb) =>
      eb
        .selectFrom('invoices as original')
        .select('original.number')
        .whereRef('original.id', '=', 'invoices.original_invoice_id')
        .as('original_number'),
    )
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A deleted account's tax documents stay (the law keeps them), without the buyer's name. */
export async function clearBuyerName(tx: Transaction<Database>, buyerId: string) {
  await tx.updateTable('invoices').set({ buyer_name: null }).where('buyer_id', '=', buyerId).execute();
}

/** The invoices' lines as stored (jsonb comes back parsed). */
export function linesOf(value: unknown): InvoiceLine[] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as InvoiceLine[];
}

/** A booking's ledger row written when it was paid. */
export function findBookingLedgerEntry(tx: Transaction<Database>, bookingId: string) {
  return tx
    .selectFrom('lab_ledger_entries')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'booking')
    .executeTakeFirst();
}

/** A ledger row added, once per booking and kind (a second is dropped); history is never updated. */
export async function insertLedgerEntry(tx: Transaction<Database>, entry: Insertable<LabLedgerEntries>) {
  await tx
    .insertInto('lab_ledger_entries')
    .values(entry)
    .onConflict((oc) => oc.columns(['booking_id', 'kind']).doNothing())
    .execute();
}

/** A promo code's text, as an invoice's discount line names it. */
export async function findPromoCodeText(db: Db, promoId: string) {
  const row = await db.selectFrom('promo_codes').select('code').where('id', '=', promoId).executeTakeFirst();
  return row?.code;
}
