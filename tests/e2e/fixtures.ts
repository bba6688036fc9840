import { randomInt, randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { type AppServer, startAppServer } from './app-server.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

/** A visit at the demo lab that has happened and waits to be completed: its customer's address and its booking (seeds/past-visits.ts). */
export { missedVisitsCustomer, pastVisit } from '../../seeds/past-visits.ts';

// What the e2e specs share: every browser context its own client address, people in their own
// contexts, signing up and in, the language, and choosing a free time in the booking panel.

export type { Locator, Page };
export { expect };

export type Language = 'ar' | 'en';

/** Each language once, with the name tests use in their titles. */
export const languages: { language: string; locale: Language }[] = [
  { language: 'Arabic', locale: 'ar' },
  { language: 'English', locale: 'en' },
];

export const DEMO_PASSWORD = 'tahaleel-demo';
export const demo = {
  customer: 'customer@demo.tahaleel.sa',
  /** The Premium customer, with three visits' results (seeds/data/demo-results.ts). */
  premium: 'premium@demo.tahaleel.sa',
  lab: 'lab@demo.tahaleel.sa',
  admin: 'admin@demo.tahaleel.sa',
  /** A customer whose last acceptance is of earlier terms: asked to accept those in force first. */
  oldTerms: 'old-terms@demo.tahaleel.sa',
  /** An admin past the two-factor grace period without a second factor: shown only enrolment. */
  twoFactorDue: 'two-factor-due@demo.tahaleel.sa',
} as const;

let addresses = 0;

/**
 * A client address no other browser context of this run has. The e2e server trusts X-Forwarded-For
 * (TRUST_PROXY=true, as behind a real proxy), so each context is a different visitor to the per-address
 * limits (sign-up 10 an hour, sign-in, guest, newsletter) instead of every spec sharing 127.0.0.1.
 */
export function clientAddress(): string {
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  addresses += 1;
  return `10.${worker % 256}.${(addresses >> 8) % 256}.${addresses % 256}`;
}

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${randomUUID()}@example.sa`;

/** A test in the lab-test cart as the browser keeps it (`tahaleel.labCart`), three days from now. */
export const labCartItem = () => ({
  labTestId: 1,
  testNameAr: 'فيتامين د',
  testNameEn: 'Vitamin D',
  labNameAr: 'مختبر البرج',
  labNameEn: 'Al Borg Lab',
  price: 149,
  bookingTime: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
});

/**
 * Opens pages in the given language, as a returning reader who chose it: in local storage (set
 * before any script of the app runs) and in the cookie the server draws its pages by.
 */
export async function readInLanguage(target: Page | BrowserContext, language: Language) {
  const context = 'context' in target ? target.context() : target;
  await context.addCookies([{ name: 'tahaleel_locale', value: language, domain: 'localhost', path: '/' }]);
  await target.addInitScript((value) => localStorage.setItem('tahaleel.locale', value), language);
}

/**
 * Makes `goto` and `reload` return once the app has taken over the page (`<html data-app-ready>`),
 * not just once it has loaded: a public page arrives drawn by the server and its buttons answer
 * only after that, as a reader's would a moment after the page appears.
 */
function waitingForTheApp(page: Page): Page {
  const untilReady = async (response: Response | null) => {
    if (response?.headers()['content-type']?.startsWith('text/html'))
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => untilReady(await goto(...args));
  page.reload = async (...args) => untilReady(await reload(...args));
  return page;
}

/**
 * A browser that has answered "Not now" to the sex and date of birth a booking for oneself asks once
 * (issue #76): a spec about something else books straight on, as most returning customers do.
 */
export async function answeredAboutYou(context: BrowserContext) {
  await context.addInitScript(() => localStorage.setItem('tahaleel.aboutYouNotNow', 'true'));
}

/**
 * Chooses a product's style as a shopper does, by clicking its card. The radio inside is Chakra's visually
 * hidden input (1 px at the card's edge): a click at its coordinates hits the card or the gap beside it
 * depending on a pixel of font metrics.
 */
export async function chooseStyle(page: Page, name: string) {
  const radio = page.getByRole('radio', { name });
  await page.locator('label').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

export type DeliveryField = keyof (typeof words)['en']['store']['delivery'];

/** A buyer and a Saudi National Address, written as a buyer of each language would. */
const deliveries: Record<Language, Record<DeliveryField, string>> = {
  ar: {
    fullName: 'نورة القحطاني',
    email: 'noura@example.sa',
    phone: '0551234567',
    city: 'الرياض',
    district: 'العليا',
    street: 'طريق الملك فهد',
    buildingNumber: '2929',
    postalCode: '12211',
    shortAddress: 'RRRD2929',
  },
  en: {
    fullName: 'Noura Alqahtani',
    email: 'noura@example.sa',
    phone: '+966 55 123 4567',
    city: 'Riyadh',
    district: 'Al Olaya',
    street: 'King Fahd Road',
    buildingNumber: '2929',
    postalCode: '12211',
    shortAddress: '',
  },
};

export function deliveryField(page: Page, language: Language, field: DeliveryField): Locator {
  return page.getByRole('main').getByLabel(words[language].store.delivery[field]);
}

/** Fills the store payment page's contact and delivery fields (its card is filled in for the demo). */
export async function fillDelivery(page: Page, language: Language, changes: Partial<Record<DeliveryField, string>> = {}) {
  const values = { ...deliveries[language], ...changes };
  for (const field of Object.keys(values) as DeliveryField[]) await deliveryField(page, language, field).fill(values[field]);
}

/** Below Chakra's `md` breakpoint the header's account buttons live in the menu. */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Opens the login or sign-up modal from the header, or from the menu on a phone. */
export async function openAuthModal(page: Page, language: Language, mode: 'login' | 'signup'): Promise<Locator> {
  const label = mode === 'signup' ? words[language].auth.signUp : words[language].auth.logIn;
  if (isPhone(page)) {
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').getByRole('button', { name: label, exact: true }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: label, exact: true }).click();
  }
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toBeVisible();
  return modal;
}

export interface NewAccount {
  role?: 'customer' | 'lab';
  name: string;
  email?: string;
  password?: string;
  licenseNumber?: string;
}

/**
 * Signs up through the modal on the current page (opened from the header or the phone menu, or
 * already open) and waits for the success message in the page's language.
 */
export async function signUp(page: Page, language: Language, account: NewAccount) {
  const w = words[language].auth;
  const role = account.role ?? 'customer';
  const email = account.email ?? uniqueEmail(role);
  const password = account.password ?? `${role}-password-${randomUUID().slice(0, 8)}`;
  const modal = page.getByTestId('auth-modal');
  if (!(await modal.isVisible())) await openAuthModal(page, language, 'signup');
  const type = modal.getByRole('radio', { name: role === 'lab' ? w.lab : w.customer });
  if ((await type.getAttribute('aria-checked')) !== 'true') await type.click();
  await expect(type).toHaveAttribute('aria-checked', 'true');
  await modal.getByLabel(role === 'lab' ? w.labName : w.fullName).fill(account.name);
  await modal.getByLabel(w.email).fill(email);
  await modal.getByLabel(w.password).fill(password);
  if (role === 'lab') await modal.getByLabel(w.licenseNumber).fill(account.licenseNumber ?? `MOH-LAB-${randomUUID().slice(0, 6)}`);
  await modal.getByTestId('consent-checkbox').click();
  await modal.getByRole('button', { name: w.createAccount }).click();
  await expect(modal).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(role === 'lab' ? w.labRegistered : w.registered, { exact: true }).first()).toBeVisible();
  return { email, password };
}

function requestOf(target: Page | BrowserContext | APIRequestContext): APIRequestContext {
  return 'request' in target ? target.request : target;
}

/**
 * Calls the API the way the app does, with the cookies (and client address) of the page or context:
 * for the steps of a test that are not what it is about.
 */
export async function trpc<T = any>(
  target: Page | BrowserContext | APIRequestContext,
  path: string,
  input?: unknown,
  method: 'GET' | 'POST' = 'POST',
): Promise<T> {
  const request = requestOf(target);
  const response =
    method === 'GET'
      ? await request.get(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`)
      : await request.post(`/trpc/${path}`, { data: input ?? {} });
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!response.ok()) throw new Error(`${path} failed: ${JSON.stringify(body.error)}`);
  return body.result!.data;
}

/** Signs in through the API the login form uses, sharing the browser's cookies (the form itself: auth.spec.ts). */
export async function signIn(
  target: Page | BrowserContext | APIRequestContext,
  email: string,
  options: { admin?: boolean; password?: string } = {},
) {
  const response = await requestOf(target).post('/trpc/auth.signIn', {
    data: { email, password: options.password ?? DEMO_PASSWORD, admin: options.admin ?? false },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Signs up through the API (for people whose sign-up is not what the test is about). */
export async function signUpThroughApi(target: Page | BrowserContext | APIRequestContext, account: NewAccount) {
  const role = account.role ?? 'customer';
  const email = account.email ?? uniqueEmail(role);
  const password = account.password ?? `${role}-password-${randomUUID().slice(0, 8)}`;
  await trpc(target, 'auth.signUp', {
    email,
    password,
    name: account.name,
    userType: role,
    ...(role === 'lab' && { licenseNumber: account.licenseNumber ?? `MOH-LAB-${randomUUID().slice(0, 6)}` }),
    acceptTerms: true,
  });
  return { email, password };
}

/** A Saudi mobile number no other test uses, as its owner types it: 05XXXXXXXX. */
export const newMobileNumber = () => `055${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/** The code in the newest SMS to `local` (05…), as its owner reads it: the fake Unifonic got it over its protocol. */
export async function smsCode(appServer: AppServer, local: string): Promise<string> {
  const recipient = `966${local.slice(1)}`;
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const message = appServer.sms.messages.filter((candidate) => candidate.recipient === recipient).at(-1);
        code = message?.body.match(/#(\d{6})$/)?.[1];
        return code;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  return code ?? '';
}

/** A guest's session through the API, its number confirmed by the code sent to it (ADR 0074). */
export async function guestThroughApi(target: Page | BrowserContext, appServer: AppServer, name: string) {
  const phone = newMobileNumber();
  await trpc(target, 'auth.requestPhoneCode', { phone });
  await trpc(target, 'auth.signInAnonymously', { name, phone, code: await smsCode(appServer, phone) });
}

/** A confirmed mobile number for a signed-in customer, through the API the settings use (ADR 0072), e.g. for a home visit. */
export async function confirmPhoneThroughApi(target: Page | BrowserContext, appServer: AppServer) {
  const phone = newMobileNumber();
  await trpc(target, 'account.requestPhoneCode', { phone });
  await trpc(target, 'account.confirmPhone', { phone, code: await smsCode(appServer, phone) });
}

/** The auth modal's guest form, filled, its terms accepted, and its number confirmed with the code from the SMS. */
export async function continueAsGuest(
  modal: Locator,
  appServer: AppServer,
  language: Language,
  guest: { name: string; email?: string; screenshot?: string },
) {
  const w = words[language];
  const phone = newMobileNumber();
  await modal.getByLabel(w.auth.fullName).fill(guest.name);
  await modal.getByLabel(w.auth.mobile).fill(phone);
  if (guest.email) await modal.getByLabel(w.auth.emailOptional).fill(guest.email);
  await modal.getByTestId('consent-checkbox').click();
  await modal.getByRole('button', { name: w.auth.continueAsGuest }).click();
  const code = await smsCode(appServer, phone);
  if (guest.screenshot) await screenshotBothSizes(modal.page(), modal, guest.screenshot);
  await modal.getByLabel(w.phone.codeField).fill(code);
  await modal.getByRole('button', { name: w.phone.confirmAsGuest }).click();
}

/** A home visit's number (ADR 0074), confirmed in `scope` (the booking panel, or the checkout) by the code from the SMS. */
export async function confirmHomeVisitNumber(scope: Locator, appServer: AppServer, language: Language) {
  const w = words[language];
  const phone = newMobileNumber();
  const block = scope.getByTestId('home-visit-phone');
  await block.getByLabel(w.auth.mobile).fill(phone);
  await block.getByRole('button', { name: w.phone.sendCode }).click();
  await block.getByLabel(w.phone.codeField).fill(await smsCode(appServer, phone));
  await block.getByRole('button', { name: w.phone.confirm, exact: true }).click();
  await expect(block).toBeHidden();
}

/**
 * In the open booking panel, clicks days from `from` (default tomorrow) on until one has a free time
 * (or home visit window: `kind`), then picks its first or last time. Returns the day and the time as the panel shows them.
 */
export async function chooseFreeSlot(
  page: Page,
  language: Language,
  {
    from,
    pick = 'first',
    kind = 'slot',
    within,
  }: { from?: string; pick?: 'first' | 'last'; kind?: 'slot' | 'home-window'; within?: Locator } = {},
): Promise<{ date: string; day: string; time: string }> {
  // The test page's booking panel, or another day-and-time picker (`within`: build your own's visit).
  const panel = within ?? page.getByTestId('booking-panel');
  const start = from ?? new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const tried = new Set<string>();
  for (let attempt = 0; attempt < 40; attempt++) {
    const dates = await panel
      .locator('[data-date]:not([disabled])')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-date')!));
    const next = dates.find((date) => date >= start && !tried.has(date));
    if (!next) {
      await panel.getByRole('button', { name: words[language].booking.nextMonth }).click();
      continue;
    }
    tried.add(next);
    await panel.locator(`[data-date="${next}"]`).click();
    const slots = panel.getByTestId(kind);
    await expect(slots.first().or(panel.getByRole('status'))).toBeVisible();
    if (await slots.count()) {
      const slot = pick === 'first' ? slots.first() : slots.last();
      await slot.click();
      await expect(slot).toHaveAttribute('aria-checked', 'true');
      // The chosen day as the panel writes it out (e.g. "Thursday, December 10, 2026").
      const day = (await panel.locator('[data-date][aria-pressed="true"]').getAttribute('aria-label'))!;
      return { date: next, day, time: (await slot.innerText()).trim() };
    }
  }
  throw new Error(`no free time from ${start} on`);
}

/** Books one of the demo lab's tests at a free time a few days ahead; retries if another run took the seat. */
export async function bookAtDemoLab(customer: BrowserContext | Page) {
  const labs = await trpc<any[]>(customer, 'catalog.labs', undefined, 'GET');
  const lab = labs.find((entry) => entry.lab_name_en === words.en.catalogue.demoLab);
  const detail = await trpc(customer, 'catalog.lab', { labId: lab.id }, 'GET');
  const offering = detail.tests[Math.floor(Math.random() * detail.tests.length)];
  for (let day = 2 + Math.floor(Math.random() * 5); day < 40; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const slots = await trpc<{ starts_at: string }[]>(
      customer,
      'booking.availableSlots',
      { labId: lab.id, date, labTestId: offering.lab_test_id },
      'GET',
    );
    for (const slot of slots.sort(() => Math.random() - 0.5).slice(0, 3)) {
      try {
        const result = await trpc(customer, 'booking.create', {
          items: [{ labTestId: offering.lab_test_id, bookingTime: slot.starts_at }],
          idempotencyKey: randomUUID(),
        });
        return { bookingId: result.bookings[0].id as string };
      } catch {
        // Someone else took this seat: try another.
      }
    }
  }
  throw new Error('no free slot at the demo lab');
}

/** Chromium's virtual authenticator on `page`: a platform authenticator that verifies the user, as a phone does. */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

/** A day `days` from today (UTC), as the calendar names it (YYYY-MM-DD). */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A SAR amount as the app prints it ("SAR 1,290.00" / "1,290.00 ر.س"), whatever the spaces and marks around it. */
export function sar(amount: number, language: Language): RegExp {
  const digits = amount
    .toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .replace(/[.,]/g, (mark) => `\\${mark}`);
  return language === 'en' ? new RegExp(`SAR\\s${digits}`) : new RegExp(`${digits}\\sر\\.س`);
}

/** Reads an amount back from what the page shows ("SAR 1,290.00" → 1290). */
export function amountIn(text: string): number {
  const match = /\d[\d,]*(?:\.\d+)?/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[0].replaceAll(',', ''));
}

export interface Person {
  context: BrowserContext;
  page: Page;
}

interface Fixtures {
  /**
   * Another person in a browser context of their own: the same device as the test's project, their own
   * client address, pages in the given language. Closed when the test ends.
   */
  person: (language: Language) => Promise<Person>;
  /**
   * Whether booking a test judged by sex or age for oneself asks for them first (issue #76): off unless a
   * spec about that question turns it on with `test.use({ asksAboutYou: true })`.
   */
  asksAboutYou: boolean;
}

interface WorkerFixtures {
  /** This worker's own server and database (app-server.ts). */
  appServer: AppServer;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  appServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startAppServer(workerInfo.workerIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],

  baseURL: async ({ appServer }, use) => {
    await use(appServer.url);
  },

  asksAboutYou: [false, { option: true }],

  context: async ({ context, asksAboutYou }, use) => {
    if (!asksAboutYou) await answeredAboutYou(context);
    await use(context);
  },

  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitingForTheApp(page));
  },

  // The test's own `page` and `context` come from one client address of their own too.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress() });
  },

  person: async ({ browser, baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, asksAboutYou }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (language) => {
      const context = await browser.newContext({
        baseURL,
        viewport,
        isMobile,
        hasTouch,
        userAgent,
        deviceScaleFactor,
        extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
      });
      contexts.push(context);
      if (!asksAboutYou) await answeredAboutYou(context);
      await readInLanguage(context, language);
      return { context, page: waitingForTheApp(await context.newPage()) };
    });
    for (const context of contexts) await context.close();
  },
});

/**
 * For a test that adds to what every visitor sees (a newly approved lab on /labs, a review that moves a
 * lab's rating, a product on the shelves): its own server, from the run's seeded database like any other
 * (a second worker-scoped server, so Playwright runs such tests in workers of their own). A test that
 * counts public entries never shares a database with one of them, and no phase waits for the rest to end.
 */
export const testChangingPublicLists = test.extend<object, WorkerFixtures>({
  appServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startAppServer(workerInfo.workerIndex, { name: 'public-lists', env: {} });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
});
