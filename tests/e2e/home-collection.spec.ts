import { readFile } from 'node:fs/promises';
import { chooseFreeSlot, confirmHomeVisitNumber, demo, expect, isPhone, sar, signIn, signUpThroughApi, test, trpc } from './fixtures.ts';
import { words } from './words.ts';

// Issue #22, home sample collection: a customer finds labs that come to the home, books a test at
// home in one of the lab's visit windows with the address placed by the browser's position, pays the
// visit's fee once, and finds the visit in their bookings.

/** About 3.5 km from the demo lab (Al Nukhba, Olaya, Riyadh), inside its 20 km. */
const HOME_POINT = { latitude: 24.7301, longitude: 46.6702 };
const DEMO_LAB_FEE = 35;

/** What Book Now says it waits for, beside it. */
const waitingFor = {
  ar: {
    address: 'اكتب عنوان منزلك في الأعلى.',
    location: 'حدّد منزلك على الخريطة في الأعلى: استخدم موقعك الحالي أو انقر على الخريطة.',
    phone: 'أكّد رقم جوالك في الأعلى.',
  },
  en: {
    address: 'Write your home address above.',
    location: 'Place your home on the map above: use your current location or tap the map.',
    phone: 'Confirm your mobile number above.',
  },
};

for (const [locale, tag] of [
  ['ar', ''],
  ['en', ''],
  ['ar', ' @mobile'],
] as const) {
  const w = words[locale];
  const language = locale === 'ar' ? 'Arabic' : 'English';

  test(`a customer books a home sample collection and pays its visit fee once (${language})${tag}`, async ({ person, appServer }) => {
    test.setTimeout(120_000);
    const project = test.info().project.name;
    const address = locale === 'ar' ? 'حي العليا، شارع التخصصي، عمارة 8، شقة 3' : 'Al Olaya, Takhassusi Street, building 8, flat 3';
    const customer = await person(locale);
    await customer.context.grantPermissions(['geolocation']);
    await customer.context.setGeolocation(HOME_POINT);
    await signUpThroughApi(customer.context, { name: 'Reem Al-Harbi' });
    const page = customer.page;

    const labs = await trpc<any[]>(customer.context, 'catalog.labs', undefined, 'GET');
    const lab = labs.find((entry) => entry.lab_name_en === words.en.catalogue.demoLab);
    expect(lab.home_collection_fee).toBe(DEMO_LAB_FEE);
    const detail = await trpc(customer.context, 'catalog.lab', { labId: lab.id }, 'GET');
    const offered = detail.tests[0];

    // Search, only labs that come to this home: every result says what its visit costs.
    await page.goto(
      `/search?query=${encodeURIComponent(offered.name_en)}&lat=${HOME_POINT.latitude}&lon=${HOME_POINT.longitude}&homeCollection=true`,
    );
    // On a phone the filters are folded behind their button, which counts this one.
    if (isPhone(page)) await page.getByRole('button', { name: locale === 'ar' ? 'عوامل التصفية (1)' : 'Filters (1)' }).click();
    await expect(page.getByRole('checkbox', { name: w.homeVisit.filter })).toBeChecked();
    const results = page.getByTestId('search-result');
    await expect(results.first()).toBeVisible();
    await page.screenshot({ path: `/tmp/home-collection/shots/search-${locale}-${project}.png` });
    expect(await results.count()).toBe(await results.filter({ has: page.getByTestId('home-collection-badge') }).count());
    await expect(results.filter({ hasText: w.catalogue.demoLab }).first().getByTestId('home-collection-badge')).toContainText(
      sar(DEMO_LAB_FEE, locale),
    );

    // Book it at home from the test's page.
    await page.goto(`/test/${encodeURIComponent(offered.name_en)}`);
    const offer = page.getByTestId('lab-offer').filter({ hasText: w.catalogue.demoLab }).first();
    await offer.getByRole('button', { name: w.booking.bookNow }).click();
    const panel = page.getByTestId('booking-panel');
    await panel.getByRole('radio', { name: new RegExp(w.homeVisit.atHome) }).click();
    await chooseFreeSlot(page, locale, { kind: 'home-window', pick: 'last' });
    // Book Now is off, and says what it waits for: first the address, then the home on the map.
    await expect(panel.getByTestId('confirm-book-now')).toBeDisabled();
    await expect(panel.getByTestId('booking-missing')).toHaveText(waitingFor[locale].address);
    await panel.getByLabel(w.homeVisit.address).fill(address);
    await expect(panel.getByTestId('booking-missing')).toHaveText(waitingFor[locale].location);
    await expect(panel.getByTestId('confirm-book-now')).toHaveAccessibleDescription(waitingFor[locale].location);
    await panel.getByRole('button', { name: w.homeVisit.useLocation }).click();
    await expect(panel.getByTestId('home-inside')).toContainText(w.homeVisit.inside);
    // Then the number the collector calls, confirmed by a code by SMS (ADR 0074).
    await expect(panel.getByTestId('booking-missing')).toHaveText(waitingFor[locale].phone);
    await panel
      .getByTestId('home-visit-phone')
      .screenshot({ path: `/tmp/home-collection/shots/home-visit-phone-${locale}-${project}.png` });
    await confirmHomeVisitNumber(panel, appServer, locale);
    await expect(panel.getByTestId('booking-missing')).toBeHidden();
    // The map loads when its place comes into view (below the fold on a phone).
    await panel.getByTestId('home-inside').scrollIntoViewIfNeeded();
    await expect(panel.getByTestId('labs-map')).toBeVisible();
    await panel.screenshot({ path: `/tmp/home-collection/shots/booking-panel-${locale}-${project}.png` });
    await panel.getByTestId('confirm-book-now').click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item').getByTestId('cart-line-home')).toContainText(address);
    await expect(page.getByTestId('checkout-home-fee')).toHaveText(sar(DEMO_LAB_FEE, locale));
    await page.screenshot({ path: `/tmp/home-collection/shots/checkout-${locale}-${project}.png` });
    await page.getByTestId('pay').click();
    await expect(page.getByText(w.booking.confirmed)).toBeVisible({ timeout: 15_000 });

    const [booking] = await trpc<any[]>(customer.context, 'booking.mine', undefined, 'GET');
    expect(booking).toMatchObject({ collection: 'home', home_address: address, home_collection_fee: DEMO_LAB_FEE });
    const mine = page.getByTestId('my-booking').filter({ has: page.getByTestId('booking-home-visit') });
    await expect(mine.getByTestId('booking-home-visit')).toContainText(`${w.homeVisit.visit} ${address}`);
    await mine.screenshot({ path: `/tmp/home-collection/shots/my-booking-${locale}-${project}.png` });

    // The lab sees where to go.
    const labPerson = await person(locale);
    await signIn(labPerson.context, demo.lab);
    const labPage = labPerson.page;
    await labPage.goto(`/dashboard?section=bookings&q=${booking.id}`);
    const row = labPage.locator(`[data-booking-id="${booking.id}"]`);
    await expect(row.getByTestId('booking-home-visit')).toContainText(address);
    await expect(row.getByTestId('lab-booking-home-fee')).toContainText(sar(DEMO_LAB_FEE, locale));
    await row.screenshot({ path: `/tmp/home-collection/shots/lab-booking-${locale}-${project}.png` });

    // The list's CSV file (issue #23) opens in a spreadsheet with its Arabic intact: UTF-8 with a BOM.
    const downloading = labPage.waitForEvent('download');
    await labPage.getByTestId('export-bookings').click();
    const file = await readFile((await (await downloading).path())!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = file.subarray(3).toString('utf8');
    expect(csv).toContain(booking.id);
    expect(csv).toContain(locale === 'ar' ? booking.test_name_ar : booking.test_name_en);

    // Its settings: the visit fee, the area and the windows.
    await labPage.goto('/dashboard?section=settings');
    const settings = labPage.getByTestId('home-collection-form');
    await expect(settings.getByRole('checkbox', { name: w.homeVisit.offer })).toBeChecked();
    await settings.screenshot({ path: `/tmp/home-collection/shots/lab-settings-${locale}-${project}.png` });
  });
}
