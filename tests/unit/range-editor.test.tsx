// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerDashboardErrors } from '../../src/client/features/dashboard/dashboard-errors.ts';
import {
  type EditableRange,
  RangeBounds,
  RangeDialog,
  type RangeFormValues,
  RangePopulation,
} from '../../src/client/features/results/range-editor.tsx';
import { createAppSystem } from '../../src/client/theme.ts';

// The range editor the admin's analytes and the lab's own intervals share: what a range reads as, in
// both languages and left to right, and what the form refuses before and after the server sees it.

beforeAll(async () => {
  // The range dialog is a dashboard's: its field problems are the dashboards' sentences.
  registerDashboardErrors();
  const ar = await Promise.all([import('../../src/client/locales/ar/messages.po'), import('../../src/client/locales/ar/dashboards.po')]);
  const en = await Promise.all([import('../../src/client/locales/en/messages.po'), import('../../src/client/locales/en/dashboards.po')]);
  i18n.load({
    ar: Object.assign({}, ...ar.map((module) => module.messages)),
    en: Object.assign({}, ...en.map((module) => module.messages)),
  });
});
afterEach(cleanup);

const system = createAppSystem();

function show(node: ReactNode, locale: 'ar' | 'en') {
  i18n.activate(locale);
  document.documentElement.lang = locale;
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>{node}</I18nProvider>
    </ChakraProvider>,
  );
}

const range: EditableRange = {
  id: 7,
  sex: 'female',
  ageLow: 18,
  ageHigh: 50,
  ageUnit: 'a',
  conditionEn: null,
  conditionAr: null,
  low: 3.5,
  high: 5.1,
  unit: 'mmol/L',
};

/** The text a reader sees, without the invisible marks that keep numbers left to right. */
const seen = (element: Element) => element.textContent?.replace(/[\u2066-\u2069]/g, '') ?? '';

describe('a range as the screens show it', () => {
  it('says whom it is for and its bounds in English', () => {
    show(
      <p data-testid="line">
        <RangePopulation range={range} />: <RangeBounds range={range} />
      </p>,
      'en',
    );
    expect(seen(screen.getByTestId('line'))).toBe('Females, aged 18–50 years: 3.5–5.1 mmol/L');
  });

  it('says it in Arabic with the numbers and the unit kept left to right', () => {
    show(
      <p data-testid="line">
        <RangePopulation range={{ ...range, ageHigh: null, high: null, sex: 'any' }} />: <RangeBounds range={{ ...range, high: null }} />
      </p>,
      'ar',
    );
    expect(seen(screen.getByTestId('line'))).toBe('كلا الجنسين، بعمر 18 سنة فأكثر: ≥ 3.5 mmol/L');
    expect(screen.getByTestId('line').querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
  });
});

describe('the range dialog', () => {
  function openDialog(locale: 'ar' | 'en', error: unknown = null) {
    const onSave = vi.fn<(values: RangeFormValues & { analyteId: number }) => void>();
    show(
      <RangeDialog
        editing="new"
        title="Potassium"
        analyteId={3}
        analyteUnit="mmol/L"
        withSource
        saving={false}
        error={error}
        onSave={onSave}
        onClose={() => {}}
      />,
      locale,
    );
    return onSave;
  }
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

  it('refuses bounds out of order typed in Arabic-Indic digits, and a missing source, at their fields', async () => {
    const onSave = openDialog('ar');
    type('الحدّ الأدنى', '٥٫١');
    type('الحدّ الأعلى', '٣٫٥');
    fireEvent.click(await screen.findByRole('button', { name: 'احفظ المدى' }));
    expect(await screen.findByText('يجب أن يكون الحدّ الأعلى أكبر من الحدّ الأدنى.')).toBeTruthy();
    expect(screen.getByText('هذا الحقل مطلوب.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends what was typed once it is whole, a comma or Arabic digits read as the number they are', async () => {
    const onSave = openDialog('en');
    type('Low end', '3,5');
    type('High end', '٥٫١');
    type('Published source', 'Tietz, 4th ed.');
    fireEvent.click(await screen.findByRole('button', { name: 'Save the range' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ analyteId: 3, low: '3.5', high: '5.1', unit: 'mmol/L', source: 'Tietz, 4th ed.' }),
    );
  });

  it('shows the server’s refusal of a unit UCUM cannot convert at the unit field', async () => {
    const refusal = new TRPCClientError('VALIDATION_FAILED', {
      result: {
        error: {
          code: -32600,
          message: 'VALIDATION_FAILED',
          data: { appCode: 'VALIDATION_FAILED', details: { fields: ['unit'], reason: 'unit_not_convertible', analyteUnit: 'mmol/L' } },
        },
      },
    });
    openDialog('en', refusal);
    expect(await screen.findByText('This unit cannot be converted to mmol/L. Use a unit of the same kind.')).toBeTruthy();
  });
});
