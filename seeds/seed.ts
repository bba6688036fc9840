import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import { hashPassword } from '../src/server/platform/password.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../src/shared/legal.ts';
import type { TextChoice } from '../src/shared/text-choices.ts';
import { seedAnalytes } from './analytes.ts';
import { categories } from './data/categories.ts';
import { premiumCustomer } from './data/demo-results.ts';
import { labs } from './data/labs.ts';
import { storeProducts } from './data/store.ts';
import { tests } from './data/tests.ts';
import type { SeedLab, SeedStoreProduct } from './data/types.ts';
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts.ts';
import { deterministicUuid, stableFraction } from './deterministic.ts';
import { seedFailingRenewal } from './failing-renewal.ts';
import { seedInsuredCustomer, seedInsurers } from './insurance.ts';
import { seedBillingCodes, seedLabNetworks } from './lab-insurance.ts';
import { seedLabPackages } from './packages.ts';
import { pastVisit, pastVisits, seedPastVisits } from './past-visits.ts';
import { seedPromoCodes } from './promo-codes.ts';
import { seedReviews } from './reviews.ts';
import { seedGuarantee, seedWallet } from './wallet.ts';

type Tx = Transaction<Database>;

export interface SeedSummary {
  /** Rows inserted per table; all zero when the database already held the seed. */
  inserted: Record<string, number>;
}

const pendingLab: SeedLab = {
  key: 'jeddah-alriyadah-alrawdah',
  nameAr: 'مختبر الريادة للتحاليل الطبية',
  nameEn: 'Al Riyadah Medical Laboratory',
  city: 'jeddah',
  addressAr: 'شارع الأمير سلطان، حي الروضة، جدة',
  addressEn: 'Prince Sultan Street, Al Rawdah, Jeddah',
  latitude: 21.56152,
  longitude: 39.16348,
  phone: '+966126543210',
  licenseNumber: 'MOH-LAB-20991',
  rating: 0,
  hours: {
    0: ['08:00', '20:00'],
    1: ['08:00', '20:00'],
    2: ['08:00', '20:00'],
    3: ['08:00', '20:00'],
    4: ['08:00', '20:00'],
    6: ['10:00', '18:00'],
  },
  priceFactor: 1,
  testShare: 0,
};

function emailFor(lab: SeedLab, index: number): string {
  return index === 0 ? 'lab@demo.tahaleel.sa' : `${lab.key}@labs.tahaleel.sa`;
}

/** Deterministic, idempotent demo data: running it twice changes nothing. */
export async function seedDemoData(db: Kysely<Database>): Promise<SeedSummary> {
  const passwordHashes = await hashMissingDemoPasswords(db);
  const visitPasswordHash = await hashForMissingVisitors(db);
  return db.transaction().execute(async (tx) => {
    const inserted: Record<string, number> = {};
    const count = (table: string, rows: number) => (inserted[table] = (inserted[table] ?? 0) + rows);

    await seedCatalogue(tx, count);
    await seedAnalytes(tx, count);
    await seedAccounts(tx, passwordHashes, count);
    // The second lab (the first is the demo's own lab account) has a renewal failing.
    await seedFailingRenewal(tx, count, emailFor(labs[1]!, 1));
    await seedReviews(
      tx,
      labs.map((lab, index) => ({ lab, email: emailFor(lab, index) })),
      insertUser,
      count,
    );
    // Visits at the demo's lab that have happened and wait for it to complete them.
    await seedPastVisits(tx, deterministicUuid(`user:${emailFor(labs[0]!, 0)}`), visitPasswordHash, insertUser, count);
    await seedStore(tx, count);
    await seedLabPackages(
      tx,
      labs.map((lab, index) => deterministicUuid(`user:${emailFor(lab, index)}`)),
      deterministicUuid(`user:${demoAccounts[0].email}`),
      count,
    );
    await seedPromoCodes(tx, deterministicUuid(`user:${demoAccounts[0].email}`), count);
    await seedInsurers(tx, count);
    await seedInsuredCustomer(tx, deterministicUuid(`user:${demoAccounts[3].email}`), count);
    // The demo lab is in network with two of them (its NPHIES settings are sealed: seeds/lab-insurance.ts).
    await seedLabNetworks(tx, deterministicUuid(`user:${emailFor(labs[0]!, 0)}`), count);
    await seedBillingCodes(tx, deterministicUuid(`user:${emailFor(labs[0]!, 0)}`), count);
    // Dar Al Tahlil states its turnarounds and punctual visits (not the demo lab, whose walks release results late).
    await seedGuarantee(tx, deterministicUuid(`user:${emailFor(labs[2]!, 2)}`), count);
    await seedWallet(tx, deterministicUuid(`user:${demoAccounts[3].email}`), deterministicUuid(`user:${demoAccounts[4].email}`), count);
    return { inserted };
  });
}

async function hashMissingDemoPasswords(db: Kysely<Database>): Promise<Map<string, string>> {
  const emails = demoAccounts.map((account) => account.email);
  const existing = await db.selectFrom('users').select('email').where(sql<string>`lower(email)`, 'in', emails).execute();
  const missing = emails.filter((email) => !existing.some((row) => row.email === email));
  const hashes = await Promise.all(missing.map(async (email) => [email, await hashPassword(DEMO_PASSWORD)] as const));
  return new Map(hashes);
}

/** One hash of the demo password for the past visits' customers (past-visits.ts), when one is not there yet. */
async function hashForMissingVisitors(db: Kysely<Database>): Promise<string | undefined> {
  const emails = pastVisits.map((visit) => pastVisit(visit.key).email);
  const existing = await db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  return existing.length < emails.length ? hashPassword(DEMO_PASSWORD) : undefined;
}

type Count = (table: string, rows: number) => void;

async function seedCatalogue(tx: Tx, count: Count) {
  const categoryRows = await tx
    .insertInto('categories')
    .values(categories.map((c) => ({ id: c.id, name_ar: c.nameAr, name_en: c.nameEn, icon: c.icon, color: c.color })))
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  count('categories', categoryRows.length);
  await sql`select setval(pg_get_serial_sequence('categories', 'id'), (select max(id) from categories))`.execute(tx);

  const testRows = await tx
    .insertInto('tests')
    .values(
      tests.map((test) => ({
        category_id: test.categoryId,
        name_ar: test.nameAr,
        name_en: test.nameEn,
        description_ar: test.descriptionAr,
        description_en: test.descriptionEn,
        preparation_ar: test.preparationAr,
        preparation_en: test.preparationEn,
        fasting_hours: test.fastingHours,
        sample_type: test.sampleType,
        turnaround_hours: test.turnaroundHours,
        is_popular: test.popular,
      })),
    )
    .onConflict((oc) => oc.column('name_en').where('kind', '=', 'test').doNothing())
    .returning('id')
    .execute();
  count('tests', testRows.length);
}

async function seedAccounts(tx: Tx, passwordHashes: Map<string, string>, count: Count) {
  const [admin, , pending, customer, premium, oldTerms, twoFactorDue] = demoAccounts;
  await insertUser(tx, count, {
    email: admin.email,
    name: admin.name,
    userType: 'admin',
    approved: true,
    passwordHash: passwordHashes.get(admin.email),
  });
  await insertUser(tx, count, {
    email: customer.email,
    name: customer.name,
    userType: 'customer',
    approved: false,
    passwordHash: passwordHashes.get(customer.email),
    phone: '+966501234567',
  });
  // On Premium, with results to read (seeds/demo-results.ts writes them once the results key is known).
  await insertUser(tx, count, {
    email: premium.email,
    name: premium.name,
    userType: 'customer',
    approved: false,
    passwordHash: passwordHashes.get(premium.email),
    phone: premiumCustomer.phone,
    // Her number is confirmed, and she reads her bookings and results on WhatsApp (the dev mailbox shows them).
    phoneConfirmed: { bookingTexts: 'whatsapp', resultTexts: 'whatsapp' },
    subscriptionTier: 'premium',
  });
  // Asked to accept the terms in force (they accepted an earlier version), and an admin past the
  // two-factor grace period: the app shows each only that one step (features/auth/on-hold.ts).
  await insertUser(tx, count, {
    email: oldTerms.email,
    name: oldTerms.name,
    userType: 'customer',
    approved: false,
    passwordHash: passwordHashes.get(oldTerms.email),
    termsVersion: '2025-06-01',
  });
  await insertUser(tx, count, {
    email: twoFactorDue.email,
    name: twoFactorDue.name,
    userType: 'admin',
    approved: true,
    passwordHash: passwordHashes.get(twoFactorDue.email),
    twoFactorDueAt: new Date(Date.now() - 86_400_000),
  });

  const testIds = new Map(
    (await tx.selectFrom('tests').select(['id', 'name_en']).where('kind', '=', 'test').execute()).map((row) => [row.name_en, row.id]),
  );

  for (const [index, lab] of labs.entries()) {
    const email = emailFor(lab, index);
    const labId = await insertUser(tx, count, {
      email,
      name: lab.nameAr,
      userType: 'lab',
      approved: true,
      passwordHash: passwordHashes.get(email),
      // Each offers 35–67 tests: more than Starter's 20, within Professional's 100 (spec §9).
      subscriptionTier: 'professional',
    });
    await insertLab(tx, count, labId, lab);
    await insertLabTests(tx, count, labId, lab, testIds);
  }

  const pendingId = await insertUser(tx, count, {
    email: pending.email,
    name: pending.name,
    userType: 'lab',
    approved: false,
    passwordHash: passwordHashes.get(pending.email),
  });
  await insertLab(tx, count, pendingId, pendingLab);
}

interface NewUser {
  email: string;
  name: string;
  userType: 'customer' | 'lab' | 'admin';
  approved: boolean;
  passwordHash: string | undefined;
  phone?: string;
  /** The number confirmed by a code, with how each kind of message reaches it (issue #55). */
  phoneConfirmed?: { bookingTexts: TextChoice; resultTexts: TextChoice };
  subscriptionTier?: 'professional' | 'premium';
  /** The terms version this person last accepted (default: the one in force). */
  termsVersion?: string;
  /** The end of the two-factor grace period, when it has started. */
  twoFactorDueAt?: Date;
}

async function insertUser(tx: Tx, count: Count, user: NewUser): Promise<string> {
  const id = deterministicUuid(`user:${user.email}`);
  const users = await tx
    .insertInto('users')
    // Seeded addresses count as confirmed: the demo's lab can be approved, its customer can link Google.
    .values({
      id,
      email: user.email,
      password_hash: user.passwordHash ?? null,
      phone: user.phone ?? null,
      phone_verified_at: user.phoneConfirmed ? new Date() : null,
      email_verified_at: new Date(),
      two_factor_due_at: user.twoFactorDueAt ?? null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  count('users', users.length);
  // The demo's people accepted the terms and privacy policy in force when they were made.
  if (users.length > 0)
    await tx
      .insertInto('user_consents')
      .values({ user_id: id, terms_version: user.termsVersion ?? TERMS_VERSION, privacy_version: PRIVACY_VERSION })
      .execute();
  const profiles = await tx
    .insertInto('user_profiles')
    .values({
      id,
      name: user.name,
      user_type: user.userType,
      approved: user.approved,
      ...(user.subscriptionTier && { subscription_tier: user.subscriptionTier }),
      ...(user.phoneConfirmed && { booking_texts: user.phoneConfirmed.bookingTexts, result_texts: user.phoneConfirmed.resultTexts }),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  count('user_profiles', profiles.length);
  return id;
}

async function insertLab(tx: Tx, count: Count, labId: string, lab: SeedLab) {
  const rows = await tx
    .insertInto('labs')
    .values({
      id: labId,
      lab_name_ar: lab.nameAr,
      lab_name_en: lab.nameEn,
      license_number: lab.licenseNumber,
      address_ar: lab.addressAr,
      address_en: lab.addressEn,
      city: lab.city,
      latitude: lab.latitude,
      longitude: lab.longitude,
      phone: lab.phone,
      prayer_pause_minutes: lab.prayerPauseMinutes ?? null,
      ramadan_opens_at: lab.ramadanHours?.opensAt ?? null,
      ramadan_closes_at: lab.ramadanHours?.closesAt ?? null,
      no_show_prepay: lab.noShowPrepay ?? false,
      ...(lab.homeCollection && {
        home_collection_fee_halalas: lab.homeCollection.feeSar * 100,
        home_radius_km: lab.homeCollection.radiusKm,
      }),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  count('labs', rows.length);

  const hours = Object.entries(lab.hours).map(([weekday, [opens, closes]]) => ({
    lab_id: labId,
    weekday: Number(weekday),
    opens_at: opens,
    closes_at: closes,
  }));
  if (hours.length === 0) return;
  const hourRows = await tx
    .insertInto('lab_working_hours')
    .values(hours)
    .onConflict((oc) => oc.columns(['lab_id', 'weekday']).doNothing())
    .returning('lab_id')
    .execute();
  count('lab_working_hours', hourRows.length);
}

async function insertLabTests(tx: Tx, count: Count, labId: string, lab: SeedLab, testIds: Map<string, number>) {
  const offered = tests.filter((test) => test.popular || stableFraction(`${lab.key}:${test.nameEn}`) < lab.testShare);
  const values = offered.map((test) => {
    const jitter = 0.94 + stableFraction(`${lab.key}:price:${test.nameEn}`) * 0.12;
    const priceSar = Math.max(5, Math.round((test.basePriceSar * lab.priceFactor * jitter) / 5) * 5);
    const testId = testIds.get(test.nameEn);
    if (testId === undefined) throw new Error(`Seed test missing: ${test.nameEn}`);
    return { lab_id: labId, test_id: testId, price_halalas: priceSar * 100 };
  });
  if (values.length === 0) return;
  const rows = await tx
    .insertInto('lab_tests')
    .values(values)
    .onConflict((oc) => oc.columns(['lab_id', 'test_id']).doNothing())
    .returning('id')
    .execute();
  count('lab_tests', rows.length);
}

const collections = [
  { slug: 'home-kits', title_ar: 'أطقم الفحص المنزلي', title_en: 'Home test kits' },
  { slug: 'apparel', title_ar: 'الملابس', title_en: 'Apparel' },
  { slug: 'accessories', title_ar: 'الإكسسوارات', title_en: 'Accessories' },
] as const;

async function seedStore(tx: Tx, count: Count) {
  const currencies = await tx
    .insertInto('store_currencies')
    // The shape formatSar (src/shared/money.ts) gives every other riyal amount, no-break space included.
    .values({ code: 'SAR', symbol: 'ر.س', template: 'SAR\u00a0$1', template_ar: '$1\u00a0ر.س' })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .execute();
  count('store_currencies', currencies.length);

  const collectionRows = await tx
    .insertInto('store_collections')
    .values(collections.map((collection, index) => ({ ...collection, sort_order: index })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .execute();
  count('store_collections', collectionRows.length);
  const collectionIds = new Map(
    (await tx.selectFrom('store_collections').select(['id', 'slug']).execute()).map((row) => [row.slug, row.id]),
  );

  for (const [order, product] of storeProducts.entries()) {
    await insertStoreProduct(tx, count, product, order, collectionIds);
  }
}

async function insertStoreProduct(tx: Tx, count: Count, product: SeedStoreProduct, order: number, collectionIds: Map<string, number>) {
  const inserted = await tx
    .insertInto('store_products')
    .values({
      slug: product.slug,
      type: product.type,
      title_ar: product.titleAr,
      title_en: product.titleEn,
      subtitle_ar: product.subtitleAr,
      subtitle_en: product.subtitleEn,
      ribbon_text_ar: product.ribbonAr,
      ribbon_text_en: product.ribbonEn,
      description_ar: product.descriptionAr,
      description_en: product.descriptionEn,
      currency: 'SAR',
      purchasable: product.purchasable,
      sort_order: order,
      site_product_selection: product.siteProductSelection,
    })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  // Children are written only with a new product, so a second run adds nothing.
  if (!inserted) return;
  const productId = inserted.id;
  count('store_products', 1);

  const collectionId = collectionIds.get(product.collection);
  if (collectionId === undefined) throw new Error(`Seed collection missing: ${product.collection}`);
  await tx
    .insertInto('store_product_collections')
    .values({ product_id: productId, collection_id: collectionId, sort_order: order })
    .execute();

  if (product.images.length > 0) {
    await tx
      .insertInto('store_product_images')
      .values(product.images.map((file, index) => ({ product_id: productId, url: `/store/${file}`, sort_order: index })))
      .execute();
    count('store_product_images', product.images.length);
  }

  const optionValueIds = new Map<string, number>();
  for (const [optionIndex, option] of product.options.entries()) {
    const { id: optionId } = await tx
      .insertInto('store_options')
      .values({ product_id: productId, title_ar: option.titleAr, title_en: option.titleEn, sort_order: optionIndex })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [valueIndex, value] of option.values.entries()) {
      const { id } = await tx
        .insertInto('store_option_values')
        .values({ option_id: optionId, value_ar: value.ar, value_en: value.en, sort_order: valueIndex })
        .returning('id')
        .executeTakeFirstOrThrow();
      optionValueIds.set(`${optionIndex}:${value.en}`, id);
    }
  }

  for (const [variantIndex, variant] of product.variants.entries()) {
    const { id: variantId } = await tx
      .insertInto('store_variants')
      .values({
        product_id: productId,
        sku: variant.sku,
        title_ar: variant.titleAr,
        title_en: variant.titleEn,
        image_url: variant.image ? `/store/${variant.image}` : null,
        price_in_cents: variant.priceHalalas,
        sale_price_in_cents: variant.salePriceHalalas,
        manage_inventory: variant.manageInventory,
        inventory_quantity: variant.inventoryQuantity,
        weight_grams: variant.weightGrams,
        sort_order: variantIndex,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    count('store_variants', 1);
    const links = variant.optionValues.map((value, optionIndex) => {
      const optionValueId = optionValueIds.get(`${optionIndex}:${value}`);
      if (optionValueId === undefined) throw new Error(`Seed option value missing: ${product.slug} ${value}`);
      return { variant_id: variantId, option_value_id: optionValueId };
    });
    if (links.length > 0) await tx.insertInto('store_variant_option_values').values(links).execute();
  }

  if (product.additionalInfo.length > 0) {
    await tx
      .insertInto('store_additional_info')
      .values(
        product.additionalInfo.map((info, index) => ({
          product_id: productId,
          sort_order: index,
          title_ar: info.titleAr,
          title_en: info.titleEn,
          description_ar: info.descriptionAr,
          description_en: info.descriptionEn,
        })),
      )
      .execute();
  }
}
