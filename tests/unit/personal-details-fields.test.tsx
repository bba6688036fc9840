// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkDateOfBirth, draftFrom, inCalendar } from '../../src/client/features/personal-details/personal-details-draft.ts';
import { PersonalDetailsFields, usePersonalDetailsForm } from '../../src/client/features/personal-details/personal-details-fields.tsx';
import { createAppSystem } from '../../src/client/theme.ts';

beforeAll(async () => {
  const ar = await Promise.all([import('../../src/client/locales/ar/messages.po'), import('../../src/client/locales/ar/booking.po')]);
  const en = await Promise.all([import('../../src/client/locales/en/messages.po'), import('../../src/client/locales/en/booking.po')]);
  i18n.load({
    ar: Object.assign({}, ...ar.map((module) => module.messages)),
    en: Object.assign({}, ...en.map((module) => module.messages)),
  });
});
afterEach(cleanup);

const system = createAppSystem();
const value = (field: HTMLElement) => (field as HTMLInputElement | HTMLSelectElement).value;
const TODAY = '2026-11-29';

/** The fields as the settings and the booking panel use them, with a button that checks them as Save does. */
function Form({ saved }: { saved: { sex: 'female' | 'male' | null; date_of_birth: string | null } }) {
  const form = usePersonalDetailsForm(saved, () => undefined);
  return (
    <>
      <PersonalDetailsFields {...form.fields} />
      <button type="button" onClick={form.submit}>
        check
      </button>
    </>
  );
}

function show(
  locale: 'ar' | 'en',
  saved: { sex: 'female' | 'male' | null; date_of_birth: string | null } = { sex: null, date_of_birth: null },
) {
  i18n.activate(locale);
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <Form saved={saved} />
        </QueryClientProvider>
      </I18nProvider>
    </ChakraProvider>,
  );
  const fields = screen.getByTestId('personal-details-fields');
  return {
    fields,
    type: (label: string, value: string) => fireEvent.change(within(fields).getByLabelText(label), { target: { value } }),
    both: () => within(fields).queryByTestId('date-of-birth-both')?.textContent ?? null,
  };
}

describe('the date of birth, typed', () => {
  it('in the Hijri calendar becomes its Gregorian day, and one the month lacks is no day at all', () => {
    const hijri = { sex: 'male' as const, calendar: 'hijri' as const };
    expect(checkDateOfBirth({ ...hijri, day: '1', month: '9', year: '1447' }, TODAY)).toEqual({ kind: 'date', gregorian: '2026-02-18' });
    // Sha'ban 1447 has 29 days.
    expect(checkDateOfBirth({ ...hijri, day: '30', month: '8', year: '1447' }, TODAY)).toEqual({ kind: 'no-such-day' });
  });

  it('in Arabic-Indic digits reads as the same numbers', () => {
    const draft = { sex: null, calendar: 'gregory' as const, day: '١٥', month: '5', year: '١٩٩٠' };
    expect(checkDateOfBirth(draft, TODAY)).toEqual({ kind: 'date', gregorian: '1990-05-15' });
  });

  it('is refused when part of it is missing, it is not a day, it lies ahead, or it is before 1900', () => {
    const gregory = { sex: null, calendar: 'gregory' as const };
    expect(checkDateOfBirth({ ...gregory, day: '', month: '5', year: '1990' }, TODAY).kind).toBe('missing');
    expect(checkDateOfBirth({ ...gregory, day: '31', month: '4', year: '1990' }, TODAY).kind).toBe('no-such-day');
    expect(checkDateOfBirth({ ...gregory, day: '30', month: '11', year: '2026' }, TODAY).kind).toBe('in-future');
    expect(checkDateOfBirth({ ...gregory, day: '31', month: '12', year: '1899' }, TODAY).kind).toBe('too-early');
  });

  it('carries a whole date over when the calendar changes, and starts again from a part-typed one', () => {
    const saved = draftFrom({ sex: 'female', date_of_birth: '2024-07-07' });
    expect(saved).toEqual({ sex: 'female', calendar: 'gregory', day: '7', month: '7', year: '2024' });
    expect(inCalendar(saved, 'hijri', TODAY)).toEqual({ sex: 'female', calendar: 'hijri', day: '1', month: '1', year: '1446' });
    expect(inCalendar({ ...saved, day: '' }, 'hijri', TODAY)).toEqual({ sex: 'female', calendar: 'hijri', day: '', month: '', year: '' });
  });
});

describe('the fields for sex and date of birth', () => {
  it('take a Hijri date in Arabic, with Arabic-Indic digits and month names, and show it in both calendars', () => {
    const { fields, type, both } = show('ar');
    fireEvent.click(within(fields).getByRole('radio', { name: 'ذكر' }));
    expect(within(fields).getByRole('radio', { name: 'ذكر' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(fields).getByRole('radio', { name: 'هجري' }));
    type('يوم', '١');
    const month = within(fields).getByLabelText('شهر');
    expect(
      within(month)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('رمضان');
    fireEvent.change(month, { target: { value: '9' } });
    type('سنة', '١٤٤٧');
    expect(value(within(fields).getByLabelText('سنة'))).toBe('1447');
    expect(both()).toBe('18 فبراير 2026 · 1 رمضان 1447 هـ');
  });

  it('name the Hijri months in English for an English reader, and the date in both calendars', () => {
    const { fields, type, both } = show('en');
    fireEvent.click(within(fields).getByRole('radio', { name: 'Hijri' }));
    const month = within(fields).getByLabelText('Month');
    expect(
      within(month)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('Muharram');
    type('Day', '1');
    fireEvent.change(month, { target: { value: '1' } });
    type('Year', '1446');
    expect(both()).toBe('July 7, 2024 · Muharram 1, 1446 AH');
  });

  it('show a saved date as typed in Gregorian, and the same day once switched to Hijri', () => {
    const { fields, both } = show('en', { sex: 'female', date_of_birth: '1990-05-15' });
    expect(within(fields).getByRole('radio', { name: 'Female' }).getAttribute('aria-checked')).toBe('true');
    expect(value(within(fields).getByLabelText('Day'))).toBe('15');
    expect(value(within(fields).getByLabelText('Year'))).toBe('1990');
    fireEvent.click(within(fields).getByRole('radio', { name: 'Hijri' }));
    expect(value(within(fields).getByLabelText('Day'))).toBe('20');
    expect(value(within(fields).getByLabelText('Month'))).toBe('10');
    expect(value(within(fields).getByLabelText('Year'))).toBe('1410');
    expect(both()).toBe('May 15, 1990 · Shawwal 20, 1410 AH');
  });

  it('say what is wrong once checked: no sex chosen, and a day the Hijri month does not have', () => {
    const { fields, type, both } = show('en');
    fireEvent.click(within(fields).getByRole('radio', { name: 'Hijri' }));
    type('Day', '30');
    fireEvent.change(within(fields).getByLabelText('Month'), { target: { value: '8' } });
    type('Year', '1447');
    expect(both()).toBeNull();
    expect(within(fields).queryByText('There is no such day in this month.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'check' }));
    expect(within(fields).getByText('There is no such day in this month.')).toBeTruthy();
    expect(within(fields).getByText('This field is required.')).toBeTruthy();
  });
});
