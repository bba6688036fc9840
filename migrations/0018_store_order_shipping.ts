import { type Kysely, sql } from 'kysely';

// A store order names its buyer and where it goes (issue #27, item 3): name, e-mail and Saudi mobile
// (+9665XXXXXXXX), and a Saudi National Address: city, district, street, building number (4 digits),
// postal code (5 digits) and, optionally, the short address (4 letters + 4 digits). Given on the payment
// page and written with the payment, so a pending order has none yet, nor has an order paid before this
// migration; an order has either all the required ones or none. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('store_orders')
    .addColumn('buyer_name', 'text')
    .addColumn('buyer_email', 'text')
    .addColumn('buyer_phone', 'text')
    .addColumn('ship_city', 'text')
    .addColumn('ship_district', 'text')
    .addColumn('ship_street', 'text')
    .addColumn('ship_building_number', 'text')
    .addColumn('ship_postal_code', 'text')
    .addColumn('ship_short_address', 'text')
    .execute();
  await sql`
    alter table store_orders add constraint store_orders_shipping_complete check (
      num_nonnulls(buyer_name, buyer_email, buyer_phone, ship_city, ship_district, ship_street, ship_building_number, ship_postal_code) in (0, 8)
      and (ship_short_address is null or buyer_name is not null)
      and (ship_postal_code is null or ship_postal_code ~ '^[0-9]{5}$')
      and (buyer_phone is null or buyer_phone ~ '^\\+9665[0-9]{8}$')
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('store_orders').dropConstraint('store_orders_shipping_complete').execute();
  await db.schema
    .alterTable('store_orders')
    .dropColumn('buyer_name')
    .dropColumn('buyer_email')
    .dropColumn('buyer_phone')
    .dropColumn('ship_city')
    .dropColumn('ship_district')
    .dropColumn('ship_street')
    .dropColumn('ship_building_number')
    .dropColumn('ship_postal_code')
    .dropColumn('ship_short_address')
    .execute();
}
