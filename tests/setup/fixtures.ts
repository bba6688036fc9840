import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { appRouter } from '../../src/server/app-router.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { type Env, parseEnv } from '../../src/server/env.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { resultKeysFor } from '../../src/server/platform/result-sealing.ts';
import { createSession, generateSessionToken, validateSessionToken } from '../../src/server/platform/session.ts';
import type { TrpcContext } from '../../src/server/trpc/context.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../src/shared/legal.ts';
import type { UserType } from '../../src/shared/locale.ts';

/** The master key result files are sealed with in this test process (docs/decisions/0021). */
export const TEST_RESULTS_KEY = randomBytes(32).toString('base64');

/** The settings of the test environment, as the process environment would give them. */
export const testEnvSource = {
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://localhost:3000',
  PAYMENT_DELAY_MS: '0',
  // Refusals answered at once: tests that are refused on purpose do not wait (request-limits tests it).
  SLOW_REFUSALS_MAX_MS: '0',
  PASSWORD_COST: 'test-only',
  RESULTS_ENCRYPTION_KEY: TEST_RESULTS_KEY,
};

/**
 * The suite's server has no SMS gateway (a development server would text through the dev mailbox): a
 * guest books with its typed number and a home visit needs none, as on a site without SMS. The tests of
 * what SMS changes give their server one (`SMS_PROVIDER: 'dev'`), so both are tested. Nor has it Nafath: the
 * tests of identity give theirs the fake Elm server (tests/fakes/nafath.ts).
 */
export const testEnv: Env = { ...parseEnv(testEnvSource), SMS_PROVIDER: undefined, NAFATH_PROVIDER: undefined };

export interface TestUser {
  id: string;
  email: string;
  token: string;
  cookie: string;
}

/** A user as createTestUser writes them, with the profile a session reads (a booking is made for it). */
export interface TestAccount extends TestUser {
  name: string;
  locale: 'ar';
  subscription_tier: 'basic';
  is_anonymous: false;
  contact_email: null;
}

/**
 * A user of the given role with a live session, written straight to the database; they accepted the
 * terms and privacy policy in force, as sign-up records, unless `consented: false`.
 */
export async function createTestUser(
  db: Kysely<Database>,
  userType: UserType,
  options: {
    approved?: boolean;
    name?: string;
    emailVerified?: boolean;
    /** When the session's password was last entered (default: now, as at a password sign-in; null: never). */
    passwordConfirmedAt?: Date | null;
    consented?: boolean;
  } = {},
): Promise<TestAccount> {
  const email = `${userType}-${randomUUID()}@test.tahaleel.sa`;
  const name = options.name ?? `Test ${userType}`;
  const { id } = await db
    .insertInto('users')
    .values({ email, password_hash: null, email_verified_at: options.emailVerified === false ? null : new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_profiles')
    .values({ id, name, user_type: userType, approved: options.approved ?? userType !== 'lab' })
    .execute();
  if (userType === 'lab') {
    await db.insertInto('labs').values({ id, lab_name_ar: 'مختبر الاختبار', lab_name_en: 'Test Lab', license_number: null }).execute();
  }
  if (options.consented !== false) {
    await db.insertInto('user_consents').values({ user_id: id, terms_version: TERMS_VERSION, privacy_version: PRIVACY_VERSION }).execute();
  }
  const token = generateSessionToken();
  await createSession(db, token, id, new Date(), {
    passwordConfirmedAt: options.passwordConfirmedAt === undefined ? new Date() : options.passwordConfirmedAt,
  });
  return {
    id,
    email,
    name,
    locale: 'ar',
    subscription_tier: 'basic',
    is_anonymous: false,
    contact_email: null,
    token,
    cookie: `tahaleel_session=${token}`,
  };
}

/** The real context a request with this user's cookie would get. */
export async function contextFor(db: Kysely<Database>, user?: TestUser): Promise<TrpcContext & { cookies: string[] }> {
  const validation = user ? await validateSessionToken(db, user.token) : null;
  const cookies: string[] = [];
  return {
    db,
    config: testEnv,
    payments: simulatedPaymentProvider(0),
    nafath: null,
    instance: null,
    keys: await resultKeysFor(testEnv),
    session: validation?.session ?? null,
    user: validation?.user ?? null,
    locale: 'ar',
    clientIp: '127.0.0.1',
    pendingSignInToken: null,
    storeBrowserKey: null,
    deviceKey: null,
    setCookie: (value) => cookies.push(value),
    cookies,
  };
}

const createCaller = createCallerFactory(appRouter);

export async function callerFor(db: Kysely<Database>, user?: TestUser) {
  return createCaller(await contextFor(db, user));
}

/** booking.create's answer when the simulated payment booked at once (a gateway's `payment_required` has no bookings). */
export function booked<T>(answer: T) {
  if (typeof answer === 'object' && answer !== null && 'payment' in answer)
    throw new Error('expected the simulated payment to book at once');
  return answer as Exclude<T, { status: 'payment_required' }>;
}

/**
 * A paid checkout's tax invoice of one line, written in the caller's transaction as confirm_paid_checkout
 * writes one: without its number, which the database gives as the transaction commits.
 */
export function insertCheckoutInvoice(
  trx: Transaction<Database>,
  checkout: { id: string; customerId: string; buyerName: string | null; totalHalalas: number },
) {
  const line = { kind: 'test', name_ar: 'فحص', name_en: 'Test', quantity: 1, unit_halalas: checkout.totalHalalas };
  const vat = Math.round((checkout.totalHalalas * 15) / 115);
  return trx
    .insertInto('invoices')
    .values({
      kind: 'invoice',
      issued_at: new Date(),
      buyer_id: checkout.customerId,
      buyer_name: checkout.buyerName,
      checkout_id: checkout.id,
      seller_name: testEnv.SELLER_NAME,
      seller_vat_number: testEnv.SELLER_VAT_NUMBER,
      total_halalas: checkout.totalHalalas,
      vat_halalas: vat,
      lines: JSON.stringify([{ ...line, total_halalas: checkout.totalHalalas, vat_halalas: vat }]),
      qr: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The token of the link in the newest `template` mail to `address` in the outbox, as its reader would open it. */
export async function mailedLinkToken(db: Kysely<Database>, address: string, template: string): Promise<string> {
  const mail = await db
    .selectFrom('outbox')
    .select('data')
    .where('recipient', '=', address)
    .where('template', '=', template)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return new URL((mail.data as { link: string }).link).searchParams.get('token')!;
}
