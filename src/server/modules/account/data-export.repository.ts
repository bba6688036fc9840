import { type Kysely, sql } from 'kysely';
import { bookingDetails } from '../../db/booking-details.ts';
import type { Database } from '../../db/schema.ts';

export function profileOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.email_verified_at',
      'users.phone',
      'users.contact_email',
      'users.is_anonymous',
      'users.created_at',
      'user_profiles.name',
      'user_profiles.user_type',
      'user_profiles.locale',
      'user_profiles.subscription_tier',
      'user_profiles.reminder_mail',
      'user_profiles.marketing_mail',
      'user_profiles.marketing_consent_at',
      'user_profiles.booking_texts',
      'user_profiles.reminder_texts',
      'user_profiles.result_texts',
      'user_profiles.order_texts',
      'user_profiles.sex',
    ])
    .select(sql<string | null>`to_char(user_profiles.date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'))
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export function consentsOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user_consents')
    .select(['terms_version', 'privacy_version', 'accepted_at'])
    .where('user_id', '=', userId)
    .orderBy('accepted_at')
    .execute();
}

export function bookingsOf(db: Kysely<Database>, userId: string) {
  return bookingDetails(db)
    .select([
      'bookings.id',
      'bookings.status',
      'bookings.booking_time',
      'bookings.total_price_halalas',
      'bookings.created_at',
      'bookings.cancelled_at',
      'bookings.completed_at',
      'bookings.collection',
      'bookings.home_address',
      'bookings.home_latitude',
      'bookings.home_longitude',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
    ])
    .where('bookings.customer_id', '=', userId)
    .orderBy('bookings.booking_time')
    .execute();
}

/** Lab-test payments: what was paid for a checkout, its VAT and the gateway's reference. */
export function paymentsOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('checkouts')
    .select(['id', 'status', 'total_halalas', 'vat_halalas', 'payment_provider', 'payment_reference', 'created_at', 'completed_at'])
    .select('promo_discount_halalas')
    .select((eb) => eb.selectFrom('promo_codes').select('code').whereRef('promo_codes.id', '=', 'checkouts.promo_code_id').as('promo_code'))
    .where('customer_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function storeOrdersOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('store_orders')
    .select((eb) => [
      'store_orders.id',
      'store_orders.status',
      'store_orders.currency',
      'store_orders.total_cents',
      'store_orders.card_last4',
      'store_orders.created_at',
      'store_orders.paid_at',
      // Whom it was for and where it went are theirs too.
      'store_orders.buyer_name',
      'store_orders.buyer_email',
      'store_orders.buyer_phone',
      'store_orders.ship_city',
      'store_orders.ship_district',
      'store_orders.ship_street',
      'store_orders.ship_building_number',
      'store_orders.ship_postal_code',
      'store_orders.ship_short_address',
      'store_orders.tracking_number',
      eb
        .selectFrom('store_order_items')
        .innerJoin('store_variants', 'store_variants.id', 'store_order_items.variant_id')
        .whereRef('store_order_items.order_id', '=', 'store_orders.id')
        .select(
          sql<unknown>`json_agg(json_build_object('sku', store_variants.sku, 'title_ar', store_variants.title_ar,
            'title_en', store_variants.title_en, 'quantity', store_order_items.quantity,
            'unit_price_cents', store_order_items.unit_price_cents))`.as('items'),
        )
        .as('items'),
    ])
    .where('store_orders.user_id', '=', userId)
    .orderBy('store_orders.created_at')
    .execute();
}
