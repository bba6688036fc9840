// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReportValues } from '../../src/client/features/results/report-view.tsx';
import type { RouterOutputs } from '../../src/client/lib/trpc.ts';
import { createAppSystem } from '../../src/client/theme.ts';

type Report = RouterOutputs['results']['report'];
type Observation = Report['observations'][number];

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
const lab = { ar: 'مختبر البرج', en: 'Al Borg Lab' };

const observation = (overrides: Partial<Observation>): Observation => ({
  analyteId: 1,
  loinc: '2823-3',
  name: { ar: 'البوتاسيوم', en: 'Potassium' },
  label: null,
  kind: 'number',
  number: 4.2,
  comparator: null,
  text: null,
  unit: 'mmol/L',
  reportedAs: null,
  decimals: 1,
  range: { low: 3.5, high: 5.1, origin: 'published', source: 'Tietz Clinical Guide to Laboratory Tests, 4th ed. (2006)' },
  flag: 'N',
  comment: null,
  extra: false,
  unitNotRecognised: false,
  previous: null,
  changed: false,
  trend: [],
  ...overrides,
});

const report = (observations: Observation[], overrides: Partial<Report> = {}): Report => ({
  booking: {
    id: '00000000-0000-4000-8000-000000000001',
    at: '2026-11-20T06:00:00.000Z',
    timeZone: 'Asia/Riyadh',
    test: { ar: 'الأملاح', en: 'Electrolytes' },
    lab: { ...lab, phone: '+966112345678' },
    patientName: null,
  },
  version: 1,
  status: 'final',
  releasedAt: '2026-11-20T12:00:00.000Z',
  amended: false,
  parts: [],
  note: null,
  interpretation: null,
  observations,
  ...overrides,
});

function show(value: Report, locale: 'ar' | 'en') {
  i18n.activate(locale);
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <ReportValues report={value} headingLevel={4} />
      </I18nProvider>
    </ChakraProvider>,
  );
}

describe("a patient's report", () => {
  it('tells of a critical value at the top with the lab’s number to call, without naming what it may mean', () => {
    show(report([observation({ number: 6.8, flag: 'HH' })]), 'en');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('One of your results needs urgent attention.');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('tel:+966112345678');
    expect(within(alert).getByRole('link').textContent).toBe('+966 11 234 5678');
    expect(screen.getByTestId('result-flag').textContent).toBe('Critically high');
    expect(screen.getByText('Discuss your results with your doctor.')).toBeTruthy();
  });

  it("lists a package visit's tests, ready (since when) or awaiting the lab, in both languages (issue #79)", () => {
    const parts: Report['parts'] = [
      {
        testId: 1,
        name: { ar: 'صورة الدم الكاملة', en: 'Complete Blood Count (CBC)' },
        reported: true,
        releasedAt: '2026-11-20T12:00:00.000Z',
      },
      { testId: 2, name: { ar: 'فيتامين د', en: 'Vitamin D (25-OH)' }, reported: false, releasedAt: null },
    ];
    show(report([observation({})], { parts }), 'en');
    const list = screen.getByTestId('report-parts');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Complete Blood Count (CBC)Ready on November 20, 2026', 'Vitamin D (25-OH)Awaiting the lab']);
    expect(list.textContent).toContain('you will be told when the rest are ready');
    cleanup();
    show(report([observation({})], { parts }), 'ar');
    expect(
      within(screen.getByTestId('report-parts'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['صورة الدم الكاملةجاهزة منذ 20 نوفمبر 2026', 'فيتامين دبانتظار المختبر']);
    cleanup();
    show(report([observation({})]), 'en');
    expect(screen.queryByTestId('report-parts')).toBeNull();
  });

  it('shows no urgent notice when nothing is critical', () => {
    show(report([observation({ number: 5.4, flag: 'H' })]), 'en');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('result-flag').textContent).toBe('High');
  });

  it('shows the value left to right inside Arabic, its range, and its flag in words', () => {
    show(report([observation({ number: 6.8, flag: 'HH' })]), 'ar');
    const value = screen.getByTestId('result-value');
    expect(value.textContent).toBe('6.8 mmol/L');
    expect(value.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('result-range').textContent).toBe('مدى مرجعي منشور: 3.5–5.1 mmol/L');
    expect(screen.getByTestId('result-range-source').textContent).toBe(
      'لم يرسل المختبر مدى مرجعيًا، فهذا المدى مأخوذ من Tietz Clinical Guide to Laboratory Tests, 4th ed. (2006).',
    );
    expect(screen.getByTestId('result-flag').textContent).toBe('مرتفع جدًا (حرج)');
    expect(screen.getByRole('alert').textContent).toContain('اتصل بمختبرك الآن');
  });

  it("says whose range it is: the lab's, or a published one with its source (issue #76 item 8)", () => {
    show(report([observation({ range: { low: 3.5, high: 5.1, origin: 'sent', source: null } })]), 'en');
    expect(screen.getByTestId('result-range').textContent).toBe("Lab's range: 3.5–5.1 mmol/L");
    expect(screen.queryByTestId('result-range-source')).toBeNull();
    cleanup();
    show(report([observation({})]), 'en');
    expect(screen.getByTestId('result-range').textContent).toBe('Published range: 3.5–5.1 mmol/L');
    expect(screen.getByTestId('result-range-source').textContent).toBe(
      'The lab sent no range, so this one is from Tietz Clinical Guide to Laboratory Tests, 4th ed. (2006).',
    );
  });

  it('shows a value without a range, saying there is none', () => {
    show(
      report([
        observation({ loinc: '2276-4', name: { ar: 'الفيريتين', en: 'Ferritin' }, number: 45, unit: 'ng/mL', range: null, flag: null }),
      ]),
      'ar',
    );
    expect(screen.getByTestId('result-value').textContent).toBe('45.0 ng/mL');
    expect(screen.getByTestId('result-range').textContent).toBe('لا يوجد مدى مرجعي');
    expect(screen.getByTestId('result-flag').textContent).toBe('لا يوجد مدى مرجعي');
  });

  it('marks a value whose unit was not recognised as shown as the lab sent it, not converted, in both languages (issue #76 item 1)', () => {
    const unconverted = observation({
      number: 7.2,
      unit: 'furlongs',
      range: { low: 4, high: 11, origin: 'sent', source: null },
      unitNotRecognised: true,
    });
    show(report([unconverted]), 'en');
    expect(screen.getByTestId('result-unit-not-recognised').textContent).toBe(
      'Unit not recognised — shown as the lab sent it, not converted',
    );
    expect(screen.getByTestId('result-value').textContent).toBe('7.2 furlongs');
    cleanup();
    show(report([unconverted]), 'ar');
    expect(screen.getByTestId('result-unit-not-recognised').textContent).toBe('وحدة غير معروفة — معروضة كما أرسلها المختبر، دون تحويل');
    cleanup();
    show(report([observation({})]), 'en');
    expect(screen.queryByTestId('result-unit-not-recognised')).toBeNull();
  });

  it('shows a Premium lab’s signed comment with its specialist’s name, licence number and the day signed', () => {
    const interpretation = {
      text: 'HbA1c 6.0 % lies in the prediabetes range.',
      specialist: { name: 'د. هدى القحطاني', licence: '14-R-002345' },
      signedAt: '2026-11-20T11:00:00.000Z',
    };
    show(report([observation({})], { interpretation }), 'ar');
    const block = screen.getByTestId('signed-comment');
    expect(block.textContent).toContain('HbA1c 6.0 % lies in the prediabetes range.');
    const signature = screen.getByTestId('signed-comment-signature');
    expect(signature.textContent).toContain('د. هدى القحطاني');
    expect(signature.querySelector('bdi[dir="ltr"]')?.textContent).toBe('14-R-002345');
  });

  it('keeps each value with its unit in one left-to-right run inside an Arabic comment (issue #77 item 12)', () => {
    const interpretation = {
      text: 'قيم خارج حدودها المرجعية: الصفائح الدموية 120 10³/µL (منخفضة).',
      specialist: { name: 'د. هدى القحطاني', licence: '14-R-002345' },
      signedAt: '2026-11-20T11:00:00.000Z',
    };
    show(report([observation({})], { interpretation }), 'ar');
    expect(screen.getByTestId('signed-comment').textContent).toContain('الصفائح الدموية \u2066120 10³/µL\u2069 (منخفضة).');
  });

  it('shows no comment block for a report without a signed comment', () => {
    show(report([observation({})]), 'en');
    expect(screen.queryByTestId('signed-comment')).toBeNull();
  });

  it('marks what an amendment changed, with the earlier value', () => {
    const { previous: _, changed: __, trend: ___, ...before } = observation({ number: 6.8, flag: 'HH' });
    show(report([observation({ number: 4.8, flag: 'N', changed: true, previous: before })], { amended: true, version: 2 }), 'en');
    expect(screen.getByText('Amended: the lab changed this report; changed values are marked.')).toBeTruthy();
    expect(screen.getByTestId('result-changed').textContent).toContain('was 6.8 mmol/L');
  });

  it('draws a trend with a table of the same values for a screen reader', () => {
    const trend = [
      { bookingId: 'earlier', at: '2026-03-01T06:00:00.000Z', value: 12, flag: 'LL' as const, lab },
      { bookingId: '00000000-0000-4000-8000-000000000001', at: '2026-11-20T06:00:00.000Z', value: 31, flag: 'N' as const, lab },
    ];
    show(
      report([
        observation({
          loinc: '1989-3',
          name: { ar: 'فيتامين د', en: 'Vitamin D' },
          number: 31,
          unit: 'ng/mL',
          decimals: 0,
          range: { low: 30, high: 100, origin: 'published', source: null },
          trend,
        }),
      ]),
      'en',
    );
    const table = within(screen.getByTestId('result-trend-table')).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Mar 1, 2026', '12 ng/mL', 'Critically low', 'Al Borg Lab'],
      ['Nov 20, 2026 · this report', '31 ng/mL', 'Normal', 'Al Borg Lab'],
    ]);
    expect(screen.getByTestId('result-trend-chart').getAttribute('aria-hidden')).toBe('true');
  });
});
