import { readFile } from 'node:fs/promises';
import { chooseFreeSlot, daysFromToday, demo, expect, readInLanguage, sar, signIn, signUp, test, trpc } from '../fixtures.ts';
import { screenshotBothSizes } from '../screenshots.ts';
import { words } from '../words.ts';
import { arabicTag, latinTag, message, openSection, resultPdf, runs, titled } from './journeys.ts';

// A customer: signs up, searches, books two tests at one lab through the cart and checkout, finds the
// bookings in the dashboard, cancels one, and downloads the result the lab uploads for the other; then
// compares two packages found by search and books one (issue #79 item 2).

// The demo lab's seeded prices (seeds/seed.ts), VAT included.
const VITAMIN_D_PRICE = 155;
const LIPID_PRICE = 135;
/** Basic's 5% of each. */
const BOOKING_FEE = 7.75 + 6.75;

for (const run of runs) {
  const w = words[run.locale];

  test(
    titled(
      'a customer signs up, books two tests, cancels one, downloads the result of the other, compares two packages and books one',
      run,
    ),
    async ({ page, person, baseURL }) => {
      test.setTimeout(210_000);
      await readInLanguage(page, run.locale);
      const name = run.locale === 'ar' ? `نورة ${arabicTag()}` : `Noura ${latinTag()}`;
      await page.goto('/');
      await signUp(page, run.locale, { name });

      // Search from the home page; the result names the lab and its price.
      await page.getByLabel(w.search.testName).fill(w.catalogue.vitaminDQuery);
      await page.getByRole('button', { name: w.search.search, exact: true }).click();
      await expect(page).toHaveURL(/\/search\?query=/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.search.results);
      const vitaminDAtDemoLab = page
        .getByTestId('search-result')
        .filter({ hasText: w.catalogue.vitaminD })
        .filter({ hasText: w.catalogue.demoLab });
      await expect(vitaminDAtDemoLab).toContainText(sar(VITAMIN_D_PRICE, run.locale));
      await vitaminDAtDemoLab.getByRole('link').first().click();

      // The test page opens with that lab's booking panel: a day (its own, so runs never compete for a
      // seat; other specs book days 1–9 ahead) and a time, into the cart.
      await expect(page).toHaveURL(/\/test\/Vitamin%20D/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(w.catalogue.vitaminD);
      const panel = page.getByTestId('booking-panel');
      await expect(panel.getByRole('heading', { name: w.booking.chooseDayAndTime })).toBeVisible();
      const day = daysFromToday(12 + run.index);
      const vitaminDSlot = await chooseFreeSlot(page, run.locale, { from: day });
      await panel.getByRole('button', { name: w.booking.addToCart }).click();
      await expect(message(page, w.booking.addedToCart)).toBeVisible();
      await expect(page.getByTestId('cart-button')).toHaveAccessibleName(w.booking.cartButton(1));

      // Back to the results, a second search; this time the lab is chosen on the test's page.
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.search.results);
      await page.getByLabel(w.search.testName).fill(w.catalogue.lipidQuery);
      await page.getByRole('button', { name: w.search.search, exact: true }).click();
      await page.getByTestId('search-result').filter({ hasText: w.catalogue.lipid }).first().getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(w.catalogue.lipid);
      await expect(page.getByRole('heading', { name: w.catalogue.labsOffering })).toBeVisible();
      const demoLabOffer = page.getByTestId('lab-offer').filter({ hasText: w.catalogue.demoLab });
      await expect(demoLabOffer).toContainText(sar(LIPID_PRICE, run.locale));
      await demoLabOffer.getByRole('button', { name: w.booking.addToCart }).click();
      // The booking panel opens under the chosen lab.
      await expect(page.getByRole('listitem').filter({ has: demoLabOffer }).getByTestId('booking-panel')).toBeVisible();
      const lipidSlot = await chooseFreeSlot(page, run.locale, { from: day });
      await page.getByTestId('booking-panel').getByRole('button', { name: w.booking.addToCart }).click();
      await expect(page.getByTestId('cart-button')).toHaveAccessibleName(w.booking.cartButton(2));

      // The cart → checkout → paid.
      await page.getByTestId('cart-button').click();
      const cart = page.getByRole('dialog', { name: w.booking.cart });
      const cartItems = cart.getByRole('listitem');
      await expect(cartItems).toHaveCount(2);
      await expect(cartItems.filter({ hasText: w.catalogue.vitaminD })).toContainText(vitaminDSlot.time);
      await expect(cartItems.filter({ hasText: w.catalogue.lipid })).toContainText(lipidSlot.time);
      await expect(cart).toContainText(sar(VITAMIN_D_PRICE + LIPID_PRICE, run.locale));
      await cart.getByRole('button', { name: w.booking.checkout }).click();

      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.booking.checkout);
      await expect(page.getByRole('heading', { name: w.booking.orderSummary })).toBeVisible();
      const items = page.getByTestId('checkout-item');
      await expect(items).toHaveCount(2);
      for (const item of await items.all()) await expect(item).toContainText(w.catalogue.demoLab);
      // A Basic customer's 5% booking fee is its own line, and part of the total.
      await expect(page.getByTestId('checkout-subtotal')).toHaveText(sar(VITAMIN_D_PRICE + LIPID_PRICE, run.locale));
      await expect(page.getByTestId('checkout-fee')).toHaveText(sar(BOOKING_FEE, run.locale));
      await expect(page.getByTestId('checkout-total')).toHaveText(sar(VITAMIN_D_PRICE + LIPID_PRICE + BOOKING_FEE, run.locale));
      await page.getByTestId('pay').click();
      await expect(message(page, w.booking.confirmed)).toBeVisible({ timeout: 20_000 });

      // The dashboard lists both as upcoming.
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.dashboard.welcome(name));
      await expect(page.getByTestId('stat-upcoming-value')).toHaveText('2');
      await expect(page.getByRole('heading', { name: w.dashboard.upcomingBookings })).toBeVisible();
      const bookings = page.getByTestId('my-booking');
      await expect(bookings).toHaveCount(2);
      const vitaminDBooking = bookings.filter({ hasText: w.catalogue.vitaminD });
      const lipidBooking = bookings.filter({ hasText: w.catalogue.lipid });
      await expect(vitaminDBooking).toContainText(w.dashboard.status.confirmed);
      await expect(vitaminDBooking).toContainText(vitaminDSlot.time);
      await expect(vitaminDBooking).toContainText(w.catalogue.demoLab);

      // Cancelling one moves it to the past and cancelled ones.
      await openSection(page, w.dashboard.nav.bookings);
      await lipidBooking.getByRole('button', { name: w.dashboard.cancelBooking }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: w.dashboard.cancelBooking }).click();
      await expect(message(page, w.dashboard.bookingCancelled)).toBeVisible();
      await expect(lipidBooking).toContainText(w.dashboard.status.cancelled);
      await expect(lipidBooking.getByRole('button', { name: w.dashboard.cancelBooking })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: w.dashboard.pastBookings })).toBeVisible();
      await expect(vitaminDBooking).toContainText(w.dashboard.status.confirmed);

      // The lab uploads the result (its own dashboard: lab.spec.ts). The visit is still ahead, so the booking
      // stays confirmed: a lab completes a booking only from its start on (lab-complete-booking.spec.ts).
      const mine = await trpc<{ id: string; test_name_en: string; status: string }[]>(page, 'booking.mine', undefined, 'GET');
      const booked = mine.find((booking) => booking.test_name_en === 'Vitamin D (25-OH)' && booking.status === 'confirmed')!;
      const lab = await person(run.locale);
      await signIn(lab.context, demo.lab);
      const fileName = `vitamin-d-${latinTag()}.pdf`;
      const pdf = resultPdf(`result for ${booked.id}`);
      const upload = await lab.context.request.post('/files/results', {
        headers: { origin: baseURL! },
        multipart: { bookingId: booked.id, file: { name: fileName, mimeType: 'application/pdf', buffer: pdf } },
      });
      expect(upload.status(), await upload.text()).toBe(201);

      // The customer finds it under My results and downloads it.
      await page.reload();
      await openSection(page, w.dashboard.nav.results);
      await expect(page.getByText(w.dashboard.onlyYouAndTheLab)).toBeVisible();
      const result = page.getByTestId('my-result');
      await expect(result).toHaveCount(1);
      await expect(result).toContainText(w.catalogue.vitaminD);
      await expect(result).toContainText(w.catalogue.demoLab);
      await expect(result).toContainText(fileName);
      const downloading = page.waitForEvent('download');
      await result.getByRole('link', { name: w.dashboard.download }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(fileName);
      expect(await readFile((await download.path())!)).toEqual(pdf);

      await openSection(page, w.dashboard.nav.bookings);
      await expect(vitaminDBooking).toContainText(w.dashboard.status.confirmed);

      // Two of the demo's packages, at two labs, each found by search and added to compare from its card.
      const p = w.packages;
      for (const packageName of [p.complete, p.fullBody]) {
        await page.goto(`/search?query=${encodeURIComponent(packageName)}`);
        const card = page
          .getByTestId('search-result')
          .filter({ has: page.getByTestId('package-badge') })
          .filter({ hasText: packageName })
          .first();
        await card.getByRole('button', { name: p.addToCompare }).click();
        await expect(card.getByRole('button', { name: p.addedToCompare })).toHaveAttribute('aria-pressed', 'true');
      }
      await page.getByRole('link', { name: p.compare(2) }).click();
      await expect(page).toHaveURL(/\/packages\/compare\?ids=\d+(%2C|,)\d+/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.pages.comparePackages);
      // Side by side: a table on a desktop, cards on a phone, nothing scrolling sideways there.
      const compared = page.getByTestId(run.phone ? 'compare-stacked' : 'compare-table');
      await expect(compared).toContainText(p.complete);
      await expect(compared).toContainText(p.fullBody);
      if (run.phone) expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // No place known yet: distances wait for the person's, which a button asks the browser for.
      await expect(page.getByTestId('place-note').getByRole('button', { name: p.showDistances })).toBeVisible();
      await screenshotBothSizes(page, page.getByRole('heading', { level: 1 }), `compare-${run.locale}`);

      // One of them booked: its page, its booking panel, a time, and the checkout.
      await compared.getByRole('link', { name: p.book(p.complete) }).click();
      await expect(page).toHaveURL(/\/package\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.complete);
      await page.getByRole('main').getByRole('button', { name: w.booking.bookNow }).first().click();
      const packageSlot = await chooseFreeSlot(page, run.locale, { from: daysFromToday(16 + run.index) });
      await page.getByTestId('booking-panel').getByRole('button', { name: w.booking.bookNow }).click();
      // The package's results are judged by sex and age, which a new account has not given: not now.
      const aboutYou = page.getByTestId('about-you-prompt');
      await expect(page.getByTestId('checkout-item').or(aboutYou).first()).toBeVisible();
      if (await aboutYou.isVisible()) {
        await aboutYou.getByRole('button', { name: w.aboutYou.notNow }).click();
      }
      await expect(page).toHaveURL(/\/checkout$/);
      const packageItem = page.getByTestId('checkout-item').filter({ hasText: p.complete });
      await expect(packageItem).toContainText(packageSlot.time);
    },
  );
}
