// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Finding, VisitAnalysis } from '../../src/client/features/results/analysis/analysis-types.ts';
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
    expect(screen.getByTestId('finding-grade').textContent).toBe('أعلى من مداه بقليل');
  });

  it('in English', () => {
    show(analysis('full', [kidney, value]), 'en');
    expect(screen.getByTestId('finding-stage').textContent).toBe('KDIGO category G3a A2');
    expect(screen.getByTestId('finding-grade').textContent).toBe('Slightly above its range');
  });
});
