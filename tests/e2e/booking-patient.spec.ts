import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { drawnWhole } from '../setup/bidi-order.ts';
import {
  chooseFreeSlot,
  confirmPhoneThroughApi,
  demo,
  expect,
  type Locator,
  type Page,
  signIn,
  signUpThroughApi,
  test,
  trpc,
} from './fixtures.ts';
import { words } from './words.ts';

// Issue #57: a home visit booked for a family member is shown as that person's visit at home, in its
// window: on the customer's booking card, on the lab's booking list, and in the lab's result form, whose
// <option> keeps the Arabic date whole beside a Latin name.

/** About 3.5 km from the demo lab (Al Nukhba, Olaya, Riyadh), inside its 20 km. */
const HOME_POINT = { latitude: 24.7301, longitude: 46.6702 };
const RIYADH = 'Asia/Riyadh';
const INTL_TAG = { ar: 'ar-SA-u-nu-latn-ca-gregory', en: 'en-SA-u-ca-gregory' } as const;

/** A Latin name in the Arabic pages and an Arabic one in the English pages: each must keep to its own place. */
const people = {
  ar: { holder: 'QA Customer One', member: 'Noura Al-Otaibi', address: 'حي العليا، شارع التخصصي، عمارة 8، شقة 3' },
  en: { holder: 'Reem Al-Harbi', member: 'نورة العتيبي', address: 'Al Olaya, Takhassusi Street, building 8, flat 3' },
};

/** Books the demo lab's first test at home, in a free window a few days ahead, for the member. */
async function bookHomeVisitForMember(customer: BrowserContext, memberId: string, address: string) {
  const labs = await trpc<any[]>(customer, 'catalog.labs', undefined, 'GET');
  const lab = labs.find((entry) => entry.lab_name_en === words.en.catalogue.demoLab);
  const detail = await trpc(customer, 'catalog.lab', { labId: lab.id }, 'GET');
  const offering = detail.tests[0];
  for (let day = 3; day < 40; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const windows = await trpc<{ starts_at: string; ends_at: string }[]>(
      customer,
      'booking.homeWindows',
      { labId: lab.id, date, labTestId: offering.lab_test_id },
      'GET',
    );
    for (const window of windows) {
      try {
        const result = await trpc(customer, 'booking.create', {
          items: [
            {
              labTestId: offering.lab_test_id,
              bookingTime: window.starts_at,
              familyMemberId: memberId,
              home: { address, ...HOME_POINT },
            },
          ],
          idempotencyKey: randomUUID(),
        });
        return { id: result.bookings[0].id as string, startsAt: new Date(window.starts_at), endsAt: new Date(window.ends_at) };
      } catch {
        // Another run took this window: try the next.
      }
    }
  }
  throw new Error('no free home window at the demo lab');
}

/** "7:00 – 9:00" however the language writes the hours (a letter after each, spaces around the dash). */
function windowPattern(locale: 'ar' | 'en', startsAt: Date, endsAt: Date): RegExp {
  const clock = (instant: Date) =>
    new Intl.DateTimeFormat(INTL_TAG[locale], { hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZone: RIYADH })
      .formatToParts(instant)
      .filter((part) => part.type === 'hour' || part.type === 'minute')
      .map((part) => part.value)
      .join(':');
  return new RegExp(`${clock(startsAt)}\\D{0,6}–\\s*${clock(endsAt)}`);
}

/** With SCREENSHOTS_DIR set, the card on a 390 px phone and on a desktop, to look at. */
async function screenshotCard(page: Page, card: Locator, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  for (const [device, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(dir, `${name}.${device}.png`) });
  }
}

for (const locale of ['ar', 'en'] as const) {
  const language = locale === 'ar' ? 'Arabic' : 'English';
  const { holder, member, address } = people[locale];

  test(`a home visit for a family member names them and its window, for the customer and the lab (${language})`, async ({
    person,
    appServer,
  }) => {
    test.setTimeout(120_000);
    const customer = await person(locale);
    await signUpThroughApi(customer.context, { name: holder });
    // A home visit needs a confirmed number (ADR 0074).
    await confirmPhoneThroughApi(customer.context, appServer);
    const { id: memberId } = await trpc(customer.context, 'family.add', {
      name: member,
      relation: 'mother',
      sex: 'female',
      dateOfBirth: '1961-03-14',
    });
    const visit = await bookHomeVisitForMember(customer.context, memberId, address);
    const window = windowPattern(locale, visit.startsAt, visit.endsAt);

    // The customer's card: whom it is for, where and when.
    await customer.page.goto('/dashboard?section=bookings');
    const mine = customer.page.locator(`[data-testid="my-booking"][data-booking-id="${visit.id}"]`);
    await expect(mine.getByTestId('my-booking-patient')).toContainText(member);
    await expect(mine.getByTestId('booking-home-visit')).toContainText(address);
    await expect(mine).toContainText(window);
    await screenshotCard(customer.page, mine, `my-booking-card.${locale}`);

    // The lab's list: the member as the patient, booked by the account holder, at home in the window.
    const lab = await person(locale);
    await signIn(lab.context, demo.lab);
    await lab.page.goto(`/dashboard?section=bookings&q=${visit.id}`);
    const card = lab.page.locator(`[data-testid="lab-booking"][data-booking-id="${visit.id}"]`);
    await expect(card.getByTestId('lab-booking-patient')).toContainText(member);
    await expect(card.getByTestId('lab-booking-patient')).toContainText(holder);
    await expect(card.getByTestId('booking-home-visit')).toContainText(address);
    await expect(card).toContainText(window);
    await screenshotCard(lab.page, card, `lab-booking-card.${locale}`);

    // The result form's booking choice names the member, and in Arabic its date reads whole beside the Latin name.
    await lab.page.goto(`/dashboard?section=upload-results&booking=${visit.id}`);
    const form = lab.page.getByTestId('upload-result-form');
    await expect(form.getByTestId('result-booking')).toHaveValue(visit.id);
    const option = await form.getByTestId('result-booking').locator(`option[value="${visit.id}"]`).textContent();
    const date = new Intl.DateTimeFormat(INTL_TAG[locale], { dateStyle: 'long', timeZone: RIYADH }).format(visit.startsAt);
    expect(option).toContain(member);
    expect(option).not.toContain(holder);
    expect(option).toContain(date);
    if (locale === 'ar') {
      expect(drawnWhole(option!, date), option!).toBe(true);
      expect(drawnWhole(option!, member), option!).toBe(true);
    }
    await screenshotCard(lab.page, form, `lab-result-picker.${locale}`);
  });
}

// Issue #76: a customer booking for themselves a test whose results depend on sex and age (creatinine:
// eGFR needs both) is asked for them once; saved, the booking goes on, and the settings show them. The
// Arabic reader types the date in Hijri, with Arabic-Indic digits, on a phone.
test.describe('asked about oneself at booking', () => {
  test.use({ asksAboutYou: true });
  for (const [locale, tag] of [
    ['ar', ' @mobile'],
    ['en', ''],
  ] as const) {
    const language = locale === 'ar' ? 'Arabic' : 'English';
    const w = words[locale];

    test(`booking Serum Creatinine for oneself asks once for sex and date of birth, then the settings show them (${language})${tag}`, async ({
      person,
    }) => {
      test.setTimeout(90_000);
      const customer = await person(locale);
      await signUpThroughApi(customer.context, { name: people[locale].holder });
      const page = customer.page;

      await page.goto(`/test/${encodeURIComponent('Serum Creatinine')}`);
      await page.getByTestId('lab-offer').first().getByRole('button', { name: w.booking.bookNow }).click();
      await chooseFreeSlot(page, locale);
      await page.getByTestId('confirm-book-now').click();

      const prompt = page.getByTestId('about-you-prompt');
      await expect(prompt.getByRole('heading', { name: w.aboutYou.prompt })).toBeVisible();
      await expect(prompt.getByRole('button', { name: w.aboutYou.notNow })).toBeVisible();
      await prompt.getByRole('radio', { name: w.aboutYou.male, exact: true }).click();
      if (locale === 'ar') {
        await prompt.getByRole('radio', { name: w.aboutYou.hijri, exact: true }).click();
        await prompt.getByLabel(w.aboutYou.day, { exact: true }).fill('٢٠');
        await prompt.getByLabel(w.aboutYou.month, { exact: true }).selectOption({ label: w.aboutYou.shawwal });
        await prompt.getByLabel(w.aboutYou.year, { exact: true }).fill('١٤١٠');
      } else {
        await prompt.getByLabel(w.aboutYou.day, { exact: true }).fill('15');
        await prompt.getByLabel(w.aboutYou.month, { exact: true }).selectOption({ label: w.aboutYou.may });
        await prompt.getByLabel(w.aboutYou.year, { exact: true }).fill('1990');
      }
      await expect(prompt).toContainText(w.aboutYou.bornInBoth);
      await prompt.getByRole('button', { name: w.aboutYou.save, exact: true }).click();
      await expect(page).toHaveURL(/\/checkout$/);

      await page.goto('/dashboard?section=settings');
      const card = page.getByTestId('about-you-card');
      await expect(card.getByRole('heading', { name: w.aboutYou.card })).toBeVisible();
      await expect(card.getByRole('radio', { name: w.aboutYou.male, exact: true })).toHaveAttribute('aria-checked', 'true');
      await expect(card).toContainText(w.aboutYou.bornInBoth);
    });
  }
});

// Whom a package suits (issue #79, ADR 0091's amendment): a man opening the women's package is told whom it is
// for and cannot put it in the cart for himself; for his mother it goes in; for his young daughter it is said to be
// outside its ages, and can still be booked.
for (const [locale, tag] of [
  ['ar', ''],
  ['en', ' @mobile'],
] as const) {
  const language = locale === 'ar' ? 'Arabic' : 'English';
  const said = {
    ar: {
      women: 'باقة صحة المرأة',
      meantFor: /هذه الباقة مخصّصة للنساء من عمر (18|١٨) فأكثر\./,
      notThisPerson: 'لا يمكن حجزها لهذا الشخص',
      stillBookable: 'يمكنك حجزها مع ذلك',
    },
    en: {
      women: "Women's Health Package",
      meantFor: /This package is meant for women aged 18 or over\./,
      notThisPerson: 'It cannot be booked for this person',
      stillBookable: 'You can still book it',
    },
  }[locale];

  test(`a package for women tells a man whom it is for, and books for his mother (${language})${tag}`, async ({ person }) => {
    const customer = await person(locale);
    await signUpThroughApi(customer.context, { name: 'Khalid Al-Harbi' });
    await trpc(customer.context, 'account.updatePersonal', { sex: 'male', dateOfBirth: '1985-05-01' });
    await trpc(customer.context, 'family.add', { name: 'Hessa', relation: 'mother', sex: 'female', dateOfBirth: '1961-03-14' });
    await trpc(customer.context, 'family.add', { name: 'Joud', relation: 'child', sex: 'female', dateOfBirth: '2016-09-02' });
    const page = customer.page;
    await page.goto(`/search?query=${encodeURIComponent(said.women)}`);
    await page
      .getByTestId('search-result')
      .filter({ has: page.getByTestId('package-badge') })
      .first()
      .getByRole('link', { name: said.women })
      .click();
    await expect(page).toHaveURL(/\/package\/\d+$/);
    await page.getByRole('main').getByRole('button', { name: words[locale].booking.bookNow }).first().click();
    const panel = page.getByTestId('booking-panel');
    await chooseFreeSlot(page, locale);
    const note = panel.getByTestId('package-suits-note');
    await expect(note).toHaveAttribute('data-fit', 'wrong_sex');
    await expect(note).toContainText(said.meantFor);
    await expect(note).toContainText(said.notThisPerson);
    await expect(panel.getByRole('button', { name: words[locale].booking.bookNow })).toBeDisabled();

    await panel.getByTestId('booking-patient').selectOption({ label: 'Hessa' });
    await expect(note).toBeHidden();
    await expect(panel.getByRole('button', { name: words[locale].booking.bookNow })).toBeEnabled();

    await panel.getByTestId('booking-patient').selectOption({ label: 'Joud' });
    await expect(note).toHaveAttribute('data-fit', 'age_outside');
    await expect(note).toContainText(said.stillBookable);
    await expect(panel.getByRole('button', { name: words[locale].booking.bookNow })).toBeEnabled();
  });
}
