import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../../seeds/demo-accounts.ts';
import { createApp } from '../../src/server/app.ts';
import { appRouter } from '../../src/server/app-router.ts';
import { createKey } from '../../src/server/modules/lab-api-keys/lab-api-keys.service.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { insertBooking, nonFastingTestId, offerTest, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { cookiePair } from '../setup/http.ts';
import { promoTerms } from '../setup/promo-terms.ts';
import { approvedPayment, checkoutDefaults, createTestVariant, deliveryDetails } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

/*
 * Who may call what, for the whole API, through the real HTTP app with real session cookies.
 *
 * 1. The access matrix: one row per tRPC procedure (the list comes from the router, so a new
 *    procedure without a row fails), saying for each of six roles whether the call is allowed or
 *    which refusal it gets. Allowed calls use valid, harmless input, so rules a service enforces
 *    (a guest cannot change a password, an admin has no plan) are reached; an allowed call may still
 *    fail for another reason (a made-up id is NOT_FOUND), it must just not be refused for who it is.
 * 2. Objects: for everything owned by someone, another party is refused and the rows read back are
 *    unchanged, then the owner does the same thing and the rows change (so the check can fail).
 * 3. Input that names someone else's account, or asks for more rights, changes nothing.
 */

const ORIGIN = 'http://localhost:3000';
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const NO_ID = 2_147_483_647;
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Refusals that depend on who is calling, with the HTTP status each must come with. */
const refusalStatus = {
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  LAB_NOT_APPROVED: 403,
  ADMIN_ONLY_LOGIN: 403,
  USE_ADMIN_LOGIN: 403,
  ALREADY_REGISTERED: 409,
  PLAN_NOT_AVAILABLE: 400,
  SECOND_FACTOR_EXPIRED: 401,
  PASSWORD_CONFIRMATION_REQUIRED: 403,
  PREMIUM_REQUIRED: 403,
} as const;
type Refusal = keyof typeof refusalStatus;

let database: TestDatabase;
let blobRoot: string;
let app: ReturnType<typeof createApp>;

// ---------------------------------------------------------------------------------------------
// Talking to the app

interface Actor {
  label: string;
  id: string;
  cookie: string;
}

interface Answer {
  status: number;
  appCode: string | null;
  data: unknown;
}

const procedureTypes = new Map(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).map(([path, procedure]) => [
    path,
    procedure._def.type,
  ]),
);
const procedurePaths = [...procedureTypes.keys()].sort();

/** Each request comes from its own address, so the per-address sign-up and sign-in limits stay out of the way. */
const someAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A Saudi mobile number of its own for each call, so the three codes a number gets in fifteen minutes stay out of the way. */
const someMobile = () => `055${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

const cookieOf = (actor?: Actor): Record<string, string> => (actor?.cookie ? { cookie: actor.cookie } : {});

/** A tRPC call as the browser makes it: GET for a query, a same-origin JSON POST for a mutation. */
async function call(path: string, input: unknown, actor?: Actor): Promise<Answer> {
  const type = procedureTypes.get(path);
  if (!type) throw new Error(`no procedure ${path}`);
  const cookie = cookieOf(actor);
  const response =
    type === 'query'
      ? await app.request(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
          headers: cookie,
        })
      : await app.request(`/trpc/${path}`, {
          method: 'POST',
          headers: { ...cookie, 'content-type': 'application/json', origin: ORIGIN },
          body: input === undefined ? undefined : JSON.stringify(input),
        });
  return answerOf(response);
}

async function answerOf(response: Response): Promise<Answer> {
  const body = response.headers.get('content-type')?.includes('json')
    ? ((await response.json()) as { result?: { data: unknown }; error?: { appCode?: string; data?: { appCode?: string | null } } })
    : null;
  // tRPC errors carry the code in error.data; the result-file routes put it on error itself.
  const appCode = body?.error?.data?.appCode ?? body?.error?.appCode ?? null;
  return { status: response.status, appCode, data: body?.result?.data };
}

/** The refusal of the caller as such, with the HTTP status named when it is not the one the code must have; null otherwise. */
function refusalOf(answer: Answer): string | null {
  if (answer.status >= 500) return `HTTP ${answer.status}`;
  if (answer.appCode && answer.appCode in refusalStatus) {
    const expected = refusalStatus[answer.appCode as Refusal];
    return answer.status === expected ? answer.appCode : `${answer.appCode} with HTTP ${answer.status}`;
  }
  if (answer.status === 401 || answer.status === 403) return `HTTP ${answer.status} ${answer.appCode ?? ''}`.trim();
  return null;
}

/** What a call came to: a refusal, another error code (NOT_FOUND…), or 'ok'. */
function outcomeOf(answer: Answer): string {
  return refusalOf(answer) ?? answer.appCode ?? (answer.status < 400 ? 'ok' : `HTTP ${answer.status}`);
}

function asActor(label: string, user: TestUser): Actor {
  return { label, id: user.id, cookie: user.cookie };
}

/** A guest the way the site makes one: "continue as guest" with a name and a phone. */
async function signInAsGuest(label = 'a guest'): Promise<Actor> {
  const response = await app.request('/trpc/auth.signInAnonymously', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ name: 'ضيف', phone: '0551234567' }),
  });
  const body = (await response.json()) as { result: { data: { id: string; is_anonymous: boolean } } };
  expect(body.result.data.is_anonymous).toBe(true);
  return { label, id: body.result.data.id, cookie: cookiePair(response.headers.getSetCookie()[0]) };
}

/** The result-file routes are plain HTTP: a multipart upload answering `{ result }` or `{ error: { appCode } }`. */
async function uploadResult(actor: Actor, bookingId: string): Promise<Answer> {
  const form = new FormData();
  form.set('bookingId', bookingId);
  form.set('file', new File([pdf as Uint8Array<ArrayBuffer>], 'result.pdf', { type: 'application/pdf' }));
  const response = await app.request('/files/results', { method: 'POST', headers: { origin: ORIGIN, ...cookieOf(actor) }, body: form });
  const body = (await response.json()) as { result?: { id: string }; error?: { appCode: string } };
  return { status: response.status, appCode: body.error?.appCode ?? null, data: body.result };
}

/** With a reason, which an administrator must give (ADR 0021) and anyone else's is ignored: who may read is what is tested. */
async function downloadResult(actor: Actor, resultId: string): Promise<Answer> {
  const response = await app.request(`/files/results/${resultId}?reason=matrix`, { headers: cookieOf(actor) });
  if (response.status !== 200) return answerOf(response);
  return { status: 200, appCode: null, data: new Uint8Array(await response.arrayBuffer()) };
}

// ---------------------------------------------------------------------------------------------
// 1. The access matrix

const roles = ['visitor', 'guest', 'customer', 'pendingLab', 'lab', 'admin'] as const;
type Role = (typeof roles)[number];
type Access = Record<Role, 'ok' | Refusal>;

/** A fresh account of the role for every call, so no call can disturb the next (sign-out, password change…). */
async function actorFor(role: Role): Promise<Actor | undefined> {
  const db = database.db;
  switch (role) {
    case 'visitor':
      return undefined;
    case 'guest':
      return signInAsGuest();
    case 'customer':
      return asActor(role, await createTestUser(db, 'customer'));
    case 'pendingLab':
      return asActor(role, await createTestUser(db, 'lab', { approved: false }));
    case 'lab':
      return asActor(role, await createTestUser(db, 'lab', { approved: true }));
    case 'admin':
      return asActor(role, await createTestUser(db, 'admin'));
  }
}

const everyone: Access = { visitor: 'ok', guest: 'ok', customer: 'ok', pendingLab: 'ok', lab: 'ok', admin: 'ok' };
const signedIn: Access = { ...everyone, visitor: 'UNAUTHENTICATED' };
const customers: Access = { ...signedIn, pendingLab: 'FORBIDDEN', lab: 'FORBIDDEN', admin: 'FORBIDDEN' };
const labs: Access = { ...signedIn, guest: 'FORBIDDEN', customer: 'FORBIDDEN', admin: 'FORBIDDEN' };
const approvedLabs: Access = { ...labs, pendingLab: 'LAB_NOT_APPROVED' };
/** What only a lab on the Premium plan may do (the matrix's lab is on the free plan). */
const premiumLabs: Access = { ...approvedLabs, lab: 'PREMIUM_REQUIRED' };
const admins: Access = { ...signedIn, guest: 'FORBIDDEN', customer: 'FORBIDDEN', pendingLab: 'FORBIDDEN', lab: 'FORBIDDEN' };

interface Row {
  access: Access;
  /** Valid input for a call by the role. */
  input?: (role: Role) => unknown;
}

/** Things from the seeded database and the fixtures that the inputs below point at. */
const seeded = {
  categoryNameEn: '',
  testNameEn: '',
  testId: 0,
  labId: '',
  spareLabId: '',
  productId: 0,
  variantId: 0,
  orderId: '',
};

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const inventedClientData = (type: string) =>
  base64url(JSON.stringify({ type, challenge: base64url(unique('never-given')), origin: ORIGIN }));
const inventedRegistration = () => ({
  id: 'aW52ZW50ZWQ',
  rawId: 'aW52ZW50ZWQ',
  type: 'public-key' as const,
  response: { clientDataJSON: inventedClientData('webauthn.create'), attestationObject: 'oA' },
  clientExtensionResults: {},
});
const inventedAssertion = () => ({
  id: 'aW52ZW50ZWQ',
  rawId: 'aW52ZW50ZWQ',
  type: 'public-key' as const,
  response: { clientDataJSON: inventedClientData('webauthn.get'), authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
});
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const futureInstant = () => `${inDays(5)}T06:00:00.000Z`;
const password = 'matrix-password-1';
/** A well-formed link token that was never sent. */
const linkToken = () =>
  randomUUID()
    .replaceAll('-', '')
    .slice(0, 32)
    .replace(/[^a-z2-7]/g, 'a');

const labProfile = {
  nameAr: 'مختبر المصفوفة',
  nameEn: 'Matrix Lab',
  addressAr: 'الرياض',
  addressEn: 'Riyadh',
  city: 'riyadh',
  latitude: 24.7,
  longitude: 46.7,
  phone: '011 123 4567',
  workingHours: Array.from({ length: 7 }, (_, weekday) => ({ weekday, open: weekday !== 5, opensAt: '08:00', closesAt: '20:00' })),
  slotMinutes: 30,
  slotCapacity: 2,
};

const matrix: Record<string, Row> = {
  'account.updateProfile': { access: signedIn, input: () => ({ name: 'اسم جديد', locale: 'ar' }) },
  'account.updatePersonal': { access: customers, input: () => ({ sex: 'female', dateOfBirth: '1990-04-12' }) },
  // A guest first gets an e-mail and a password through auth.upgradeAnonymous.
  'account.changePassword': { access: { ...signedIn, guest: 'FORBIDDEN' }, input: () => ({ newPassword: password }) },
  'account.changeEmail': { access: { ...signedIn, guest: 'FORBIDDEN' }, input: () => ({ newEmail: `${unique('new')}@example.sa` }) },
  'account.updateMailPreferences': { access: signedIn, input: () => ({ reminderMail: false, marketingMail: true }) },
  'account.updateTextChoices': {
    access: signedIn,
    input: () => ({ booking: 'whatsapp', reminder: 'sms', result: 'off', order: 'sms' }),
  },
  'account.requestPhoneCode': { access: signedIn, input: () => ({ phone: someMobile() }) },
  'account.confirmPhone': { access: signedIn, input: () => ({ phone: someMobile(), code: '123456' }) },
  'account.signOutEverywhere': { access: signedIn },
  // Anyone signed in may ask; each is shown the reads of their own results only (section 2).
  'account.resultAccessLog': { access: signedIn },
  'account.twoFactorStatus': { access: signedIn },
  // A guest has no password to pair a second factor with.
  'account.twoFactorSetup': { access: { ...signedIn, guest: 'FORBIDDEN' } },
  'account.twoFactorEnable': { access: signedIn, input: () => ({ code: '123456' }) },
  'account.twoFactorDisable': { access: { ...signedIn, guest: 'FORBIDDEN' }, input: () => ({ password, code: '123456' }) },
  'account.twoFactorRecoveryCodes': { access: signedIn, input: () => ({ code: '123456' }) },
  'account.passkeys': { access: signedIn },
  // A guest has no account to sign in to again with a passkey.
  'account.passkeyRegistrationOptions': { access: { ...signedIn, guest: 'FORBIDDEN' } },
  // An answer to a challenge nobody was given (PASSKEY_FAILED past the access rules: passkeys.test.ts).
  'account.passkeyRegister': { access: signedIn, input: () => ({ name: 'مفتاح', response: inventedRegistration() }) },
  // Nobody owns this credential id (NOT_FOUND past the access rules).
  'account.passkeyRemove': { access: signedIn, input: () => ({ id: 'bm8tc3VjaC1wYXNza2V5' }) },
  // Customers only, a guest after becoming one; a wrong password here, so nobody is deleted.
  'account.delete': { access: { ...customers, guest: 'FORBIDDEN' }, input: () => ({ password: 'not-the-password' }) },

  'admin.overview': { access: admins },
  'admin.totalRevenue': { access: admins },
  'admin.stats': { access: admins, input: () => ({ from: inDays(-30), to: inDays(0), granularity: 'week' }) },
  'admin.labs': { access: admins, input: () => ({ limit: 5, q: 'a', sort: 'name', status: 'pending' }) },
  'admin.setLabApproval': { access: admins, input: () => ({ labId: seeded.spareLabId, approved: false }) },
  'admin.testRequests': { access: admins, input: () => ({ limit: 5, q: 'a', sort: 'newest', status: 'all' }) },
  'admin.reviewTestRequest': { access: admins, input: () => ({ id: NO_ID, decision: 'rejected' }) },
  'admin.users': { access: admins, input: () => ({ limit: 5, q: 'a', sort: 'name' }) },
  'admin.transactions': { access: admins, input: () => ({ limit: 5, q: 'a', sort: 'oldest' }) },
  'admin.resetTwoFactor': { access: admins, input: () => ({ userId: NOWHERE }) },
  'admin.auditLog': { access: admins, input: () => ({ limit: 5 }) },
  'admin.failingRenewals': { access: admins, input: () => ({ limit: 5, q: 'a' }) },
  'admin.labBalances': { access: admins, input: () => ({ limit: 5, q: 'a' }) },
  'admin.labPayouts': { access: admins, input: () => ({ labId: seeded.labId }) },
  // The spare lab is owed nothing: the admin's call is answered PAYOUT_EXCEEDS_BALANCE, not refused.
  'admin.recordPayout': {
    access: admins,
    input: () => ({ labId: seeded.spareLabId, amount: 1, paidOn: inDays(0), bankReference: 'MATRIX-REF' }),
  },
  'admin.reversePayout': { access: admins, input: () => ({ payoutId: NOWHERE, note: 'matrix' }) },

  // What tests measure (ADR 0062): the admin reads and edits them (edits after a recent password); each
  // lab sets its own intervals, another lab's being NOT_FOUND past the access rules (section 2).
  'analysis.labDraftComment': { access: premiumLabs, input: () => ({ bookingId: NOWHERE }) },
  'analytes.list': { access: admins, input: () => ({ q: 'sodium', limit: 5 }) },
  'analytes.get': { access: admins, input: () => ({ id: NO_ID }) },
  'analytes.tests': { access: admins },
  'analytes.unitAliases': { access: admins },
  // A built-in spelling: refused past the access rules, so no alias is added.
  'analytes.addUnitAlias': { access: admins, input: () => ({ spelling: 'mg/dl', ucum: 'mg/dL' }) },
  // A code already in use: CONFLICT past the access rules, so nothing is added.
  'analytes.create': {
    access: admins,
    input: () => ({ loinc: '2823-3', nameAr: 'البوتاسيوم', nameEn: 'Potassium', kind: 'numeric', unit: 'mmol/L', decimals: 1 }),
  },
  'analytes.update': { access: admins, input: () => ({ id: NO_ID, nameAr: 'مؤشر', nameEn: 'Marker', decimals: 1 }) },
  'analytes.saveInterval': {
    access: admins,
    input: () => ({ id: NO_ID, analyteId: NO_ID, low: 1, high: 2, unit: 'mmol/L', source: 'Matrix check' }),
  },
  'analytes.deleteInterval': { access: admins, input: () => ({ id: NO_ID }) },
  'analytes.saveCriticalLimit': {
    access: admins,
    input: () => ({ id: NO_ID, analyteId: NO_ID, low: 1, high: 2, unit: 'mmol/L', source: 'Matrix check' }),
  },
  'analytes.deleteCriticalLimit': { access: admins, input: () => ({ id: NO_ID }) },
  'analytes.linkTest': { access: admins, input: () => ({ analyteId: NO_ID, testId: NO_ID }) },
  'analytes.unlinkTest': { access: admins, input: () => ({ analyteId: NO_ID, testId: NO_ID }) },
  'analytes.labIntervals': { access: approvedLabs },
  'analytes.saveLabInterval': { access: approvedLabs, input: () => ({ analyteId: NO_ID, low: 1, high: 2, unit: 'mmol/L' }) },
  'analytes.deleteLabInterval': { access: approvedLabs, input: () => ({ id: NO_ID }) },

  'auth.me': { access: everyone },
  // Stale versions: answered CONFLICT, so the matrix records no one's consent.
  // A wrong password is WRONG_PASSWORD for anyone signed in (a guest has none): not a refusal for who they are.
  'auth.confirmPassword': { access: signedIn, input: () => ({ password: 'not-the-password' }) },
  'auth.acceptConsent': { access: signedIn, input: () => ({ termsVersion: 'old', privacyVersion: 'old' }) },
  'auth.providers': { access: everyone },
  'auth.signUp': {
    access: everyone,
    input: () => ({ email: `${unique('signup')}@example.sa`, password, name: 'مستخدم', userType: 'customer', acceptTerms: true }),
  },
  'auth.signIn': { access: everyone, input: () => ({ email: demoAccounts[3].email, password: DEMO_PASSWORD }) },
  // Only the password step's cookie opens the second step: without it, everyone is sent back to it.
  'auth.signInSecondFactor': {
    access: {
      visitor: 'SECOND_FACTOR_EXPIRED',
      guest: 'SECOND_FACTOR_EXPIRED',
      customer: 'SECOND_FACTOR_EXPIRED',
      pendingLab: 'SECOND_FACTOR_EXPIRED',
      lab: 'SECOND_FACTOR_EXPIRED',
      admin: 'SECOND_FACTOR_EXPIRED',
    },
    input: () => ({ code: '123456' }),
  },
  'auth.passkeySignInOptions': { access: everyone },
  // A signature over a challenge nobody was given, by a credential nobody registered (PASSKEY_FAILED).
  'auth.signInWithPasskey': { access: everyone, input: () => ({ response: inventedAssertion() }) },
  'auth.signInAnonymously': { access: everyone, input: () => ({ name: 'ضيف', phone: '0551234567' }) },
  'auth.requestPhoneCode': { access: everyone, input: () => ({ phone: someMobile() }) },
  // No code was sent to it: refused as a wrong code, by anyone, never by role.
  'auth.signInWithPhoneCode': { access: everyone, input: () => ({ phone: someMobile(), code: '123456' }) },
  // Only an account just made by a code has no name and terms yet: anyone else's call is a CONFLICT, not a refusal.
  'auth.completePhoneSignUp': { access: signedIn, input: () => ({ name: 'سارة', acceptTerms: true, marketingMail: false }) },
  // Only a guest has an account to upgrade.
  'auth.upgradeAnonymous': {
    access: {
      visitor: 'UNAUTHENTICATED',
      guest: 'ok',
      customer: 'ALREADY_REGISTERED',
      pendingLab: 'ALREADY_REGISTERED',
      lab: 'ALREADY_REGISTERED',
      admin: 'ALREADY_REGISTERED',
    },
    input: () => ({ email: `${unique('upgrade')}@example.sa`, password }),
  },
  'auth.signOut': { access: everyone },
  // A link from a mail works without a session (it may be opened on another device).
  'auth.verifyEmail': { access: everyone, input: () => ({ token: linkToken() }) },
  // So does a guest's booking link (ADR 0066): the link is the key, whoever opens it.
  'auth.openGuestLink': { access: everyone, input: () => ({ token: linkToken() }) },
  'auth.resendVerification': { access: { ...signedIn, guest: 'FORBIDDEN' } },
  'auth.requestPasswordReset': { access: everyone, input: () => ({ email: `${unique('reset')}@example.sa` }) },
  'auth.checkResetLink': { access: everyone, input: () => ({ token: linkToken() }) },
  'auth.resetPassword': { access: everyone, input: () => ({ token: linkToken(), password }) },

  'booking.availableSlots': { access: everyone, input: () => ({ labId: seeded.labId, date: inDays(3) }) },
  'booking.slotRules': { access: everyone, input: () => ({ labId: seeded.labId, date: inDays(3) }) },
  'booking.homeWindows': { access: everyone, input: () => ({ labId: seeded.labId, date: inDays(3) }) },
  'booking.holdSlot': { access: customers, input: () => ({ labTestId: NO_ID, bookingTime: futureInstant() }) },
  'booking.seriesPlan': { access: everyone, input: () => ({ labTestId: NO_ID, bookingTime: futureInstant(), everyMonths: 3, visits: 2 }) },
  'booking.holdSeries': { access: customers, input: () => ({ labTestId: NO_ID, bookingTime: futureInstant(), everyMonths: 3, visits: 2 }) },
  'booking.releaseHold': { access: customers, input: () => ({ labTestId: NO_ID, bookingTime: futureInstant() }) },
  'booking.create': {
    access: customers,
    input: () => ({ items: [{ labTestId: NO_ID, bookingTime: futureInstant() }], idempotencyKey: unique('matrix') }),
  },
  'booking.mine': { access: customers },
  'booking.reservedVisits': { access: customers },
  'booking.cartSeries': { access: customers },
  'booking.seriesPaymentTerms': { access: customers, input: () => ({ labId: seeded.labId }) },
  'booking.releaseReservedVisit': { access: customers, input: () => ({ id: NOWHERE }) },
  'booking.moveReservedVisit': { access: customers, input: () => ({ id: NOWHERE, bookingTime: futureInstant() }) },
  'booking.promoQuote': {
    access: customers,
    input: () => ({ code: 'NOSUCHCODE', items: [{ labTestId: NO_ID, bookingTime: futureInstant() }] }),
  },
  'booking.cancellation': { access: customers, input: () => ({ id: NOWHERE }) },
  'booking.cancel': { access: customers, input: () => ({ id: NOWHERE }) },
  'booking.reschedule': { access: customers, input: () => ({ id: NOWHERE, bookingTime: futureInstant() }) },
  'booking.paymentMethod': { access: everyone },
  // A guest in the store pays too; the gateway's payment id is the only key, and only its outcome is answered.
  'payments.outcome': { access: everyone, input: () => ({ paymentId: NOWHERE }) },

  'family.list': { access: customers },
  'family.add': { access: customers, input: () => ({ name: 'Noura', relation: 'mother', sex: 'female', dateOfBirth: '1961-03-14' }) },
  'family.update': {
    access: customers,
    input: () => ({ id: NOWHERE, name: 'Noura', relation: 'mother', sex: 'female', dateOfBirth: '1961-03-14' }),
  },
  'family.remove': { access: customers, input: () => ({ id: NOWHERE }) },
  'identity.mine': { access: customers },
  'identity.setNationalId': { access: customers, input: () => ({ nationalId: '1000000016' }) },
  // Someone else's member, or a request that is not the caller's, looks missing (tests/integration/nafath-identity.test.ts).
  'identity.startNafath': { access: customers, input: () => ({ familyMemberId: NOWHERE, nationalId: '1000000016' }) },
  'identity.nafathStatus': { access: customers, input: () => ({ requestId: NOWHERE }) },
  'identity.confirmNafath': { access: customers, input: () => ({ requestId: NOWHERE, matches: true }) },

  'reviews.create': { access: customers, input: () => ({ bookingId: NOWHERE, rating: 5, text: 'ممتاز' }) },
  'reviews.update': { access: customers, input: () => ({ id: NOWHERE, rating: 4, text: 'جيد' }) },
  'reviews.mine': { access: customers },
  'reviews.forLab': { access: everyone, input: () => ({ labId: seeded.labId }) },
  'reviews.forMyLab': { access: approvedLabs, input: () => ({}) },
  'reviews.reply': { access: approvedLabs, input: () => ({ id: NOWHERE, text: 'شكراً لكم' }) },
  'reviews.forAdmin': { access: admins, input: () => ({}) },
  'reviews.hide': { access: admins, input: () => ({ id: NOWHERE, reason: 'matrix' }) },
  'reviews.show': { access: admins, input: () => ({ id: NOWHERE, reason: 'matrix' }) },

  'billing.invoices': { access: customers },
  'billing.labInvoices': { access: labs },

  'catalog.categories': { access: everyone },
  'catalog.category': { access: everyone, input: () => ({ nameEn: seeded.categoryNameEn }) },
  'catalog.popularTests': { access: everyone },
  'catalog.test': { access: everyone, input: () => ({ nameEn: seeded.testNameEn }) },
  'catalog.labsForTest': { access: everyone, input: () => ({ testId: seeded.testId }) },
  'catalog.labs': { access: everyone, input: () => ({ city: 'riyadh' }) },
  'catalog.lab': { access: everyone, input: () => ({ labId: seeded.labId }) },
  'catalog.socialLinks': { access: everyone },
  'catalog.mapTiles': { access: everyone },

  // A lab's packages (ADR 0091): read by anyone, saved by their approved lab, reviewed by the admin.
  'packages.get': { access: everyone, input: () => ({ id: NO_ID }) },
  'packages.list': { access: everyone, input: () => ({ labId: seeded.labId }) },
  'packages.catalogue': { access: everyone },
  'packages.buildYourOwn': { access: everyone, input: () => ({ analyteIds: [1, 2] }) },
  'packages.markers': { access: everyone, input: () => ({ q: 'glucose' }) },
  'packages.mine': { access: labs },
  'packages.save': {
    access: approvedLabs,
    input: () => ({
      id: NO_ID,
      nameAr: 'باقة المصفوفة',
      nameEn: 'Matrix Package',
      descriptionAr: '',
      descriptionEn: '',
      preparationAr: '',
      preparationEn: '',
      categoryId: 1,
      testIds: [seeded.testId, NO_ID],
      price: 100,
      suitsSex: null,
      minAge: null,
      maxAge: null,
    }),
  },
  'packages.setOnSale': { access: approvedLabs, input: () => ({ id: NO_ID, onSale: true }) },
  'packages.pending': { access: admins },
  'packages.review': { access: admins, input: () => ({ id: NO_ID, decision: 'approve', note: '' }) },
  'promo.list': { access: admins },
  'insurance.insurers': { access: everyone },
  'insurance.allInsurers': { access: admins },
  'insurance.saveInsurer': {
    access: admins,
    input: () => ({ nphiesPayerId: unique('PAYER').slice(0, 40), nameEn: 'Matrix Insurance', nameAr: 'تأمين المصفوفة', active: false }),
  },
  'insurance.mine': { access: customers },
  // A made-up insurer: NOT_FOUND for a customer, not refused.
  'insurance.save': {
    access: customers,
    input: () => ({ familyMemberId: null, insurerId: NOWHERE, memberId: 'M-1', policyClass: 'B', network: '', expiresOn: inDays(30) }),
  },
  'insurance.remove': { access: customers, input: () => ({ familyMemberId: null }) },
  // A made-up lab: NOT_FOUND for a customer (tests/integration/insurance-coverage.test.ts).
  'insuranceClaims.mine': { access: approvedLabs },
  'insuranceClaims.resubmit': { access: approvedLabs, input: () => ({ claimId: NOWHERE }) },
  'insuranceCoverage.cartTests': { access: customers, input: () => ({ labTestIds: [1] }) },
  'insuranceCoverage.check': { access: customers, input: () => ({ labId: NOWHERE, testIds: [1], familyMemberId: null, date: inDays(3) }) },
  'promo.labsNamed': { access: admins, input: () => ({ q: 'lab' }) },
  'promo.testsNamed': { access: admins, input: () => ({ q: 'ferritin' }) },
  'promo.save': {
    access: admins,
    input: () =>
      promoTerms(
        unique('MATRIX')
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(0, 30),
        { amount: 5 },
      ),
  },
  'wallet.mine': { access: customers },
  'wallet.balance': { access: customers },
  'wallet.referral': { access: customers },
  'wallet.settings': { access: admins },
  'wallet.saveSettings': { access: admins, input: () => ({ referrerCredit: 25, referredCredit: 25, creditValidDays: 90 }) },
  // Nobody's account: the admin's call is answered NOT_FOUND, not refused.
  'wallet.grantGoodwill': {
    access: admins,
    input: () => ({ userId: NOWHERE, grantId: NOWHERE, amount: 1, validDays: 30, note: 'matrix' }),
  },
  'wallet.guaranteeSettings': { access: admins },
  'wallet.saveGuaranteeSettings': { access: admins, input: () => ({ lateResultsCredit: 20, lateCollectorCredit: 20 }) },

  // An unapproved lab reaches its overview and its settings; everything else waits for approval.
  'lab.overview': { access: labs },
  'lab.profile': { access: labs },
  'lab.updateProfile': { access: labs, input: () => labProfile },
  'lab.bookings': { access: approvedLabs, input: () => ({ limit: 5, q: 'a', sort: 'earliest', status: 'confirmed' }) },
  'lab.updateHomeCollection': {
    access: labs,
    input: () => ({ enabled: false, fee: 0, radiusKm: 10, windowMinutes: 120, windowCapacity: 2, opensAt: '07:00', closesAt: '13:00' }),
  },
  'lab.completeBooking': { access: approvedLabs, input: () => ({ id: NOWHERE }) },
  'lab.markNoShow': { access: approvedLabs, input: () => ({ id: NOWHERE }) },
  'lab.collectorOnTheWay': { access: approvedLabs, input: () => ({ id: NOWHERE }) },
  'lab.requestTest': { access: approvedLabs, input: () => ({ nameAr: 'تحليل المصفوفة', nameEn: unique('Matrix Marker') }) },
  'lab.testRequests': { access: approvedLabs, input: () => ({ limit: 5, q: 'a', sort: 'oldest', status: 'pending' }) },
  'lab.offerings': { access: approvedLabs },
  'lab.testsNotOffered': { access: approvedLabs },
  'lab.addOffering': { access: approvedLabs, input: () => ({ testId: seeded.testId, price: 100 }) },
  'lab.updateOffering': { access: approvedLabs, input: () => ({ labTestId: NO_ID, price: 100 }) },
  'lab.payments': { access: approvedLabs, input: () => ({ limit: 5, q: 'a', sort: 'oldest' }) },
  'lab.payouts': { access: approvedLabs, input: () => ({ limit: 5 }) },
  'lab.results': { access: approvedLabs, input: () => ({ limit: 5, q: 'a', sort: 'oldest' }) },
  'lab.stats': { access: approvedLabs, input: () => ({ from: inDays(-30), to: inDays(0), granularity: 'day' }) },

  // A lab's keys for its own system; another lab's key is NOT_FOUND past the access rules (section 2).
  'labApiKeys.list': { access: approvedLabs },
  'labApiKeys.create': { access: approvedLabs, input: () => ({ name: unique('Matrix LIS') }) },
  'labApiKeys.revoke': { access: approvedLabs, input: () => ({ id: NOWHERE }) },
  // A lab's insurance networks and NPHIES settings (ADR 0094): its own, named by its session alone. The
  // settings without credentials the first time are NPHIES_SETTINGS_REFUSED past the access rules.
  'labInsurance.networks': { access: approvedLabs },
  'labInsurance.saveNetworks': { access: approvedLabs, input: () => ({ networks: [] }) },
  'labInsurance.nphiesSettings': { access: approvedLabs },
  'labInsurance.saveNphiesSettings': {
    access: approvedLabs,
    input: () => ({ providerLicense: 'PR-MATRIX', endpointUrl: 'https://hsb.nphies.sa/fhir' }),
  },
  // The labs in network for the customer's own insurance (none here: null).
  'labInsurance.myNetwork': { access: customers },

  'newsletter.subscribe': { access: everyone, input: () => ({ email: `${unique('news')}@example.sa` }) },
  // The links in the newsletter's mail work without signing in.
  'newsletter.confirm': { access: everyone, input: () => ({ token: linkToken() }) },
  'newsletter.unsubscribe': { access: everyone, input: () => ({ token: linkToken() }) },
  'results.mine': { access: customers },
  'results.reports': { access: customers },
  'results.fhirBundle': { access: customers },
  'results.report': { access: customers, input: () => ({ bookingId: NOWHERE }) },
  'results.sheet': { access: approvedLabs, input: () => ({ bookingId: NOWHERE }) },
  'results.saveDraft': {
    access: approvedLabs,
    input: () => ({ bookingId: NOWHERE, patientSex: null, releaseAs: 'final', note: null, observations: [] }),
  },
  'results.release': { access: approvedLabs, input: () => ({ bookingId: NOWHERE }) },
  'results.signInterpretation': {
    access: premiumLabs,
    input: () => ({ bookingId: NOWHERE, text: 'Comment.', specialistName: 'Dr. Huda', licenceNumber: '14-002345' }),
  },
  'results.recordCriticalCall': {
    access: approvedLabs,
    input: () => ({
      bookingId: NOWHERE,
      callerName: 'Dr. Huda',
      calledPerson: 'The patient',
      calledAt: new Date().toISOString(),
      readBack: true,
    }),
  },
  'results.adminReport': { access: admins, input: () => ({ bookingId: NOWHERE, reason: 'Matrix check' }) },
  'results.overdueCritical': { access: admins },
  'results.flagDisagreements': { access: admins },
  // A patient's links for a doctor (ADR 0061): made, listed and revoked by the patient; read by anyone
  // holding the link (a made-up one is NOT_FOUND for everyone alike).
  'resultShares.shareable': { access: customers },
  'resultShares.create': { access: customers, input: () => ({ bookingIds: [NOWHERE], days: 7, withCode: false }) },
  'resultShares.list': { access: customers },
  'resultShares.revoke': { access: customers, input: () => ({ id: NOWHERE }) },
  'resultShares.newCode': { access: customers, input: () => ({ id: NOWHERE }) },
  'resultShares.open': { access: everyone, input: () => ({ token: 'A'.repeat(43) }) },
  // The analysis (issue #54): a customer's own; how it works and where a suggested test is offered are public.
  'analysis.report': { access: customers, input: () => ({ bookingId: NOWHERE }) },
  'analysis.latest': { access: customers },
  'analysis.howItWorks': { access: everyone },
  'analysis.followUpOffers': { access: everyone, input: () => ({ testId: NO_ID }) },
  // The matrix's customers are on Basic: a reminder is Premium's.
  'retestReminders.accept': {
    access: { ...customers, guest: 'PREMIUM_REQUIRED', customer: 'PREMIUM_REQUIRED' },
    input: () => ({ bookingId: NOWHERE, ruleId: 'hba1c-prediabetes' }),
  },
  'retestReminders.list': { access: customers },
  'retestReminders.cancel': { access: customers, input: () => ({ id: NOWHERE }) },
  'search.labTests': { access: everyone, input: () => ({ query: seeded.testNameEn }) },
  'search.packagesWith': { access: everyone, input: () => ({ query: seeded.testNameEn }) },
  // The waitlist (issue #58): whether a day is full is public; joining is a signed-up customer's (a guest's
  // offer would have no account to come to), leaving and reading one's own list any customer's; a lab's
  // list (first names only) an approved lab's, as its bookings are.
  'waitlist.day': { access: everyone, input: () => ({ labTestId: NO_ID, date: inDays(3) }) },
  'waitlist.join': { access: { ...customers, guest: 'FORBIDDEN' }, input: () => ({ labTestId: NO_ID, date: inDays(3) }) },
  'waitlist.leave': { access: customers, input: () => ({ id: NOWHERE }) },
  'waitlist.mine': { access: customers },
  'waitlist.forLab': { access: approvedLabs, input: () => ({}) },

  // The store is open to everyone (spec §6). Its payment page is reached by the order's random id,
  // handed only to the buyer, as with a hosted payment page's session URL.
  'store.products': { access: everyone },
  'store.collections': { access: everyone },
  'store.product': { access: everyone, input: () => ({ id: seeded.productId }) },
  'store.variants': { access: everyone, input: () => ({ productIds: [seeded.productId] }) },
  'store.checkout': { access: everyone, input: () => ({ items: [{ variantId: seeded.variantId, quantity: 1 }], ...checkoutDefaults }) },
  'store.hostedCheckout.get': { access: everyone, input: () => ({ orderId: seeded.orderId }) },
  'store.hostedCheckout.pay': { access: everyone, input: () => ({ orderId: NOWHERE, ...approvedPayment }) },
  // Moyasar mode's payment form (the simulated provider used here answers PAYMENT_FAILED to all alike).
  'store.hostedCheckout.startPayment': { access: everyone, input: () => ({ orderId: seeded.orderId, ...deliveryDetails }) },
  'store.hostedCheckout.cancel': { access: everyone, input: () => ({ orderId: NOWHERE }) },
  // The wallet and a promo code on the payment page: the buyer's own order by its id (a guest's order takes neither).
  'store.hostedCheckout.payFromWallet': { access: everyone, input: () => ({ orderId: NOWHERE, ...deliveryDetails }) },
  'store.hostedCheckout.applyPromo': { access: everyone, input: () => ({ orderId: NOWHERE, code: 'NOSUCHCODE' }) },
  'store.hostedCheckout.removePromo': { access: everyone, input: () => ({ orderId: NOWHERE }) },
  'store.myOrders': { access: signedIn },

  // The built-in store's back office: administrators only.
  'storeAdmin.mode': { access: admins },
  'storeAdmin.products': { access: admins, input: () => ({ limit: 5 }) },
  'storeAdmin.product': { access: admins, input: () => ({ id: NO_ID }) },
  'storeAdmin.saveProduct': {
    access: admins,
    input: () => ({ id: NO_ID, nameAr: 'منتج', nameEn: 'Product', published: false, variants: [{ sku: 'MATRIX-1', price: 1000 }] }),
  },
  'storeAdmin.deleteProductImage': { access: admins, input: () => ({ imageId: NO_ID }) },
  'storeAdmin.reorderProductImages': { access: admins, input: () => ({ productId: NO_ID, imageIds: [NO_ID] }) },
  'storeAdmin.collections': { access: admins },
  'storeAdmin.saveCollection': { access: admins, input: () => ({ id: NO_ID, nameAr: 'مجموعة', nameEn: 'Matrix collection' }) },
  'storeAdmin.deleteCollection': { access: admins, input: () => ({ collectionId: NO_ID }) },
  'storeAdmin.reorderCollections': { access: admins, input: () => ({ collectionIds: [NO_ID] }) },
  'storeAdmin.adjustStock': { access: admins, input: () => ({ variantId: NO_ID, delta: 1, reason: 'matrix' }) },
  'storeAdmin.orders': { access: admins, input: () => ({ limit: 5 }) },
  'storeAdmin.order': { access: admins, input: () => ({ orderId: NOWHERE }) },
  'storeAdmin.setOrderStatus': { access: admins, input: () => ({ orderId: NOWHERE, status: 'fulfilled' }) },

  'subscriptions.plans': { access: everyone },
  // A free plan of the caller's own audience; an admin has no plans.
  'subscriptions.choose': {
    access: { ...signedIn, admin: 'PLAN_NOT_AVAILABLE' },
    input: (role) => ({ plan: role === 'lab' || role === 'pendingLab' ? 'starter' : 'basic' }),
  },
  // A code on a paid plan of the caller's own audience (ADR 0092); an admin has no plans.
  'subscriptions.promoQuote': {
    access: { ...signedIn, admin: 'PLAN_NOT_AVAILABLE' },
    input: (role) => ({ plan: role === 'lab' || role === 'pendingLab' ? 'professional' : 'premium', code: 'NOSUCHCODE' }),
  },
  // The caller's own paid plan (ADR 0042): none here, so there is nothing to cancel.
  'subscriptions.current': { access: signedIn },
  'subscriptions.cancel': { access: signedIn },
  // A new card for the caller's own paid plan: none here either, so there is no card to change.
  'subscriptions.changeCard': { access: signedIn },
};

// ---------------------------------------------------------------------------------------------
// The parties of the object-level cases

let customer: Actor;
let otherCustomer: Actor;
let guest: Actor;
let lab: Actor;
let otherLab: Actor;
let pendingLab: Actor;
let admin: Actor;
const visitor: Actor = { label: 'a visitor', id: '', cookie: '' };
let labTestId: number;

let nextSlot = 0;
/** A distinct half-hour slot of the lab's working hours (08:00-20:00 Riyadh, every day), days ahead. */
/** A visit of the customer's series, reserved until paid (ADR 0075), at a free time: its hold's id. */
async function reserveVisit(customerId: string): Promise<string> {
  const { lab_id } = await database.db.selectFrom('lab_tests').select('lab_id').where('id', '=', labTestId).executeTakeFirstOrThrow();
  const series = await database.db
    .insertInto('booking_series')
    .values({ customer_id: customerId, lab_test_id: labTestId, every_months: 1, visits: 2, pay_each_visit: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const startsAt = new Date(freeSlot());
  const hold = await database.db
    .insertInto('slot_holds')
    .values({
      holder_id: customerId,
      lab_id,
      lab_test_id: labTestId,
      starts_at: startsAt,
      expires_at: new Date(startsAt.getTime() - 48 * 3_600_000),
      series_id: series.id,
      series_visit: 2,
      reserved: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return hold.id;
}

function freeSlot(): string {
  const index = nextSlot++;
  const day = inDays(5 + Math.floor(index / 24));
  return new Date(new Date(`${day}T08:00:00+03:00`).getTime() + (index % 24) * 30 * 60_000).toISOString();
}

/** A booking made the way a customer makes one: checkout through the API. */
async function bookThroughApi(by: Actor, offering: number): Promise<{ id: string; checkoutId: string; key: string }> {
  const key = unique('key');
  const answer = await call('booking.create', { items: [{ labTestId: offering, bookingTime: freeSlot() }], idempotencyKey: key }, by);
  expect(answer.status, `booking as ${by.label}: ${answer.appCode}`).toBe(200);
  const data = answer.data as { checkout_id: string; bookings: { id: string }[] };
  return { id: data.bookings[0]!.id, checkoutId: data.checkout_id, key };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-authz-'));
  app = createApp({ db, env: testEnv, blobs: diskBlobStore(blobRoot), clientIp: someAddress });

  const category = await db.selectFrom('categories').select('name_en').orderBy('id').executeTakeFirstOrThrow();
  const test = await db.selectFrom('tests').select(['id', 'name_en']).orderBy('id').executeTakeFirstOrThrow();
  const seededLab = await db
    .selectFrom('labs')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .select('labs.id')
    .where('user_profiles.approved', '=', true)
    .orderBy('labs.id')
    .executeTakeFirstOrThrow();
  const spareLab = await createTestUser(db, 'lab', { approved: false });
  const { productId, variantId } = await createTestVariant(db, { stock: 1_000 });
  Object.assign(seeded, {
    categoryNameEn: category.name_en,
    testNameEn: test.name_en,
    testId: test.id,
    labId: seededLab.id,
    spareLabId: spareLab.id,
    productId,
    variantId,
  });
  const order = await call('store.checkout', { items: [{ variantId, quantity: 1 }], ...checkoutDefaults });
  seeded.orderId = new URL((order.data as { url: string }).url, ORIGIN).pathname.split('/').pop()!;

  customer = asActor('the customer', await createTestUser(db, 'customer'));
  otherCustomer = asActor('another customer', await createTestUser(db, 'customer'));
  guest = await signInAsGuest('a guest');
  const selling = await openLabSelling(db, await nonFastingTestId(db), { opensAt: '08:00', closesAt: '20:00' }, { slot_capacity: 2 });
  lab = asActor('the lab', selling.lab);
  labTestId = selling.labTestId;
  otherLab = asActor('another lab', await createTestUser(db, 'lab', { approved: true }));
  pendingLab = asActor('an unapproved lab', await createTestUser(db, 'lab', { approved: false }));
  admin = asActor('an admin', await createTestUser(db, 'admin'));
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

describe('the access matrix', () => {
  it('has one row for every procedure of the router, and none for a procedure that does not exist', () => {
    expect(procedurePaths.length).toBeGreaterThan(40);
    expect(Object.keys(matrix).sort()).toEqual(procedurePaths);
  });

  it.each(procedurePaths)('%s answers each role as the matrix says', async (path) => {
    const row = matrix[path];
    if (!row) throw new Error(`${path} has no row in the access matrix: decide who may call it and add one`);
    const seen: Record<string, string> = {};
    for (const role of roles) {
      // Anything but a refusal of the caller counts as allowed: NOT_FOUND for a made-up id is fine.
      seen[role] = refusalOf(await call(path, row.input?.(role), await actorFor(role))) ?? 'ok';
    }
    expect(seen).toEqual(row.access);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Objects that belong to someone

interface WriteScene {
  /** The one party allowed to do it; its call must change the rows, which shows the rows can tell. */
  owner: Actor;
  /** Everyone else who tries, with the answer each must get. */
  others: [Actor, string][];
  act(actor: Actor): Promise<Answer>;
  /** What the act would change, read back from the database. */
  rows(): Promise<unknown>;
}

interface ReadScene {
  /** Who looks, and what each must see: 'sees it', 'does not see it' (a list without it), or a refusal. */
  viewers: [Actor, string][];
  look(actor: Actor): Promise<Answer>;
  reveals(answer: Answer): boolean;
}

const listHas = (key: string, value: unknown) => (answer: Answer) =>
  Array.isArray(answer.data) && answer.data.some((item: Record<string, unknown>) => item[key] === value);
/** The same, for a paged list's `{ items, nextCursor }`. */
const pageHas = (key: string, value: unknown) => (answer: Answer) =>
  listHas(key, value)({ ...answer, data: (answer.data as { items?: unknown } | undefined)?.items });

function bookingWithSeat(id: string) {
  return database.db
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .leftJoin('lab_slot_usage', (join) =>
      join.onRef('lab_slot_usage.lab_id', '=', 'lab_tests.lab_id').onRef('lab_slot_usage.starts_at', '=', 'bookings.booking_time'),
    )
    .select(['bookings.status', 'bookings.cancelled_at', 'bookings.completed_at', 'lab_slot_usage.booked_count'])
    .where('bookings.id', '=', id)
    .executeTakeFirstOrThrow();
}

async function resultFilesOf(bookingId: string) {
  const rows = await database.db.selectFrom('result_files').select(['id', 'uploaded_by']).where('booking_id', '=', bookingId).execute();
  const stored = await readdir(join(blobRoot, bookingId)).catch(() => []);
  return { rows, stored };
}

async function resultFor(bookingId: string, by: Actor = lab): Promise<string> {
  const answer = await uploadResult(by, bookingId);
  expect(answer.status).toBe(201);
  return (answer.data as { id: string }).id;
}

const writeCases: { name: string; arrange(): Promise<WriteScene> }[] = [
  {
    name: "cancelling a customer's booking",
    async arrange() {
      const booking = await bookThroughApi(customer, labTestId);
      return {
        owner: customer,
        others: [
          [otherCustomer, 'NOT_FOUND'],
          [guest, 'NOT_FOUND'],
          [lab, 'FORBIDDEN'],
          [admin, 'FORBIDDEN'],
          [visitor, 'UNAUTHENTICATED'],
        ],
        act: (actor) => call('booking.cancel', { id: booking.id }, actor),
        rows: () => bookingWithSeat(booking.id),
      };
    },
  },
  {
    name: "releasing a slot a customer holds (another customer's release touches only their own holds)",
    async arrange() {
      const slot = { labTestId, bookingTime: freeSlot() };
      expect((await call('booking.holdSlot', slot, customer)).status).toBe(200);
      return {
        owner: customer,
        others: [
          [otherCustomer, 'ok'],
          [guest, 'ok'],
          [lab, 'FORBIDDEN'],
        ],
        act: (actor) => call('booking.releaseHold', slot, actor),
        rows: () =>
          database.db
            .selectFrom('slot_holds')
            .select(['holder_id', 'expires_at'])
            .where('lab_test_id', '=', labTestId)
            .where('starts_at', '=', new Date(slot.bookingTime))
            .execute(),
      };
    },
  },
  {
    name: "letting go of a visit a customer's series reserves until paid (ADR 0075)",
    async arrange() {
      const id = await reserveVisit(customer.id);
      return {
        owner: customer,
        others: [
          [otherCustomer, 'NOT_FOUND'],
          [guest, 'NOT_FOUND'],
          [lab, 'FORBIDDEN'],
          [admin, 'FORBIDDEN'],
          [visitor, 'UNAUTHENTICATED'],
        ],
        act: (actor) => call('booking.releaseReservedVisit', { id }, actor),
        rows: () => database.db.selectFrom('slot_holds').select(['holder_id', 'expires_at']).where('id', '=', id).execute(),
      };
    },
  },
  ...(
    [
      ['completed', 'lab.completeBooking'],
      ['a no-show', 'lab.markNoShow'],
    ] as const
  ).map(([outcome, procedure]) => ({
    name: `marking a lab's booking ${outcome}`,
    async arrange(): Promise<WriteScene> {
      // One that has started: a booking's outcome is recorded from its start on.
      const id = await insertBooking(database.db, { customerId: customer.id, labTestId, bookingTime: new Date(Date.now() - 3_600_000) });
      return {
        owner: lab,
        others: [
          [otherLab, 'NOT_FOUND'],
          [pendingLab, 'LAB_NOT_APPROVED'],
          [customer, 'FORBIDDEN'],
          [admin, 'FORBIDDEN'],
        ],
        act: (actor) => call(procedure, { id }, actor),
        rows: () => bookingWithSeat(id),
      };
    },
  })),
  {
    name: "uploading a result for a lab's booking",
    async arrange() {
      const id = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
      return {
        owner: lab,
        others: [
          [otherLab, 'NOT_FOUND'],
          [pendingLab, 'LAB_NOT_APPROVED'],
          [customer, 'FORBIDDEN'],
          [admin, 'FORBIDDEN'],
          [visitor, 'UNAUTHENTICATED'],
        ],
        act: (actor) => uploadResult(actor, id),
        rows: () => resultFilesOf(id),
      };
    },
  },
  {
    name: "changing the price and the active switch on a lab's price list",
    async arrange() {
      const { labTestId: offering } = await offerTest(database.db, lab.id, 15_000);
      return {
        owner: lab,
        others: [
          [otherLab, 'NOT_FOUND'],
          [pendingLab, 'LAB_NOT_APPROVED'],
          [admin, 'FORBIDDEN'],
        ],
        act: (actor) => call('lab.updateOffering', { labTestId: offering, price: 1, isActive: false }, actor),
        rows: () =>
          database.db
            .selectFrom('lab_tests')
            .select(['lab_id', 'price_halalas', 'is_active'])
            .where('id', '=', offering)
            .executeTakeFirstOrThrow(),
      };
    },
  },
  {
    name: 'approving a lab (the lab itself cannot)',
    async arrange() {
      const waiting = asActor('the waiting lab itself', await createTestUser(database.db, 'lab', { approved: false }));
      return {
        owner: admin,
        others: [
          [waiting, 'FORBIDDEN'],
          [lab, 'FORBIDDEN'],
          [customer, 'FORBIDDEN'],
        ],
        act: (actor) => call('admin.setLabApproval', { labId: waiting.id, approved: true }, actor),
        rows: () => database.db.selectFrom('user_profiles').select('approved').where('id', '=', waiting.id).executeTakeFirstOrThrow(),
      };
    },
  },
  {
    name: 'reviewing a test request (the requesting lab cannot)',
    async arrange() {
      const request = await call('lab.requestTest', { nameAr: 'تحليل مطلوب', nameEn: unique('Requested Marker') }, lab);
      const id = (request.data as { id: number }).id;
      return {
        owner: admin,
        others: [
          [lab, 'FORBIDDEN'],
          [otherLab, 'FORBIDDEN'],
          [customer, 'FORBIDDEN'],
        ],
        act: (actor) => call('admin.reviewTestRequest', { id, decision: 'approved' }, actor),
        rows: () =>
          database.db
            .selectFrom('test_requests')
            .select(['status', 'reviewed_at', 'reviewed_by', 'created_test_id'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow(),
      };
    },
  },
  {
    name: 'recording a payout to a lab (not the lab, not an admin whose password was not confirmed lately)',
    async arrange() {
      const booking = await bookThroughApi(customer, labTestId);
      await database.db
        .updateTable('bookings')
        .set({ status: 'completed', completed_at: new Date() })
        .where('id', '=', booking.id)
        .execute();
      const staleAdmin = asActor(
        'an admin without a recent password',
        await createTestUser(database.db, 'admin', { passwordConfirmedAt: null }),
      );
      const payout = { labId: lab.id, amount: 1, paidOn: inDays(0), bankReference: unique('FT') };
      return {
        owner: admin,
        others: [
          [customer, 'FORBIDDEN'],
          [lab, 'FORBIDDEN'],
          [otherLab, 'FORBIDDEN'],
          [staleAdmin, 'PASSWORD_CONFIRMATION_REQUIRED'],
          [visitor, 'UNAUTHENTICATED'],
        ],
        act: (actor) => call('admin.recordPayout', payout, actor),
        rows: () => database.db.selectFrom('lab_payouts').select(['id', 'amount_halalas']).where('lab_id', '=', lab.id).execute(),
      };
    },
  },
  {
    name: "giving a customer's wallet credit",
    async arrange() {
      const staleAdmin = asActor(
        'an admin without a recent password',
        await createTestUser(database.db, 'admin', { passwordConfirmedAt: null }),
      );
      const grant = { userId: customer.id, grantId: randomUUID(), amount: 5, validDays: 30, note: 'matrix' };
      return {
        owner: admin,
        others: [
          [customer, 'FORBIDDEN'],
          [lab, 'FORBIDDEN'],
          [staleAdmin, 'PASSWORD_CONFIRMATION_REQUIRED'],
          [visitor, 'UNAUTHENTICATED'],
        ],
        act: (actor) => call('wallet.grantGoodwill', grant, actor),
        rows: () =>
          database.db
            .selectFrom('wallet_movements')
            .select(['amount_halalas', 'source_key'])
            .where('user_id', '=', customer.id)
            .where('reason', '=', 'goodwill')
            .execute(),
      };
    },
  },
  {
    name: "revoking a lab's API key",
    async arrange() {
      const { id } = await createKey(database.db, lab.id, unique('Matrix LIS'), lab.id);
      return {
        owner: lab,
        others: [
          [otherLab, 'NOT_FOUND'],
          [pendingLab, 'LAB_NOT_APPROVED'],
          [customer, 'FORBIDDEN'],
          [admin, 'FORBIDDEN'],
          [visitor, 'UNAUTHENTICATED'],
        ],
        act: (actor) => call('labApiKeys.revoke', { id }, actor),
        rows: () => database.db.selectFrom('lab_api_keys').select(['lab_id', 'revoked_at']).where('id', '=', id).executeTakeFirstOrThrow(),
      };
    },
  },
  {
    name: "deleting a lab's own reference interval",
    async arrange() {
      const analyte = await database.db.selectFrom('analytes').select('id').where('loinc', '=', '2823-3').executeTakeFirstOrThrow();
      const { id } = await database.db
        .insertInto('lab_reference_intervals')
        .values({ lab_id: lab.id, analyte_id: analyte.id, low: '3.4', high: '4.8', unit: 'mmol/L' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        owner: lab,
        others: [
          [otherLab, 'NOT_FOUND'],
          [pendingLab, 'LAB_NOT_APPROVED'],
          [customer, 'FORBIDDEN'],
          [admin, 'FORBIDDEN'],
          [visitor, 'UNAUTHENTICATED'],
        ],
        act: (actor) => call('analytes.deleteLabInterval', { id }, actor),
        rows: () => database.db.selectFrom('lab_reference_intervals').select(['lab_id', 'low', 'high']).where('id', '=', id).execute(),
      };
    },
  },
];

const readCases: { name: string; arrange(): Promise<ReadScene> }[] = [
  {
    name: "a customer's visits reserved until paid",
    async arrange() {
      const id = await reserveVisit(customer.id);
      return {
        viewers: [
          [customer, 'sees it'],
          [otherCustomer, 'does not see it'],
          [guest, 'does not see it'],
        ],
        look: (actor) => call('booking.reservedVisits', undefined, actor),
        reveals: listHas('id', id),
      };
    },
  },
  {
    name: "a customer's bookings",
    async arrange() {
      const { id } = await bookThroughApi(customer, labTestId);
      return {
        viewers: [
          [customer, 'sees it'],
          [otherCustomer, 'does not see it'],
          [guest, 'does not see it'],
        ],
        look: (actor) => call('booking.mine', undefined, actor),
        reveals: listHas('id', id),
      };
    },
  },
  {
    name: "a customer's tax invoices",
    async arrange() {
      const { checkoutId } = await bookThroughApi(customer, labTestId);
      const invoice = await database.db.selectFrom('invoices').select('id').where('checkout_id', '=', checkoutId).executeTakeFirstOrThrow();
      return {
        viewers: [
          [customer, 'sees it'],
          [otherCustomer, 'does not see it'],
          [guest, 'does not see it'],
        ],
        look: (actor) => call('billing.invoices', undefined, actor),
        reveals: listHas('id', invoice.id),
      };
    },
  },
  {
    name: "a customer's checkout, asked for again with its idempotency key",
    async arrange() {
      const { checkoutId, key } = await bookThroughApi(customer, labTestId);
      return {
        viewers: [
          [customer, 'sees it'],
          [otherCustomer, 'NOT_FOUND'],
          [guest, 'NOT_FOUND'],
        ],
        look: (actor) => call('booking.create', { items: [{ labTestId: NO_ID, bookingTime: freeSlot() }], idempotencyKey: key }, actor),
        reveals: (answer) => (answer.data as { checkout_id?: string } | undefined)?.checkout_id === checkoutId,
      };
    },
  },
  {
    name: "a lab's bookings",
    async arrange() {
      const id = await insertBooking(database.db, { customerId: customer.id, labTestId });
      return {
        viewers: [
          [lab, 'sees it'],
          [otherLab, 'does not see it'],
        ],
        // Searched by its own number: another lab's search finds nothing of it either.
        look: (actor) => call('lab.bookings', { q: id }, actor),
        reveals: pageHas('id', id),
      };
    },
  },
  {
    name: "a lab's API keys",
    async arrange() {
      const { id } = await createKey(database.db, lab.id, unique('Matrix LIS'), lab.id);
      return {
        viewers: [
          [lab, 'sees it'],
          [otherLab, 'does not see it'],
          [pendingLab, 'LAB_NOT_APPROVED'],
          [admin, 'FORBIDDEN'],
        ],
        look: (actor) => call('labApiKeys.list', undefined, actor),
        reveals: listHas('id', id),
      };
    },
  },
  {
    name: "a lab's latest bookings on its overview",
    async arrange() {
      const id = await insertBooking(database.db, { customerId: customer.id, labTestId });
      return {
        viewers: [
          [lab, 'sees it'],
          [otherLab, 'does not see it'],
        ],
        look: (actor) => call('lab.overview', undefined, actor),
        reveals: (answer) => listHas('id', id)({ ...answer, data: (answer.data as { recent_bookings: unknown[] }).recent_bookings }),
      };
    },
  },
  {
    name: "a lab's payments",
    async arrange() {
      const id = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
      return {
        viewers: [
          [lab, 'sees it'],
          [otherLab, 'does not see it'],
        ],
        look: (actor) => call('lab.payments', { q: id }, actor),
        reveals: (answer) => listHas('id', id)({ ...answer, data: (answer.data as { items: unknown[] }).items }),
      };
    },
  },
  {
    name: "a lab's payouts",
    async arrange() {
      const { id } = await database.db
        .insertInto('lab_payouts')
        .values({ lab_id: lab.id, amount_halalas: 100, paid_on: inDays(0), bank_reference: unique('FT'), recorded_by: admin.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        viewers: [
          [lab, 'sees it'],
          [otherLab, 'does not see it'],
          [customer, 'FORBIDDEN'],
        ],
        look: (actor) => call('lab.payouts', {}, actor),
        reveals: pageHas('id', id),
      };
    },
  },
  {
    name: "a customer's results",
    async arrange() {
      const resultId = await resultFor(await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' }));
      return {
        viewers: [
          [customer, 'sees it'],
          [otherCustomer, 'does not see it'],
          [guest, 'does not see it'],
        ],
        look: (actor) => call('results.mine', undefined, actor),
        reveals: listHas('id', resultId),
      };
    },
  },
  {
    name: "a lab's results",
    async arrange() {
      const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
      const resultId = await resultFor(bookingId);
      return {
        viewers: [
          [lab, 'sees it'],
          [otherLab, 'does not see it'],
        ],
        // Searched by its booking's number: another lab's search finds nothing of it either.
        look: (actor) => call('lab.results', { q: bookingId }, actor),
        reveals: pageHas('id', resultId),
      };
    },
  },
  {
    name: 'a result file',
    async arrange() {
      const resultId = await resultFor(await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' }));
      return {
        viewers: [
          [customer, 'sees it'],
          [lab, 'sees it'],
          [admin, 'sees it'],
          [otherCustomer, 'NOT_FOUND'],
          [guest, 'NOT_FOUND'],
          [otherLab, 'NOT_FOUND'],
          [pendingLab, 'NOT_FOUND'],
          [visitor, 'NOT_FOUND'],
        ],
        look: (actor) => downloadResult(actor, resultId),
        reveals: (answer) => answer.status === 200 && answer.data instanceof Uint8Array && answer.data.byteLength === pdf.byteLength,
      };
    },
  },
  {
    name: "who opened a customer's results",
    async arrange() {
      const resultId = await resultFor(await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' }));
      expect((await downloadResult(lab, resultId)).status).toBe(200);
      return {
        viewers: [
          [customer, 'sees it'],
          [otherCustomer, 'does not see it'],
          [guest, 'does not see it'],
          [lab, 'does not see it'],
          [admin, 'does not see it'],
          [visitor, 'UNAUTHENTICATED'],
        ],
        look: (actor) => call('account.resultAccessLog', undefined, actor),
        reveals: listHas('result_id', resultId),
      };
    },
  },
  {
    // A lab whose approval is withdrawn keeps its overview and settings, not its patients' files.
    name: "a result file, once its lab's approval is withdrawn",
    async arrange() {
      const withdrawn = asActor('its lab, approval withdrawn', await createTestUser(database.db, 'lab', { approved: true }));
      const { labTestId: offering } = await offerTest(database.db, withdrawn.id);
      const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId: offering, status: 'completed' });
      const resultId = await resultFor(bookingId, withdrawn);
      expect((await call('admin.setLabApproval', { labId: withdrawn.id, approved: false }, admin)).status).toBe(200);
      return {
        viewers: [
          [customer, 'sees it'],
          [admin, 'sees it'],
          [withdrawn, 'LAB_NOT_APPROVED'],
        ],
        look: (actor) => downloadResult(actor, resultId),
        reveals: (answer) => answer.status === 200 && answer.data instanceof Uint8Array && answer.data.byteLength === pdf.byteLength,
      };
    },
  },
  {
    name: "a lab's test requests",
    async arrange() {
      const request = await call('lab.requestTest', { nameAr: 'تحليل مطلوب', nameEn: unique('Listed Marker') }, lab);
      return {
        viewers: [
          [lab, 'sees it'],
          [otherLab, 'does not see it'],
        ],
        look: (actor) => call('lab.testRequests', { q: 'Listed Marker' }, actor),
        reveals: pageHas('id', (request.data as { id: number }).id),
      };
    },
  },
];

describe('objects that belong to someone', () => {
  it.each(writeCases.map((c) => [c.name, c] as const))(
    '%s: refused to everyone else, changing nothing, and done for its owner',
    async (_, { arrange }) => {
      const scene = await arrange();
      const before = await scene.rows();
      const answers: Record<string, string> = {};
      for (const [actor] of scene.others) answers[actor.label] = outcomeOf(await scene.act(actor));
      expect(answers).toEqual(Object.fromEntries(scene.others.map(([actor, expected]) => [actor.label, expected])));
      expect(await scene.rows(), 'the rows after everyone else tried').toEqual(before);

      expect(outcomeOf(await scene.act(scene.owner)), `the answer to ${scene.owner.label}`).toBe('ok');
      expect(await scene.rows(), `the rows after ${scene.owner.label} did it`).not.toEqual(before);
    },
  );

  it.each(readCases.map((c) => [c.name, c] as const))('%s: shown to whom it belongs and to no one else', async (_, { arrange }) => {
    const scene = await arrange();
    const seen: Record<string, string> = {};
    for (const [actor] of scene.viewers) {
      const answer = await scene.look(actor);
      seen[actor.label] = scene.reveals(answer) ? 'sees it' : answer.status === 200 ? 'does not see it' : outcomeOf(answer);
    }
    expect(seen).toEqual(Object.fromEntries(scene.viewers.map(([actor, expected]) => [actor.label, expected])));
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Input that names someone else, or asks for more rights, changes nothing

const smuggled = { signUpAdmin: `${unique('admin')}@example.sa`, signUpLab: `${unique('lab')}@example.sa` };

const profileOf = (id: string) =>
  database.db
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.id')
    .select([
      'user_profiles.name',
      'user_profiles.user_type',
      'user_profiles.approved',
      'user_profiles.subscription_tier',
      'users.password_hash',
    ])
    .where('user_profiles.id', '=', id)
    .executeTakeFirstOrThrow();

const inputCases: { name: string; as: () => Actor; path: string; input: () => unknown; answer: string; rows: () => Promise<unknown> }[] = [
  {
    name: "another customer's account named in a profile change",
    as: () => otherCustomer,
    path: 'account.updateProfile',
    input: () => ({ name: 'اسم مسروق', locale: 'en', id: customer.id, userId: customer.id }),
    answer: 'ok',
    rows: () => profileOf(customer.id),
  },
  {
    name: "another customer's account named in a password change",
    as: () => otherCustomer,
    path: 'account.changePassword',
    input: () => ({ newPassword: 'taken-over-1', id: customer.id, userId: customer.id }),
    answer: 'ok',
    rows: () => profileOf(customer.id),
  },
  {
    name: "another customer's account named in a plan choice",
    as: () => otherCustomer,
    path: 'subscriptions.choose',
    input: () => ({ plan: 'basic', userId: customer.id }),
    answer: 'ok',
    rows: () => profileOf(customer.id),
  },
  {
    name: "another lab named in a lab's settings",
    as: () => otherLab,
    path: 'lab.updateProfile',
    input: () => ({ ...labProfile, id: lab.id, labId: lab.id }),
    answer: 'ok',
    rows: () => database.db.selectFrom('labs').selectAll().where('id', '=', lab.id).executeTakeFirstOrThrow(),
  },
  {
    name: 'another lab named when adding to a price list',
    as: () => otherLab,
    path: 'lab.addOffering',
    input: () => ({ testId: seeded.testId, price: 1, labId: lab.id, lab_id: lab.id }),
    answer: 'ok',
    rows: () => database.db.selectFrom('lab_tests').select(['id', 'price_halalas']).where('lab_id', '=', lab.id).orderBy('id').execute(),
  },
  {
    name: 'another lab named in a test request',
    as: () => otherLab,
    path: 'lab.requestTest',
    input: () => ({ nameAr: 'تحليل منسوب', nameEn: unique('Attributed Marker'), labId: lab.id, requested_by_lab_id: lab.id }),
    answer: 'ok',
    rows: () => database.db.selectFrom('test_requests').select('id').where('requested_by_lab_id', '=', lab.id).orderBy('id').execute(),
  },
  {
    name: 'an admin account asked for at sign-up',
    as: () => visitor,
    path: 'auth.signUp',
    input: () => ({ email: smuggled.signUpAdmin, password, name: 'مدير', userType: 'admin', acceptTerms: true }),
    answer: 'VALIDATION_FAILED',
    rows: () => database.db.selectFrom('users').select('id').where('email', '=', smuggled.signUpAdmin).execute(),
  },
  {
    name: 'an approved lab asked for at sign-up',
    as: () => visitor,
    path: 'auth.signUp',
    input: () => ({
      email: smuggled.signUpLab,
      password,
      name: 'مختبر',
      userType: 'lab',
      licenseNumber: 'MOH-1',
      acceptTerms: true,
      approved: true,
    }),
    answer: 'ok',
    rows: () =>
      database.db
        .selectFrom('users')
        .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
        .select('users.id')
        .where('users.email', '=', smuggled.signUpLab)
        .where('user_profiles.approved', '=', true)
        .execute(),
  },
  {
    name: 'the admin role and approval asked for in a profile change',
    as: () => pendingLab,
    path: 'account.updateProfile',
    input: () => ({ name: 'مختبر الانتظار', locale: 'ar', user_type: 'admin', userType: 'admin', approved: true }),
    answer: 'ok',
    rows: async () => {
      const { user_type, approved } = await profileOf(pendingLab.id);
      return { user_type, approved };
    },
  },
  {
    name: "approval asked for in an unapproved lab's settings",
    as: () => pendingLab,
    path: 'lab.updateProfile',
    input: () => ({ ...labProfile, approved: true }),
    answer: 'ok',
    rows: async () => (await profileOf(pendingLab.id)).approved,
  },
];

describe('input that reaches past the caller', () => {
  it.each(inputCases.map((c) => [c.name, c] as const))('%s changes nothing', async (_, { as, path, input, answer, rows }) => {
    const before = await rows();
    expect(outcomeOf(await call(path, input(), as())), `the answer to ${path}`).toBe(answer);
    expect(await rows(), 'the rows after the call').toEqual(before);
  });
});
