import { demo, expect, type Language, type Person, signIn, signUpThroughApi, trpc } from './fixtures.ts';
import { arabicTag, latinTag } from './journeys/journeys.ts';

// A lab of its own for a spec that needs a day it can fill: the waitlist's, a series' (issue #58).

/** A new lab, approved, open 08:00–08:30 every day with one seat, selling `testName` (one without fasting) for 90 SAR. */
export async function openOneSeatLab(
  person: (language: Language) => Promise<Person>,
  appServer: { mailbox: { waitFor(address: string): Promise<{ links: string[] }> } },
  locale: Language,
  testName: string,
) {
  const labName = locale === 'ar' ? `مختبر الموعد الواحد ${arabicTag()}` : `One Seat Lab ${latinTag()}`;
  const lab = await person(locale);
  const { email } = await signUpThroughApi(lab.context, { role: 'lab', name: labName });
  const confirmation = await appServer.mailbox.waitFor(email);
  await lab.page.goto(confirmation.links.find((link) => link.includes('/verify-email?'))!);
  await expect(lab.page.getByTestId('email-confirmed')).toBeVisible();
  await trpc(lab.context, 'lab.updateProfile', {
    nameAr: labName,
    nameEn: labName,
    addressAr: '',
    addressEn: '',
    city: 'riyadh',
    latitude: null,
    longitude: null,
    phone: '0112345678',
    workingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: true, opensAt: '08:00', closesAt: '08:30' })),
    slotMinutes: 30,
    slotCapacity: 1,
  });
  const { id: labId } = await trpc<{ id: string }>(lab.context, 'auth.me', undefined, 'GET');
  const admin = await person(locale);
  await signIn(admin.context, demo.admin, { admin: true });
  await trpc(admin.context, 'admin.setLabApproval', { labId, approved: true });
  const tests = await trpc<{ id: number; name_en: string }[]>(lab.context, 'lab.testsNotOffered', undefined, 'GET');
  await trpc(lab.context, 'lab.addOffering', { testId: tests.find((entry) => entry.name_en === testName)!.id, price: 90 });
  const detail = await trpc<{ tests: { lab_test_id: number }[] }>(lab.context, 'catalog.lab', { labId }, 'GET');
  return { labId, labTestId: detail.tests[0]!.lab_test_id, labName };
}
