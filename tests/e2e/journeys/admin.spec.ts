import { randomUUID } from 'node:crypto';
import {
  amountIn,
  DEMO_PASSWORD,
  demo,
  expect,
  pastVisit,
  readInLanguage,
  sar,
  signIn,
  signUpThroughApi,
  test,
  testChangingPublicLists,
  trpc,
} from '../fixtures.ts';
import { words } from '../words.ts';
import { arabicTag, latinTag, message, openSection, runs, titled } from './journeys.ts';

// The admin: logs in through Admin Login, approves a new lab and then the test it asks for, and sees
// the platform's revenue and transactions take in a booking once a lab completes it (a visit that has happened).
// The lab and the patient act through the API here (their screens: lab.spec.ts, customer.spec.ts),
// except that the lab opens the confirmation link from its mail.
// Approving a lab adds it to the public lists, so this runs on a server of its own (testChangingPublicLists).

for (const run of runs) {
  const w = words[run.locale];

  testChangingPublicLists(
    titled('the admin approves a lab and its test request, and the revenue takes in a completed booking', run),
    async ({ page, person, appServer }) => {
      test.setTimeout(150_000);
      await readInLanguage(page, run.locale);
      const [tag, latin] = [arabicTag(), latinTag()];
      const lab = { ar: `مختبر الشفاء ${tag}`, en: `Al Shifa Lab ${latin}` };
      const newTest = { ar: `مؤشر الشفاء ${tag}`, en: `Shifa Marker ${latin}` };
      const labName = lab[run.locale];
      const testName = newTest[run.locale];
      const licenseNumber = `MOH-LAB-${randomUUID().slice(0, 6).toUpperCase()}`;
      const price = 240;

      // Admin Login, at the foot of every page.
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('button', { name: w.auth.adminLogin }).click();
      const modal = page.getByTestId('auth-modal');
      await expect(modal.getByRole('heading', { name: w.auth.adminLogin })).toBeVisible();
      await modal.getByLabel(w.auth.adminEmail).fill(demo.admin);
      await modal.getByLabel(w.auth.password).fill(DEMO_PASSWORD);
      await modal.getByRole('button', { name: w.auth.logIn }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.dashboard.welcome(w.admin.name));
      const revenue = page.getByTestId('total-revenue-value');
      const currency = run.locale === 'en' ? /SAR/ : /ر\.س/;
      await expect(revenue).toHaveText(currency);
      const revenueBefore = amountIn(await revenue.innerText());

      // A lab signs up and fills in its profile.
      const labPerson = await person(run.locale);
      const { email: labEmail } = await signUpThroughApi(labPerson.context, { role: 'lab', name: labName, licenseNumber });
      // It confirms its address from the mail (a lab is approved only once it has).
      const confirmation = await appServer.mailbox.waitFor(labEmail);
      await labPerson.page.goto(confirmation.links.find((link) => link.includes('/verify-email?'))!);
      await expect(labPerson.page.getByTestId('email-confirmed')).toBeVisible();
      await trpc(labPerson.context, 'lab.updateProfile', {
        nameAr: lab.ar,
        nameEn: lab.en,
        addressAr: '',
        addressEn: '',
        city: 'jeddah',
        latitude: null,
        longitude: null,
        phone: '0122345678',
        workingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: true, opensAt: '08:00', closesAt: '20:00' })),
        slotMinutes: 30,
        slotCapacity: 2,
      });

      // Among the labs awaiting approval, with its license and city; approved, it leaves that list.
      await openSection(page, w.dashboard.nav.labs);
      await page.getByRole('combobox', { name: w.common.filter }).selectOption({ label: w.dashboard.status.awaitingApproval });
      await page.getByLabel(w.admin.searchLabs).fill(labName);
      const labRow = page.getByTestId('admin-lab').filter({ hasText: labName });
      await expect(labRow).toContainText(w.dashboard.status.awaitingApproval);
      await expect(labRow).toContainText(licenseNumber);
      await expect(labRow).toContainText(w.cities.jeddah);
      await labRow.getByRole('button', { name: w.admin.approve }).click();
      await expect(message(page, w.admin.labStatusUpdated)).toBeVisible();
      await expect(labRow).toHaveCount(0);
      await page.getByRole('combobox', { name: w.common.filter }).selectOption({ label: w.dashboard.status.approved });
      await expect(labRow).toContainText(w.dashboard.status.approved);
      // The approval is in the audit log, with the admin who gave it.
      const { id: labId } = await trpc<{ id: string }>(labPerson.context, 'auth.me', undefined, 'GET');
      await openSection(page, w.dataRights.auditLog);
      const approval = page.getByTestId('audit-entry').filter({ hasText: `lab:${labId.slice(0, 8)}` });
      await expect(approval).toContainText(w.dataRights.labApproved);
      await expect(approval).toContainText(w.admin.name);

      // The approved lab asks for a new test; the admin approves the request.
      await trpc(labPerson.context, 'lab.requestTest', { nameAr: newTest.ar, nameEn: newTest.en });
      await openSection(page, w.dashboard.nav.tests);
      const requestRow = page.getByTestId('admin-test-request').filter({ hasText: testName });
      await expect(requestRow).toContainText(w.admin.requestedBy(labName));
      await requestRow.getByRole('button', { name: w.admin.approve }).click();
      await expect(message(page, w.admin.requestApproved)).toBeVisible();
      await expect(requestRow).toHaveCount(0);
      const requests = await trpc<{ items: { test_name_en: string; status: string }[] }>(
        labPerson.context,
        'lab.testRequests',
        { q: newTest.en },
        'GET',
      );
      expect(requests.items.find((request) => request.test_name_en === newTest.en)?.status).toBe('approved');

      // The lab prices the new test (a patient books it: lab.spec.ts).
      const notOffered = await trpc<{ id: number; name_en: string }[]>(labPerson.context, 'lab.testsNotOffered', undefined, 'GET');
      const testId = notOffered.find((entry) => entry.name_en === newTest.en)!.id;
      await trpc<{ lab_test_id: number }>(labPerson.context, 'lab.addOffering', { testId, price });

      // A visit that has happened at the demo lab (seeds/past-visits.ts) is completed: a booking is completed
      // only from its start on, so not one of the new lab's, booked for days ahead.
      const visit = pastVisit(`admin-journey-${run.index as 0 | 1 | 2 | 3}`);
      const demoLab = await person(run.locale);
      await signIn(demoLab.context, demo.lab);
      const {
        items: [visited],
      } = await trpc<{ items: { total_price: number; patient_name: string }[] }>(
        demoLab.context,
        'lab.bookings',
        { q: visit.bookingId },
        'GET',
      );
      await trpc(demoLab.context, 'lab.completeBooking', { id: visit.bookingId });

      // The overview's total revenue has taken it in (other runs may add theirs at the same time, never
      // take any away), and the transactions list it as a completed lab test.
      await openSection(page, w.dashboard.nav.overview);
      await page.reload();
      await expect(revenue).toHaveText(currency);
      expect(amountIn(await revenue.innerText())).toBeGreaterThanOrEqual(revenueBefore + visited!.total_price);
      await openSection(page, w.dashboard.nav.transactions);
      await page.getByRole('combobox', { name: w.admin.show }).selectOption({ label: w.admin.labTestBookings });
      await page.getByTestId('list-search').fill(visited!.patient_name);
      const transaction = page.getByTestId('admin-transaction').filter({ hasText: visited!.patient_name });
      await expect(transaction).toContainText(w.admin.labTest);
      await expect(transaction).toContainText(w.catalogue.demoLab);
      await expect(transaction).toContainText(w.dashboard.status.completed);
      await expect(transaction).toContainText(sar(visited!.total_price, run.locale));
    },
  );
}
