import { readFile } from 'node:fs/promises';
import { chooseFreeSlot, daysFromToday, demo, expect, readInLanguage, sar, signIn, signUp, test, trpc } from '../fixtures.ts';
import { screenshotBothSizes } from '../screenshots.ts';
import { words } from '../words.ts';
import { arabicTag, latinTag, message, openSection, resultPdf, runs, titled } from './journeys.ts';

// A customer: signs up, searches, books two tests at one lab through the cart and checkout, finds the
// bookings in the dashboard, cancels one, and downloads the result the lab uploads for the other; then
// compares two packages found by search and books one (issue #79 item 2). An insured customer asks her
// insurer at checkout and pays only her share (issue #80 item 4, ADR 0099).

// The demo lab's seeded prices (seeds/seed.ts), VAT included.
const VITAMIN_D_PRICE = 155;
const LIPID_PRICE = 135;
/** Basic's 5% of each. */
const VITAMIN_D_FEE = 7.75;
const BOOKING_FEE = VITAMIN_D_FEE + 6.75;

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

  test(
    titled('an insured customer asks her insurer at checkout, pays only her share, and finds it on her tax invoice', run),
    async ({ page }) => {
      test.setTimeout(120_000);
      await readInLanguage(page, run.locale);
      // The demo customer has Bupa Arabia in force, whose answer the fake NPHIES gives: every test covered in full.
      await signIn(page, demo.customer);
      // Insurers need her sex and date of birth, which the demo leaves for her to give in her settings.
      await trpc(page, 'account.updatePersonal', { sex: 'female', dateOfBirth: '1990-05-14' });
      await page.goto(`/test/${encodeURIComponent(words.en.catalogue.vitaminD)}`);
      const offer = page.getByTestId('lab-offer').filter({ hasText: w.catalogue.demoLab });
      await offer.getByRole('button', { name: w.booking.bookNow }).click();
      // A day of its own (the journey above takes 12–19 days ahead, other specs 1–9).
      await chooseFreeSlot(page, run.locale, { from: daysFromToday(30 + run.index) });
      await page.getByTestId('confirm-book-now').click();
      await expect(page).toHaveURL(/\/checkout$/);

      // The full price until the insurer has answered.
      const total = page.getByTestId('checkout-total');
      await expect(total).toHaveText(sar(VITAMIN_D_PRICE + VITAMIN_D_FEE, run.locale));
      const coverage = page.getByTestId('coverage-card');
      await coverage.getByTestId('check-coverage').click();
      await expect(coverage.getByTestId('coverage-test')).toHaveAttribute('data-coverage', 'covered', { timeout: 25_000 });

      // Answered: paying with insurance is chosen; its part is a line of the summary, and she pays the booking fee alone.
      await expect(coverage.getByRole('radio', { name: w.booking.payMyShare })).toBeChecked();
      const insurerLine = page.getByTestId('checkout-insurer').locator('..');
      await expect(insurerLine).toContainText(w.booking.paidByInsurer);
      await expect(page.getByTestId('checkout-insurer')).toContainText('155.00');
      await expect(total).toHaveText(sar(VITAMIN_D_FEE, run.locale));
      await expect(page.getByTestId('pay')).toContainText(sar(VITAMIN_D_FEE, run.locale));
      // Offers are for payments in full: no promo code beside insurance, until she chooses the full price.
      await expect(page.getByTestId('promo-code')).toHaveCount(0);
      // The radio is Chakra's hidden input: a person clicks the card.
      await coverage.getByTestId('coverage-choice-full').click();
      await expect(coverage.getByRole('radio', { name: w.booking.payFullPrice })).toBeChecked();
      await expect(page.getByTestId('checkout-insurer')).toHaveCount(0);
      await expect(total).toHaveText(sar(VITAMIN_D_PRICE + VITAMIN_D_FEE, run.locale));
      await expect(page.getByTestId('promo-code')).toBeVisible();
      await coverage.getByTestId('coverage-choice-insurance').click();
      await expect(total).toHaveText(sar(VITAMIN_D_FEE, run.locale));
      await screenshotBothSizes(page, page.getByTestId('checkout-insurer'), `checkout-insurer-${run.locale}`);

      await page.getByTestId('pay').click();
      // The toast names the insurer's part.
      const confirmed = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: w.booking.confirmed });
      await expect(confirmed).toBeVisible({ timeout: 20_000 });
      await expect(confirmed).toContainText(w.booking.demoInsurer);
      await expect(confirmed).toContainText(sar(VITAMIN_D_PRICE, run.locale));
      await expect(page).toHaveURL(/\/dashboard$/);

      // The tax invoice is for what she paid: the insurer's part is the lab's to claim.
      await openSection(page, w.dashboard.nav.invoices);
      const invoice = page.getByTestId('my-invoice').first();
      await expect(invoice).toContainText(w.booking.taxInvoice);
      await expect(invoice.getByTestId('invoice-total')).toHaveText(sar(VITAMIN_D_FEE, run.locale));
    },
  );
}
