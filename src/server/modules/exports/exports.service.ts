import type { Kysely } from 'kysely';
import { type CityKey, cities } from '../../../shared/cities.ts';
import type { BookingsExportQuery, OrdersExportQuery, TransactionsExportQuery } from '../../../shared/export-schemas.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import type { StoreConfig } from '../store/store.service.ts';
import { assertBuiltinStore, listAdminOrders } from '../store/store-admin.service.ts';
import { type CsvValue, riyals } from './csv.ts';
import { bookingExportBatch, type ExportCursor, transactionExportBatch } from './exports.repository.ts';

/** Rows read per query while a file streams: one batch in memory at a time. */
export const EXPORT_BATCH_ROWS = 500;

export interface CsvFile {
  fileName: string;
  header: string[];
  batches: AsyncIterable<CsvValue[][]>;
}

/** Who asks for bookings: the admin sees every lab's; a lab its own. */
export type BookingsViewer = { role: 'admin' } | { role: 'lab'; labId: string };

type Text = Record<Locale, string>;

// The words the dashboards use for the same things (src/client/locales/*/*.po).
const headings = {
  booking: { ar: 'الحجز', en: 'Booking' },
  bookedAt: { ar: 'تاريخ الحجز', en: 'Booked at' },
  appointment: { ar: 'الموعد', en: 'Appointment' },
  test: { ar: 'التحليل', en: 'Test' },
  lab: { ar: 'المختبر', en: 'Lab' },
  city: { ar: 'المدينة', en: 'City' },
  customer: { ar: 'العميل', en: 'Customer' },
  patient: { ar: 'المريض', en: 'Patient' },
  bookedBy: { ar: 'حجز بواسطة', en: 'Booked by' },
  email: { ar: 'البريد الإلكتروني', en: 'E-mail' },
  phone: { ar: 'الجوال', en: 'Phone' },
  status: { ar: 'الحالة', en: 'Status' },
  price: { ar: 'السعر (ر.س)', en: 'Price (SAR)' },
  payment: { ar: 'الدفع', en: 'Payment' },
  paymentReference: { ar: 'مرجع الدفع', en: 'Payment reference' },
  refundedSar: { ar: 'المسترد (ر.س)', en: 'Refunded (SAR)' },
  completedAt: { ar: 'تاريخ الإكمال', en: 'Completed at' },
  cancelledAt: { ar: 'تاريخ الإلغاء', en: 'Cancelled at' },
  results: { ar: 'ملفات النتائج', en: 'Result files' },
  date: { ar: 'التاريخ', en: 'Date' },
  type: { ar: 'النوع', en: 'Type' },
  reference: { ar: 'المرجع', en: 'Reference' },
  items: { ar: 'عدد القطع', en: 'Items' },
  amount: { ar: 'المبلغ', en: 'Amount' },
  currency: { ar: 'العملة', en: 'Currency' },
  refunded: { ar: 'المسترد', en: 'Refunded' },
  order: { ar: 'الطلب', en: 'Order' },
  orderedAt: { ar: 'تاريخ الطلب', en: 'Ordered at' },
  paidAt: { ar: 'تاريخ الدفع', en: 'Paid at' },
  products: { ar: 'المنتجات', en: 'Products' },
  total: { ar: 'الإجمالي (ر.س)', en: 'Total (SAR)' },
  tracking: { ar: 'رقم التتبع', en: 'Tracking number' },
} satisfies Record<string, Text>;

const statusLabels: Record<string, Text> = {
  confirmed: { ar: 'مؤكد', en: 'Confirmed' },
  completed: { ar: 'مكتمل', en: 'Completed' },
  no_show: { ar: 'فائت', en: 'Missed' },
  cancelled: { ar: 'ملغى', en: 'Cancelled' },
  pending: { ar: 'بانتظار الدفع', en: 'Awaiting payment' },
  paid: { ar: 'مدفوع', en: 'Paid' },
  fulfilled: { ar: 'تم التجهيز', en: 'Prepared' },
  shipped: { ar: 'تم الشحن', en: 'Shipped' },
  delivered: { ar: 'تم التسليم', en: 'Delivered' },
  expired: { ar: 'منتهي الصلاحية', en: 'Expired' },
};
const kindLabels: Record<string, Text> = {
  booking: { ar: 'تحليل مخبري', en: 'Lab test' },
  store_order: { ar: 'طلب من المتجر', en: 'Store order' },
};
const providerLabels: Record<string, Text> = {
  simulated: { ar: 'دفع تجريبي', en: 'Simulated' },
  moyasar: { ar: 'Moyasar', en: 'Moyasar' },
};

const say = (text: Text, locale: Locale) => text[locale];
const label = (labels: Record<string, Text>, value: string | null, locale: Locale) =>
  value === null ? null : (labels[value]?.[locale] ?? value);
const pick = (locale: Locale, ar: string | null, en: string | null) => (locale === 'ar' ? (ar ?? en) : (en ?? ar));
const cityName = (city: string | null, locale: Locale) => (city && city in cities ? cities[city as CityKey][locale] : city);

const RIYADH_CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Riyadh',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a Riyadh wall-clock time a spreadsheet reads as one ('2026-07-01 14:30'). */
function riyadhTime(iso: string | null): string | null {
  if (!iso) return null;
  const parts = Object.fromEntries(RIYADH_CLOCK.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The file's name: what it holds, and the day it was taken (Riyadh). */
function fileName(name: string, now = new Date()): string {
  return `tahaleel-${name}-${riyadhTime(now.toISOString())!.slice(0, 10)}.csv`;
}

/** Batches from a keyset query until one comes back short. */
async function* keysetBatches<Row extends { id: string; cursor_at: string }>(
  read: (cursor: ExportCursor | null, limit: number) => Promise<Row[]>,
  toRecord: (row: Row) => CsvValue[],
  batchRows: number,
): AsyncGenerator<CsvValue[][]> {
  let cursor: ExportCursor | null = null;
  for (;;) {
    const rows = await read(cursor, batchRows);
    yield rows.map(toRecord);
    const last = rows.at(-1);
    if (!last || rows.length < batchRows) return;
    cursor = { createdAt: last.cursor_at, id: last.id };
  }
}

export function bookingsCsv(
  db: Kysely<Database>,
  viewer: BookingsViewer,
  query: BookingsExportQuery,
  locale: Locale,
  batchRows = EXPORT_BATCH_ROWS,
): CsvFile {
  const filter = { ...query, labId: viewer.role === 'lab' ? viewer.labId : undefined };
  const read = (cursor: ExportCursor | null, limit: number) => bookingExportBatch(db, filter, cursor, limit);
  type Row = Awaited<ReturnType<typeof read>>[number];
  const common = (row: Row) => ({
    test: pick(locale, row.test_name_ar, row.test_name_en),
    status: label(statusLabels, row.status, locale),
    price: riyals(row.total_price_halalas),
  });
  if (viewer.role === 'lab') {
    // What the lab's own list shows: no contact details, which reach it only through the booking.
    return {
      fileName: fileName('bookings'),
      header: [
        headings.booking,
        headings.bookedAt,
        headings.appointment,
        headings.test,
        headings.patient,
        headings.bookedBy,
        headings.status,
        headings.price,
        headings.results,
        headings.completedAt,
        headings.cancelledAt,
      ].map((text) => say(text, locale)),
      batches: keysetBatches(
        read,
        (row) => {
          const { test, status, price } = common(row);
          return [
            row.id,
            row.created_local,
            row.appointment_local,
            test,
            row.patient_name ?? row.customer_name,
            row.customer_name,
            status,
            price,
            row.result_count ?? 0,
            row.completed_local,
            row.cancelled_local,
          ];
        },
        batchRows,
      ),
    };
  }
  return {
    fileName: fileName('bookings'),
    header: [
      headings.booking,
      headings.bookedAt,
      headings.appointment,
      headings.test,
      headings.lab,
      headings.city,
      headings.customer,
      headings.patient,
      headings.email,
      headings.phone,
      headings.status,
      headings.price,
      headings.payment,
      headings.paymentReference,
      headings.refundedSar,
      headings.completedAt,
      headings.cancelledAt,
      headings.results,
    ].map((text) => say(text, locale)),
    batches: keysetBatches(
      read,
      (row) => {
        const { test, status, price } = common(row);
        return [
          row.id,
          row.created_local,
          row.appointment_local,
          test,
          pick(locale, row.lab_name_ar, row.lab_name_en),
          cityName(row.lab_city, locale),
          row.customer_name,
          row.patient_name ?? row.customer_name,
          row.customer_email,
          row.customer_phone,
          status,
          price,
          label(providerLabels, row.payment_provider, locale),
          row.payment_reference,
          riyals(row.refunded_halalas ?? 0),
          row.completed_local,
          row.cancelled_local,
          row.result_count ?? 0,
        ];
      },
      batchRows,
    ),
  };
}

export function transactionsCsv(
  db: Kysely<Database>,
  query: TransactionsExportQuery,
  locale: Locale,
  batchRows = EXPORT_BATCH_ROWS,
): CsvFile {
  return {
    fileName: fileName('transactions'),
    header: [
      headings.date,
      headings.type,
      headings.reference,
      headings.test,
      headings.lab,
      headings.items,
      headings.customer,
      headings.status,
      headings.amount,
      headings.currency,
      headings.payment,
      headings.paymentReference,
      headings.refunded,
    ].map((text) => say(text, locale)),
    batches: keysetBatches(
      (cursor, limit) => transactionExportBatch(db, query, cursor, limit),
      (row) => [
        row.created_local,
        label(kindLabels, row.kind, locale),
        row.kind === 'store_order' ? orderReference(row.id) : row.id,
        pick(locale, row.test_name_ar, row.test_name_en),
        pick(locale, row.lab_name_ar, row.lab_name_en),
        row.item_count ?? 0,
        row.customer_name,
        label(statusLabels, row.status, locale),
        riyals(row.amount_minor),
        row.currency,
        label(providerLabels, row.payment_provider, locale),
        row.payment_reference,
        riyals(row.refunded_minor ?? 0),
      ],
      batchRows,
    ),
  };
}

/** The reference the admin's order list and the buyer's mail show (store-admin.service's spelling). */
function orderReference(id: string): string {
  return `ST-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

/**
 * The admin's store orders, through the list's own paging (storeAdmin.orders: the same filters, the
 * same keyset cursor), so the file holds exactly what the list shows. Refused before any byte is sent
 * when the catalogue is managed by an external store.
 */
export function ordersCsv(
  db: Kysely<Database>,
  config: StoreConfig,
  query: OrdersExportQuery,
  locale: Locale,
  batchRows = EXPORT_BATCH_ROWS,
): CsvFile {
  assertBuiltinStore(config);
  async function* batches(): AsyncGenerator<CsvValue[][]> {
    let cursor: string | undefined;
    do {
      const page = await listAdminOrders(db, config, locale, {
        limit: Math.min(batchRows, 100),
        status: query.status,
        from: query.from,
        to: query.to,
        q: query.q,
        cursor,
      });
      yield page.items.map((order) => [
        order.reference,
        riyadhTime(order.createdAt),
        riyadhTime(order.paidAt),
        order.customerName,
        order.customerEmail,
        order.customerPhone,
        order.itemCount,
        order.lines.map((line) => `${line.quantity} × ${[line.productTitle, line.variantTitle].filter(Boolean).join(' – ')}`).join('; '),
        label(statusLabels, order.status, locale),
        riyals(order.totalCents),
        order.trackingNumber,
      ]);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return {
    fileName: fileName('orders'),
    header: [
      headings.order,
      headings.orderedAt,
      headings.paidAt,
      headings.customer,
      headings.email,
      headings.phone,
      headings.items,
      headings.products,
      headings.status,
      headings.total,
      headings.tracking,
    ].map((text) => say(text, locale)),
    batches: batches(),
  };
}
