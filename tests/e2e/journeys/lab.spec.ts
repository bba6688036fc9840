import { randomUUID } from 'node:crypto';
import {
  daysFromToday,
  demo,
  expect,
  readInLanguage,
  sar,
  signIn,
  signUp,
  signUpThroughApi,
  test,
  testChangingPublicLists,
  trpc,
} from '../fixtures.ts';
import { words } from '../words.ts';
import { arabicTag, latinTag, message, openSection, resultPdf, runs, titled } from './journeys.ts';

// A lab: signs up, completes its profile while under review, is approved by the admin, asks for a new
// test (the admin approves it), prices it, and takes a patient's booking and its result (completing it
// waits for the visit's start: lab-complete-booking.spec.ts).
// Approving a lab adds it to the public lists, so this runs on a server of its own (testChangingPublicLists).

for (const run of runs) {
  const w = words[run.locale];

  testChangingPublicLists(
    titled('a lab signs up, is approved, adds a new test and takes a booking with its result', run),
    async ({ page, person, appServer }) => {
      test.setTimeout(180_000);
      await readInLanguage(page, run.locale);
      const [tag, latin] = [arabicTag(), latinTag()];
      const lab = { ar: `مختبر الرحمة ${tag}`, en: `Al Rahma Lab ${latin}` };
      const newTest = { ar: `مؤشر الرحمة ${tag}`, en: `Rahma Marker ${latin}` };
      const labName = lab[run.locale];
      const testName = newTest[run.locale];
      const licenseNumber = `MOH-LAB-${randomUUID().slice(0, 6).toUpperCase()}`;
      const price = 180;

      // Sign-up from the page for labs.
      await page.goto('/join-as-lab');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.join.heading);
      await page.getByRole('main').getByRole('button', { name: w.join.joinNow }).first().click();
      // Join Now opens the sign-up form itself (the form's code loads on first use).
      await expect(page.getByTestId('auth-modal')).toBeVisible();
      const { email } = await signUp(page, run.locale, { role: 'lab', name: labName, licenseNumber });
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('lab-under-review')).toHaveText(w.lab.underReview);
      const nav = page.getByTestId('dashboard-nav');
      await expect(nav.getByRole('button', { name: w.dashboard.nav.tests, exact: true })).toBeDisabled();
      await expect(nav.getByRole('button', { name: w.dashboard.nav.bookings, exact: true })).toBeDisabled();

      // While it waits: its names in both languages, city, phone, open every day, hour-long appointments.
      await page.getByRole('button', { name: w.lab.completeProfile }).click();
      await expect(page.getByRole('region', { name: w.dashboard.nav.settings })).toBeVisible();
      const profile = page.getByTestId('lab-profile-form');
      await profile.getByLabel(w.lab.labNameAr).fill(lab.ar);
      await profile.getByLabel(w.lab.labNameEn).fill(lab.en);
      await profile.getByLabel(w.lab.city).selectOption({ label: w.cities.riyadh });
      await profile.getByLabel(w.lab.phone).fill('0112345678');
      for (const day of await profile.getByTestId('working-day').all()) {
        await day.getByText(w.lab.closed, { exact: true }).click();
        await expect(day.getByText(w.lab.open, { exact: true })).toBeVisible();
      }
      // Each day's switch is named for its day, not just "open".
      await expect(profile.getByRole('checkbox', { name: w.lab.openOnFriday })).toBeChecked();
      await profile.getByLabel(w.lab.appointmentLength).selectOption({ label: w.lab.hour });
      // Its coordinates from where it stands (patients see how far it is), as the browser gives them.
      await page.context().grantPermissions(['geolocation']);
      await page.context().setGeolocation({ latitude: 24.71355, longitude: 46.67532 });
      await profile.getByRole('button', { name: w.lab.useMyLocation }).click();
      await expect(profile.getByLabel(w.lab.latitude)).toHaveValue('24.71355');
      await expect(profile.getByLabel(w.lab.longitude)).toHaveValue('46.67532');
      await profile.getByRole('button', { name: w.lab.saveProfile }).click();
      await expect(message(page, w.lab.profileSaved)).toBeVisible();

      // It confirms its address from the mail it got at sign-up: a lab is approved only once it has.
      const confirmation = await appServer.mailbox.waitFor(email);
      await page.goto(confirmation.links.find((link) => link.includes('/verify-email?'))!);
      await expect(page.getByTestId('email-confirmed')).toBeVisible();
      await page.goto('/dashboard');

      // The admin finds it with its license and approves it.
      const admin = await person(run.locale);
      await signIn(admin.context, demo.admin, { admin: true });
      await admin.page.goto('/admin/dashboard');
      await openSection(admin.page, w.dashboard.nav.labs);
      await admin.page.getByLabel(w.admin.searchLabs).fill(labName);
      const labRow = admin.page.getByTestId('admin-lab').filter({ hasText: labName });
      await expect(labRow).toContainText(w.dashboard.status.awaitingApproval);
      await expect(labRow).toContainText(licenseNumber);
      await expect(labRow).toContainText(w.cities.riyadh);
      await labRow.getByRole('button', { name: w.admin.approve }).click();
      await expect(message(admin.page, w.admin.labStatusUpdated)).toBeVisible();
      await expect(labRow).toContainText(w.dashboard.status.approved);

      // Approved: the notice is gone and every section opens. It asks for a test the catalogue lacks.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.dashboard.welcome(labName));
      await expect(page.getByTestId('lab-under-review')).toHaveCount(0);
      await openSection(page, w.dashboard.nav.tests);
      const requestForm = page.getByTestId('test-request-form');
      await requestForm.getByLabel(w.lab.testNameAr).fill(newTest.ar);
      await requestForm.getByLabel(w.lab.testNameEn).fill(newTest.en);
      await requestForm.getByRole('button', { name: w.lab.sendRequest }).click();
      await expect(message(page, w.lab.requestSent)).toBeVisible();
      await expect(page.getByTestId('test-request').filter({ hasText: testName })).toContainText(w.dashboard.status.pendingReview);

      // The admin approves the request.
      await openSection(admin.page, w.dashboard.nav.tests);
      const requestRow = admin.page.getByTestId('admin-test-request').filter({ hasText: testName });
      await expect(requestRow).toContainText(w.admin.requestedBy(labName));
      await requestRow.getByRole('button', { name: w.admin.approve }).click();
      await expect(message(admin.page, w.admin.requestApproved)).toBeVisible();
      await expect(requestRow).toHaveCount(0);

      // The lab sees it approved and adds it to its price list.
      await page.reload();
      await expect(page.getByTestId('test-request').filter({ hasText: testName })).toContainText(w.dashboard.status.approved);
      const addOffering = page.getByTestId('add-offering');
      await addOffering.getByLabel(w.lab.addFromCatalogue).selectOption({ label: testName });
      await addOffering.getByLabel(w.lab.price).fill(String(price));
      await addOffering.getByRole('button', { name: w.lab.add, exact: true }).click();
      await expect(message(page, w.lab.offeringAdded)).toBeVisible();
      // The row's turnaround is empty (not stated), its NPHIES billing code too, and its price is the one given.
      const row = page.getByTestId('offering').filter({ hasText: testName });
      const field = (ar: string, en: string) => row.getByRole('textbox', { name: run.locale === 'ar' ? ar : en });
      await expect(field(`نتائج ${testName} خلال (ساعات)`, `Results of ${testName} within (hours)`)).toHaveValue('');
      await expect(field(`رمز الفوترة في نفيس (NPHIES) لفحص ${testName}`, `NPHIES billing code of ${testName}`)).toHaveValue('');
      await expect(field(`سعر ${testName}`, `Price of ${testName}`)).toHaveValue(`${price}.00`);
      await expect(page.getByText(w.lab.oneOffered)).toBeVisible();

      // Patients now find the lab on the new test's page, at that price.
      const visitor = await person(run.locale);
      await visitor.page.goto(`/test/${encodeURIComponent(newTest.en)}`);
      await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(testName);
      await expect(visitor.page.getByTestId('lab-offer').filter({ hasText: labName })).toContainText(sar(price, run.locale));

      // A patient books it (the patient's side: customer.spec.ts).
      const customer = await person(run.locale);
      const customerName = run.locale === 'ar' ? `سلمان ${arabicTag()}` : `Salman ${latinTag()}`;
      await signUpThroughApi(customer.context, { name: customerName });
      const catalogued = await trpc<{ id: number }>(customer.context, 'catalog.test', { nameEn: newTest.en }, 'GET');
      const [offer] = await trpc<{ id: string; lab_test_id: number }[]>(
        customer.context,
        'catalog.labsForTest',
        { testId: catalogued.id },
        'GET',
      );
      const [slot] = await trpc<{ starts_at: string }[]>(
        customer.context,
        'booking.availableSlots',
        { labId: offer!.id, date: daysFromToday(2), labTestId: offer!.lab_test_id },
        'GET',
      );
      const checkout = await trpc<{ bookings: { id: string }[] }>(customer.context, 'booking.create', {
        items: [{ labTestId: offer!.lab_test_id, bookingTime: slot!.starts_at }],
        idempotencyKey: randomUUID(),
      });
      const bookingId = checkout.bookings[0]!.id;

      // The visit is days ahead: the lab cannot complete it yet, and the card says from when. It can take the
      // result in already (a lab completes a visit once it has happened: lab-complete-booking.spec.ts).
      await openSection(page, w.dashboard.nav.bookings);
      const booking = page.locator(`[data-testid="lab-booking"][data-booking-id="${bookingId}"]`);
      await expect(booking).toContainText(testName);
      await expect(booking).toContainText(customerName);
      await expect(booking).toContainText(w.dashboard.status.confirmed);
      await expect(booking).toContainText(sar(price, run.locale));
      await expect(booking.getByRole('button', { name: w.lab.markCompleted })).toBeDisabled();
      await expect(booking.getByTestId('complete-not-yet')).toContainText(w.lab.completeFrom);
      await booking.getByRole('button', { name: w.lab.uploadResult }).click();

      await expect(page.getByRole('region', { name: w.dashboard.nav.uploadResults })).toBeVisible();
      const upload = page.getByTestId('upload-result-form');
      await expect(upload.getByTestId('result-booking')).toHaveValue(bookingId);
      const fileName = `rahma-${latin}.pdf`;
      await upload.getByTestId('result-file').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: resultPdf(bookingId) });
      await expect(upload).toContainText(fileName);
      await upload.getByTestId('upload-result').click();
      await expect(message(page, w.lab.resultUploaded)).toBeVisible();
      const uploaded = page.getByTestId('uploaded-result').filter({ hasText: fileName });
      await expect(uploaded).toContainText(testName);
      await expect(uploaded).toContainText(customerName);

      // The overview counts it among the confirmed bookings, not yet in the revenue of completed ones.
      await openSection(page, w.dashboard.nav.overview);
      await expect(page.getByTestId('stat-revenue-value')).toHaveText(sar(0, run.locale));
      await expect(page.getByTestId('stat-confirmed-value')).toHaveText('1');
      await openSection(page, w.dashboard.nav.bookings);
      await expect(booking).toContainText(w.lab.oneResultFile);
    },
  );
}
