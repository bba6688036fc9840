// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SeriesBookingCard } from '../../src/client/features/booking/my-bookings.tsx';
import { intlLocale } from '../../src/client/lib/format.ts';
import type { RouterOutputs } from '../../src/client/lib/trpc.ts';
import { createAppSystem } from '../../src/client/theme.ts';

// Issue #58: the visits of a series read as one card on the customer's bookings, each visit with its place.

type Booking = RouterOutputs['booking']['mine'][number];

beforeAll(async () => {
  const ar = await Promise.all([import('../../src/client/locales/ar/messages.po'), import('../../src/client/locales/ar/dashboards.po')]);
  const en = await Promise.all([import('../../src/client/locales/en/messages.po'), import('../../src/client/locales/en/dashboards.po')]);
  i18n.load({
    ar: Object.assign({}, ...ar.map((module) => module.messages)),
    en: Object.assign({}, ...en.map((module) => module.messages)),
  });
});
afterEach(cleanup);

const system = createAppSystem();
const SERIES = '00000000-0000-4000-8000-000000000001';

const visit = (place: number, bookingTime: string, status: Booking['status']): Booking => ({
  id: `00000000-0000-4000-8000-00000000000${place}`,
  reference: `TH-00000${place}`,
  customer_id: '00000000-0000-4000-8000-0000000000aa',
  customer_name: 'Noura',
  lab_test_id: 7,
  lab_id: '00000000-0000-4000-8000-0000000000bb',
  test_id: 5,
  test_name_ar: 'السكر التراكمي',
  test_name_en: 'HbA1c',
  lab_name_ar: 'مختبر البرج',
  lab_name_en: 'Al Borg Lab',
  lab_address_ar: 'الرياض',
  lab_address_en: 'Riyadh',
  time_zone: 'Asia/Riyadh',
  booking_time: bookingTime,
  window_ends_at: null,
  created_at: '2026-12-01T09:00:00.000Z',
  status,
  collection: 'lab',
  home_address: null,
  home_collection_fee: 0,
  collector_left_at: null,
  total_price: 120,
  patient_name: null,
  paid: true,
  charged: 120,
  refunded: 0,
  rescheduled_at: null,
  series: { id: SERIES, visit: place, visits: 3, every_months: 3 },
});

const visits = [
  visit(1, '2027-01-15T05:00:00.000Z', 'completed'),
  visit(2, '2027-04-15T05:00:00.000Z', 'confirmed'),
  visit(3, '2027-07-15T05:00:00.000Z', 'confirmed'),
];

async function show(locale: 'ar' | 'en') {
  i18n.activate(locale, intlLocale(locale));
  const rootRoute = createRootRoute({ component: () => <SeriesBookingCard visits={visits} aside={() => null} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </ChakraProvider>,
  );
  return screen.findByTestId('my-booking-series');
}

const placesOf = () => screen.getAllByTestId('my-booking-visit').map((element) => element.textContent);

describe("a series on the customer's bookings", () => {
  it('is one card saying how often and how many visits, each visit with its place, in English', async () => {
    const card = await show('en');
    expect(card.getAttribute('data-series-id')).toBe(SERIES);
    expect(screen.getByTestId('my-booking-series-rule').textContent).toBe('Every 3 months · 3 visits');
    expect(placesOf()).toEqual(['Visit 1 of 3', 'Visit 2 of 3', 'Visit 3 of 3']);
    expect(screen.getAllByTestId('my-booking').map((element) => element.getAttribute('data-booking-id'))).toEqual(
      visits.map((booking) => booking.id),
    );
    expect(screen.getByText('Completed')).toBeTruthy();
  });

  it('says the same in Arabic, with the dual and plural forms', async () => {
    await show('ar');
    expect(screen.getByTestId('my-booking-series-rule').textContent).toBe('كل 3 أشهر · 3 زيارات');
    expect(placesOf()).toEqual(['الزيارة 1 من 3', 'الزيارة 2 من 3', 'الزيارة 3 من 3']);
  });
});
