// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Finding, Retest, VisitAnalysis } from '../../src/client/features/results/analysis/analysis-types.ts';
import { RetestCard } from '../../src/client/features/results/analysis/retest-card.tsx';
import { VisitAnalysisView } from '../../src/client/features/results/analysis/visit-analysis-view.tsx';
import { createAppSystem } from '../../src/client/theme.ts';

// Issue #76 items 5–7 on the screen: a critical value first with its own look and the numbers to
// call, on a plan without the analysis too; a kidney finding's KDIGO category kept left to right in
// Arabic; how far a value is outside its range, in words.

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
const both = (en: string, ar: string) => ({ en, ar });
const source = { id: 'kdigo2024', name: 'KDIGO 2024 Clinical Practice Guideline', year: 2024 };

const critical = {
  kind: 'critical',
  id: '2823-3',
  severity: 'urgent',
  now: both('This value is past the limit at which a laboratory must tell the patient at once.', 'هذه القيمة تجاوزت الحدّ الحرج.'),
  steps: [
    both('Your lab is required to call you.', 'يلتزم مختبرك بالاتصال بك.'),
    both('Contact your doctor today.', 'تواصل مع طبيبك اليوم.'),
  ],
  emergency: [
    { number: '997', name: both('Saudi Red Crescent (ambulance)', 'هيئة الهلال الأحمر السعودي (الإسعاف)') },
    { number: '911', name: both('Unified emergency number', 'رقم الطوارئ الموحد') },
  ],
  value: {
    loinc: '2823-3',
    name: both('Potassium', 'البوتاسيوم'),
    number: 6.9,
    comparator: null,
    unit: 'mmol/L',
    flag: 'HH',
    calculated: false,
  },
  measures: null,
  means: both('A high potassium can be a sign of reduced kidney function.', 'قد يكون ارتفاع البوتاسيوم علامة على تراجع وظائف الكلى.'),
  causes: [],
  seeDoctor: null,
  sources: [{ id: 'clsiGp47', name: 'CLSI GP47', year: 2015 }],
} as unknown as Finding;

const kidney = {
  kind: 'pattern',
  id: 'egfr-g3a',
  version: 1,
  severity: 'discuss',
  stage: { gfr: 'G3a', albuminuria: 'A2' },
  title: both('Kidney filtration (eGFR) in the range KDIGO calls G3a', 'معدل ترشيح الكلى المقدّر (eGFR) في النطاق الذي تسمّيه KDIGO فئة G3a'),
  explanation: both('Your eGFR is in the range KDIGO calls G3a.', 'معدل الترشيح في الفئة G3a.'),
  sources: [source],
  values: [
    { loinc: '98979-8', name: both('eGFR', 'eGFR'), number: 50, comparator: null, unit: 'mL/min/{1.73_m2}', flag: 'L', calculated: false },
  ],
} as unknown as Finding;

const value = {
  kind: 'value',
  id: '2823-3',
  severity: 'discuss',
  grade: 'slightlyAbove',
  value: {
    loinc: '2823-3',
    name: both('Potassium', 'البوتاسيوم'),
    number: 5.4,
    comparator: null,
    unit: 'mmol/L',
    flag: 'H',
    calculated: false,
  },
  measures: null,
  means: null,
  causes: [],
  seeDoctor: null,
  rangeNote: null,
  sources: [],
} as unknown as Finding;

const analysis = (access: 'full' | 'preview', findings: Finding[], count = findings.length) =>
  ({
    access,
    count,
    person: { name: 'Sara', basis: { sex: 'profile', age: 'profile' } },
    familyMemberId: null,
    visit: { bookingId: '00000000-0000-4000-8000-000000000001', at: '2026-11-20T06:00:00.000Z', reports: [] },
    findings,
    trends: [],
    nextSteps: [],
    retests: [],
    calculated: [],
  }) as unknown as VisitAnalysis;

function show(value: VisitAnalysis, locale: 'ar' | 'en') {
  i18n.activate(locale);
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <VisitAnalysisView analysis={value} upgrade={<p>upgrade</p>} headingLevel={3} />
      </I18nProvider>
    </ChakraProvider>,
  );
}

describe('a critical finding', () => {
  it('on a plan without the analysis, comes first in full, with the numbers to call, before the one example', () => {
    show(analysis('preview', [critical, kidney], 4), 'en');
    const cards = screen.getAllByTestId('analysis-finding');
    expect(cards.map((card) => card.dataset.kind)).toEqual(['critical', 'pattern']);
    const [first] = cards;
    expect(first!.getAttribute('role')).toBe('alert');
    expect(within(first!).getByTestId('finding-severity').textContent).toBe('Act today');
    expect(
      within(first!)
        .getAllByTestId('critical-emergency')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['tel:997', 'tel:911']);
    expect(within(first!).getByTestId('critical-steps').textContent).toContain('Contact your doctor today.');
    expect(screen.getByTestId('analysis-count').textContent).toBe(
      'Besides the critical values above, the rules found 3 more things worth knowing in this visit. Here is one of them:',
    );
  });

  it('reads in Arabic, its number left to right', () => {
    show(analysis('full', [critical, kidney]), 'ar');
    const [first] = screen.getAllByTestId('analysis-finding');
    expect(within(first!).getByTestId('finding-severity').textContent).toBe('تصرّف اليوم');
    expect(within(first!).getAllByTestId('critical-emergency')[0]!.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(first!.textContent).toContain('تواصل مع طبيبك اليوم.');
  });
});

describe('a kidney finding and a graded value', () => {
  it('name the KDIGO category left to right inside Arabic, and how far the value is outside its range', () => {
    show(analysis('full', [kidney, value]), 'ar');
    const stage = screen.getByTestId('finding-stage');
    expect(stage.dataset.stage).toBe('G3a A2');
    expect(stage.textContent).toBe('فئة KDIGO G3a A2');
    expect(stage.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('finding-grade').textContent).toBe('أعلى من المدى المرجعي بقليل');
  });

  it('in English', () => {
    show(analysis('full', [kidney, value]), 'en');
    expect(screen.getByTestId('finding-stage').textContent).toBe('KDIGO category G3a A2');
    expect(screen.getByTestId('finding-grade').textContent).toBe('Slightly above its range');
  });
});

// Issue #77 item 10: the analysis speaks to patients. No rule id on their screen; lists joined as the
// reader's language joins them; a sentence about a value agrees with its name, in Arabic its gender
// (a plural of things takes the feminine) and in English its number.

const report = (en: string, ar: string) => ({
  bookingId: `00000000-0000-4000-8000-00000000000${en.length % 9}`,
  at: '2026-11-20T06:00:00.000Z',
  test: both(en, ar),
  lab: both('Al Borg Lab', 'مختبر البرج'),
});

const trend = (loinc: string, name: { en: string; ar: string }, grammar: { ar: string; en: string }, change: object) => ({
  loinc,
  name,
  grammar,
  unit: 'mg/dL',
  rcv: 25.9,
  sources: [{ id: 'fraserRcv2011', name: 'Fraser CG. Clin Chem Lab Med 2011', year: 2011 }],
  ...change,
});

const triglycerides = trend(
  '2571-8',
  both('Triglycerides', 'الدهون الثلاثية'),
  { ar: 'feminine', en: 'plural' },
  {
    direction: 'steady',
    percent: -6,
    from: { at: '2026-07-29T06:00:00.000Z', value: 160 },
    to: { at: '2026-11-20T06:00:00.000Z', value: 150 },
  },
);
const ldl = trend(
  '13457-7',
  both('LDL cholesterol', 'الكوليسترول الضار'),
  { ar: 'masculine', en: 'singular' },
  {
    direction: 'rose',
    percent: 32,
    from: { at: '2026-07-29T06:00:00.000Z', value: 118 },
    to: { at: '2026-11-20T06:00:00.000Z', value: 156 },
  },
);
const trigRose = { ...triglycerides, direction: 'rose', percent: 40, to: { at: '2026-11-20T06:00:00.000Z', value: 224 } };

const withVisit = (overrides: object) => ({ ...analysis('full', []), ...overrides }) as unknown as VisitAnalysis;
const trendText = (loinc: string) =>
  screen
    .getAllByTestId('analysis-trend')
    .find((item) => item.dataset.loinc === loinc)!
    .textContent!.replace(/[\u2066-\u2069]/g, '');

describe('the analysis on a patient’s screen (issue #77 item 10)', () => {
  it('names no internal rule id beside a pattern’s sources, in either language', () => {
    for (const locale of ['en', 'ar'] as const) {
      show(analysis('full', [kidney]), locale);
      const card = screen.getByTestId('analysis-finding');
      expect(card.textContent).toContain('KDIGO 2024 Clinical Practice Guideline');
      expect(card.textContent).not.toContain('egfr-g3a');
      cleanup();
    }
  });

  it('lists the visit’s tests with English commas in English and Arabic ones in Arabic', () => {
    const visit = {
      bookingId: '00000000-0000-4000-8000-000000000001',
      at: '2026-11-20T06:00:00.000Z',
      reports: [report('Lipid Profile', 'دهون الدم'), report('Ferritin', 'الفيريتين'), report('Vitamin B12', 'فيتامين ب12')],
    };
    show(withVisit({ visit }), 'en');
    expect(screen.getByTestId('visit-analysis').textContent).toContain(
      'From your visit of November 20, 2026: Lipid Profile, Ferritin, and Vitamin B12',
    );
    expect(screen.getByTestId('visit-analysis').textContent).not.toContain('،');
    cleanup();
    show(withVisit({ visit }), 'ar');
    expect(screen.getByTestId('visit-analysis').textContent?.replace(/[\u2066-\u2069]/g, '')).toContain(
      'دهون الدم والفيريتين وفيتامين ب12',
    );
  });

  it('says a plural name’s change in the plural in English, and in the feminine in Arabic', () => {
    show(withVisit({ trends: [triglycerides, ldl] }), 'en');
    expect(trendText('2571-8')).toMatch(/^Your triglycerides have been steady since July 29, 2026 /);
    expect(trendText('13457-7')).toMatch(/^Your LDL cholesterol rose 32% since July 29, 2026 /);
    cleanup();
    show(withVisit({ trends: [triglycerides, ldl] }), 'ar');
    expect(trendText('2571-8')).toMatch(/^بقيت الدهون الثلاثية لديك مستقرة منذ /);
    expect(trendText('13457-7')).toMatch(/^ارتفع الكوليسترول الضار لديك بنسبة 32٪ منذ /);
    cleanup();
    show(withVisit({ trends: [trigRose] }), 'ar');
    expect(trendText('2571-8')).toMatch(/^ارتفعت الدهون الثلاثية لديك بنسبة 40٪ منذ /);
  });

  it('writes a percentage as Intl writes it for the language: 32% in English, 32٪ in Arabic, never a Latin sign in Arabic', () => {
    show(withVisit({ trends: [ldl] }), 'ar');
    expect(trendText('13457-7')).not.toContain('%');
    expect(trendText('13457-7')).toContain('25.9٪');
  });
});

// Issue #77 item 11: a retest the person has already booked is not suggested again.

const hba1cRetest = {
  ruleId: 'hba1c-prediabetes',
  loinc: '4548-4',
  months: 3,
  dueOn: '2027-02-20',
  test: { id: 12, name: both('Glycated Hemoglobin (HbA1c)', 'السكر التراكمي (HbA1c)'), nameEn: 'Glycated Hemoglobin (HbA1c)' },
  booked: null,
};
const bookedVisit = {
  bookingId: '00000000-0000-4000-8000-000000000009',
  at: '2027-02-21T06:30:00.000Z',
  lab: both('Al Borg Lab', 'مختبر البرج'),
  test: both('Glycated Hemoglobin (HbA1c)', 'السكر التراكمي (HbA1c)'),
};

function showRetest(retest: object, locale: 'ar' | 'en') {
  i18n.activate(locale);
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18n}>
          <RetestCard retest={retest as unknown as Retest} bookingId="00000000-0000-4000-8000-000000000001" accepted={false} />
        </I18nProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('a suggested retest (issue #77 item 11)', () => {
  it('not yet booked, offers a reminder for about three months on', () => {
    showRetest(hba1cRetest, 'en');
    expect(screen.getByTestId('analysis-retest').textContent).toContain(
      'Repeat Glycated Hemoglobin (HbA1c) around February 20, 2027, about 3 months after this sample.',
    );
    expect(screen.getByTestId('retest-accept').textContent).toBe('Remind me');
    cleanup();
    showRetest({ ...hba1cRetest, months: 12 }, 'ar');
    expect(screen.getByTestId('analysis-retest').textContent?.replace(/[\u2066-\u2069]/g, '')).toContain(
      'أعد فحص السكر التراكمي (HbA1c) نحو 20 فبراير 2027، أي بعد قرابة 12 شهرًا من هذه العيّنة.',
    );
  });

  it('already booked, names the booked visit’s lab and date instead of offering a reminder', () => {
    showRetest({ ...hba1cRetest, booked: bookedVisit }, 'en');
    const card = screen.getByTestId('analysis-retest');
    expect(screen.queryByTestId('retest-accept')).toBeNull();
    expect(
      within(card)
        .getByTestId('retest-booked')
        .textContent?.replace(/[\u2066-\u2069]/g, ''),
    ).toBe('Booked: Glycated Hemoglobin (HbA1c) at Al Borg Lab on February 21, 2027.');
    cleanup();
    showRetest({ ...hba1cRetest, booked: bookedVisit }, 'ar');
    expect(screen.queryByTestId('retest-accept')).toBeNull();
    expect(screen.getByTestId('retest-booked').textContent?.replace(/[\u2066-\u2069]/g, '')).toBe(
      'محجوز: السكر التراكمي (HbA1c) في مختبر البرج يوم 21 فبراير 2027.',
    );
  });
});
