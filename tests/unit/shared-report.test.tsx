// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SharedReport } from '../../src/client/features/result-shares/shared-report.tsx';
import type { RouterOutputs } from '../../src/client/lib/trpc.ts';
import { createAppSystem } from '../../src/client/theme.ts';

// Issue #77 items 12 and 16: the doctor's page a patient shares writes units as the patient's page does
// (10³/µL, not the UCUM code 10*3/uL), keeps a range with its unit left to right inside Arabic, and
// puts a space between an analyte's name and its unit.

type Report = RouterOutputs['resultShares']['open']['reports'][number];
type Observation = NonNullable<Report['values']>['observations'][number];

beforeAll(async () => {
  const ar = await Promise.all([import('../../src/client/locales/ar/messages.po'), import('../../src/client/locales/ar/links.po')]);
  const en = await Promise.all([import('../../src/client/locales/en/messages.po'), import('../../src/client/locales/en/links.po')]);
  i18n.load({
    ar: Object.assign({}, ...ar.map((module) => module.messages)),
    en: Object.assign({}, ...en.map((module) => module.messages)),
  });
});
afterEach(cleanup);

const system = createAppSystem();
const both = (en: string, ar: string) => ({ en, ar });
const bookingId = '00000000-0000-4000-8000-000000000001';

const platelets = {
  analyteId: 9,
  loinc: '777-3',
  name: both('Platelets', 'الصفائح الدموية'),
  label: null,
  kind: 'number',
  number: 240,
  comparator: null,
  text: null,
  unit: '10*3/uL',
  reportedAs: null,
  decimals: 0,
  range: { low: 157, high: 371, origin: 'lab', source: null },
  flag: 'N',
  comment: null,
  extra: false,
  unitNotRecognised: false,
  previous: null,
  changed: false,
  trend: [],
} as unknown as Observation;

const cholesterol = {
  ...platelets,
  analyteId: 10,
  loinc: '2093-3',
  name: both('Total cholesterol', 'الكوليسترول الكلي'),
  number: 190,
  unit: 'mg/dL',
  range: { low: null, high: 200, origin: 'lab', source: null },
  trend: [
    {
      bookingId: '00000000-0000-4000-8000-000000000002',
      at: '2026-07-29T06:00:00.000Z',
      value: 210,
      flag: 'H',
      lab: both('Al Borg Lab', 'مختبر البرج'),
    },
    { bookingId, at: '2026-11-20T06:00:00.000Z', value: 190, flag: 'N', lab: both('Al Borg Lab', 'مختبر البرج') },
  ],
} as unknown as Observation;

const report = {
  bookingId,
  at: '2026-11-20T06:00:00.000Z',
  timeZone: 'Asia/Riyadh',
  patientName: 'Sara',
  test: both('Complete Blood Count (CBC)', 'صورة الدم الكاملة'),
  lab: both('Al Borg Lab', 'مختبر البرج'),
  values: {
    version: 1,
    status: 'final',
    releasedAt: '2026-11-20T12:00:00.000Z',
    amended: false,
    note: null,
    interpretation: null,
    observations: [platelets, cholesterol],
  },
  files: [],
} as unknown as Report;

function show(locale: 'ar' | 'en') {
  i18n.activate(locale);
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <SharedReport report={report} token="t" code={undefined} sharePatient="Sara" />
      </I18nProvider>
    </ChakraProvider>,
  );
}

const row = (loinc: string) => screen.getByTestId('shared-values').querySelector(`tr[data-loinc="${loinc}"]`) as HTMLElement;

describe('the doctor’s page (issue #77 item 12)', () => {
  it('writes the unit as the patient’s page does, and the range with its unit', () => {
    show('en');
    const cells = within(row('777-3')).getAllByRole('cell');
    expect(cells[1]!.textContent).toBe('240 10³/µL');
    expect(cells[2]!.textContent).toContain('157–371 10³/µL');
    expect(screen.getByTestId('shared-report').textContent).not.toContain('10*3/uL');
  });

  it('keeps a range with its unit in one left-to-right run inside Arabic, on a phone as on a desktop', () => {
    show('ar');
    const range = within(row('777-3')).getAllByRole('cell')[2]!.querySelector('[dir="ltr"]');
    expect(range?.textContent).toBe('157–371 10³/µL');
    const phoneRange = within(screen.getByTestId('shared-values-list')).getAllByTestId('shared-range')[0]!;
    expect(phoneRange.querySelector('[dir="ltr"]')?.textContent).toBe('157–371 10³/µL');
  });

  it('puts a space between an analyte’s name and its unit above its trend (issue #77 item 16)', () => {
    show('ar');
    const caption = within(screen.getByTestId('shared-trends')).getByText((_, element) => element?.tagName === 'CAPTION');
    expect(caption.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('الكوليسترول الكلي (mg/dL)');
  });
});
