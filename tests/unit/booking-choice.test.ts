import { describe, expect, it } from 'vitest';
import { bookingChoiceLabel } from '../../src/client/features/results/booking-choice.ts';
import { formatDate, formatTime } from '../../src/client/lib/format.ts';
import { drawnWhole } from '../setup/bidi-order.ts';

// Issue #57: the lab's result form names a booking in an <option>, where no <bdi> can be. Laid out by the
// Unicode bidirectional algorithm (as a browser does) on an Arabic line, the date must read whole.

const booking = {
  patient_name: 'QA Customer One',
  booking_time: '2026-11-27T06:00:00.000Z',
  time_zone: 'Asia/Riyadh',
};
const when = new Date(booking.booking_time);
const date = formatDate(when, 'ar', booking.time_zone);

describe('the result form’s booking choice', () => {
  it('keeps the Arabic date whole beside a Latin patient name, whatever the test is called', () => {
    expect(date).toBe('27 نوفمبر 2026');
    for (const test_name_ar of ['صورة الدم الكاملة (CBC)', 'HbA1c', 'D-Dimer دي دايمر', 'فصيلة الدم وعامل Rh']) {
      const line = bookingChoiceLabel({ ...booking, test_name_ar, test_name_en: 'Any' }, 'ar');
      expect(line).toContain(date);
      expect(drawnWhole(line, date), `${test_name_ar}: ${line}`).toBe(true);
      expect(drawnWhole(line, booking.patient_name)).toBe(true);
    }
  });

  it('names the test, the patient and the time, in English too', () => {
    const line = bookingChoiceLabel({ ...booking, test_name_ar: 'فيتامين د', test_name_en: 'Vitamin D' }, 'en');
    const strip = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
    expect(strip(line)).toBe(
      `Vitamin D · QA Customer One · ${formatDate(when, 'en', booking.time_zone)} ${formatTime(when, 'en', booking.time_zone)}`,
    );
  });
});
