import { latinDigits } from '../../../shared/digits.ts';
import { gregorianOfHijri, hijriOf } from '../../../shared/hijri.ts';

export type Sex = 'female' | 'male';
/** The calendar the date of birth is typed in: Gregorian, or Hijri (Umm al-Qura). */
export type BirthCalendar = 'gregory' | 'hijri';

/** The fields as typed: a date of birth as day, month and year of the chosen calendar. */
export interface PersonalDetailsDraft {
  sex: Sex | null;
  calendar: BirthCalendar;
  day: string;
  /** '1' to '12', or '' before one is chosen. */
  month: string;
  year: string;
}

/** The earliest date of birth the account takes (src/shared/family.ts). */
const EARLIEST = '1900-01-01';

/** The fields filled from what the account has, in the calendar asked for. */
export function draftFrom(
  saved: { sex: Sex | null; date_of_birth: string | null },
  calendar: BirthCalendar = 'gregory',
): PersonalDetailsDraft {
  return { sex: saved.sex, ...dateFields(saved.date_of_birth, calendar) };
}

function dateFields(gregorian: string | null, calendar: BirthCalendar): Pick<PersonalDetailsDraft, 'calendar' | 'day' | 'month' | 'year'> {
  if (!gregorian) return { calendar, day: '', month: '', year: '' };
  if (calendar === 'hijri') {
    const { year, month, day } = hijriOf(gregorian);
    return { calendar, day: String(day), month: String(month), year: String(year) };
  }
  const [year = '', month = '', day = ''] = gregorian.split('-');
  return { calendar, day: String(Number(day)), month: String(Number(month)), year };
}

/** Whether the draft's date is there, a real day, and one a date of birth can be (1900 to today). */
export type DateOfBirthCheck =
  | { kind: 'date'; gregorian: string }
  | { kind: 'missing' }
  | { kind: 'no-such-day' }
  | { kind: 'in-future' }
  | { kind: 'too-early' };

/** The date of birth the draft names, in the Gregorian calendar (YYYY-MM-DD), or why there is none. */
export function checkDateOfBirth(draft: PersonalDetailsDraft, today: string): DateOfBirthCheck {
  const [day, month, year] = [draft.day, draft.month, draft.year].map((field) => latinDigits(field).trim());
  if (!day || !month || !year) return { kind: 'missing' };
  if (![day, month, year].every((field) => /^\d+$/.test(field))) return { kind: 'no-such-day' };
  const parts = { year: Number(year), month: Number(month), day: Number(day) };
  const gregorian = draft.calendar === 'hijri' ? gregorianOfHijri(parts) : gregorianDay(parts);
  if (!gregorian) return { kind: 'no-such-day' };
  if (gregorian > today) return { kind: 'in-future' };
  if (gregorian < EARLIEST) return { kind: 'too-early' };
  return { kind: 'date', gregorian };
}

function gregorianDay({ year, month, day }: { year: number; month: number; day: number }): string | null {
  if (year < 1000 || year > 9999) return null;
  const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : null;
}

/** The same draft in the other calendar: a whole date is carried over, converted; a part-typed one starts again. */
export function inCalendar(draft: PersonalDetailsDraft, calendar: BirthCalendar, today: string): PersonalDetailsDraft {
  if (calendar === draft.calendar) return draft;
  const check = checkDateOfBirth(draft, today);
  return { sex: draft.sex, ...dateFields(check.kind === 'date' ? check.gregorian : null, calendar) };
}
