import { type I18n, setupI18n } from '@lingui/core';
import { TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerPhoneErrors } from '../../src/client/features/auth/phone-errors.ts';
import { registerAlreadyBookedMessage } from '../../src/client/features/booking/already-booked-message.ts';
import { registerBookingPanelErrors } from '../../src/client/features/booking/booking-panel-errors.ts';
import { registerCheckoutCoverageErrors } from '../../src/client/features/booking/checkout-coverage-errors.ts';
import { registerSeriesErrors } from '../../src/client/features/booking/series-errors.ts';
import { registerDashboardErrors } from '../../src/client/features/dashboard/dashboard-errors.ts';
import { errorMessage, fieldError } from '../../src/client/lib/errors.ts';
import { type AppErrorCode, appErrorCodes } from '../../src/shared/errors.ts';

let ar: I18n;
let en: I18n;
// A dashboard page's catalogs: the main one and the dashboards' (where the codes only a dashboard meets are), the booking
// panel's with its repeat choice's, and the sign-in dialog's; and the checkout's insurance card's.
async function catalogs(locale: 'ar' | 'en') {
  return {
    ...(await import(`../../src/client/locales/${locale}/messages.po`)).messages,
    ...(await import(`../../src/client/locales/${locale}/dashboards.po`)).messages,
    ...(await import(`../../src/client/locales/${locale}/booking.po`)).messages,
    ...(await import(`../../src/client/locales/${locale}/series.po`)).messages,
    ...(await import(`../../src/client/locales/${locale}/auth.po`)).messages,
    ...(await import(`../../src/client/locales/${locale}/coverage.po`)).messages,
  };
}

beforeAll(async () => {
  registerDashboardErrors();
  registerAlreadyBookedMessage();
  registerBookingPanelErrors();
  registerSeriesErrors();
  registerPhoneErrors();
  registerCheckoutCoverageErrors();
  ar = setupI18n({ locale: 'ar', messages: { ar: await catalogs('ar') } });
  en = setupI18n({ locale: 'en', messages: { en: await catalogs('en') } });
});

function serverError(appCode: AppErrorCode, extra: Record<string, unknown> = {}) {
  return new TRPCClientError(appCode, {
    result: { error: { code: -32600, message: appCode, data: { appCode, ...extra } } } as never,
  });
}

describe('server error codes in the user language', () => {
  it('says "Invalid login credentials" for a failed sign-in, in both languages', () => {
    expect(errorMessage(en, serverError('INVALID_CREDENTIALS'))).toBe('Invalid login credentials');
    expect(errorMessage(ar, serverError('INVALID_CREDENTIALS'))).toBe('بيانات الدخول غير صحيحة');
  });

  it('gives every error code its own sentence', () => {
    const english = appErrorCodes.map((code) => errorMessage(en, serverError(code)));
    expect(new Set(english).size).toBe(appErrorCodes.length);
    for (const code of appErrorCodes) expect(errorMessage(ar, serverError(code))).toMatch(/[\u0600-\u06FF]/);
  });

  it('tells how long to wait when rate-limited, with Arabic plural forms', () => {
    const tenMinutes = serverError('RATE_LIMITED', { details: { retryAfterSeconds: 570 } });
    expect(errorMessage(en, tenMinutes)).toBe('Too many attempts. Please try again in 10 minutes.');
    expect(errorMessage(ar, tenMinutes)).toBe('محاولات كثيرة. يرجى المحاولة مجددًا بعد 10 دقائق.');
    const oneMinute = serverError('RATE_LIMITED', { details: { retryAfterSeconds: 30 } });
    expect(errorMessage(ar, oneMinute)).toBe('محاولات كثيرة. يرجى المحاولة مجددًا بعد دقيقة واحدة.');
    const twoMinutes = serverError('RATE_LIMITED', { details: { retryAfterSeconds: 100 } });
    expect(errorMessage(ar, twoMinutes)).toBe('محاولات كثيرة. يرجى المحاولة مجددًا بعد دقيقتين.');
  });

  it('names the test, the lab and the time a person already has, in their language and the lab time zone', () => {
    const seat = {
      labTestId: 7,
      bookingTime: '2030-01-06T06:00:00.000Z',
      testNameAr: 'صورة الدم الكاملة (CBC)',
      testNameEn: 'Complete Blood Count (CBC)',
      labNameAr: 'مختبر البرج',
      labNameEn: 'Al Borg Lab',
      timeZone: 'Asia/Riyadh',
    };
    // Names are someone else's text: isolated (U+2068 … U+2069) inside the sentence.
    const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
    const booked = serverError('ALREADY_BOOKED', { details: { ...seat, reason: 'booked' } });
    expect(errorMessage(en, booked)).toMatch(
      /^You already have this booking: \u2068Complete Blood Count \(CBC\)\u2069 at \u2068Al Borg Lab\u2069 on /,
    );
    expect(plain(errorMessage(en, booked))).toBe(
      'You already have this booking: Complete Blood Count (CBC) at Al Borg Lab on January 6, 2030 at 9:00 AM. You will find it in your dashboard.',
    );
    expect(plain(errorMessage(ar, booked))).toMatch(
      /^لديك هذا الحجز بالفعل: صورة الدم الكاملة \(CBC\) في مختبر البرج يوم .*2030.* الساعة 9:00\s?ص\. ستجده في لوحة التحكم\.$/,
    );
    const paying = serverError('ALREADY_BOOKED', { details: { ...seat, reason: 'paying' } });
    expect(plain(errorMessage(en, paying))).toMatch(
      /^A payment for Complete Blood Count \(CBC\) at Al Borg Lab on January 6, 2030 at 9:00 AM is already under way/,
    );
    expect(errorMessage(ar, paying)).toMatch(/^يجري بالفعل دفع حجز /);
    const twice = serverError('ALREADY_BOOKED', { details: { ...seat, reason: 'in_cart' } });
    expect(plain(errorMessage(en, twice))).toMatch(
      /^Your cart has Complete Blood Count \(CBC\) at Al Borg Lab on January 6, 2030 at 9:00 AM twice/,
    );
    expect(errorMessage(ar, twice)).toMatch(/^في سلتك .* مرتين للشخص نفسه\./);
    // Without the names, the general sentence.
    expect(errorMessage(ar, serverError('ALREADY_BOOKED', { details: { reason: 'booked' } }))).toBe(
      'لديك بالفعل حجز لهذا التحليل في هذا الموعد.',
    );
  });

  it('translates field errors from their keys', () => {
    const invalid = serverError('VALIDATION_FAILED', { fieldErrors: { acceptTerms: ['consent_required'], email: ['invalid_email'] } });
    expect(fieldError(en, invalid, 'acceptTerms')).toBe('You must agree to the Terms & Conditions and Privacy Policy.');
    expect(fieldError(ar, invalid, 'email')).toBe('أدخل بريدًا إلكترونيًا صحيحًا.');
    expect(fieldError(ar, invalid, 'name')).toBeUndefined();
  });

  it('says the server could not be reached when there was no answer at all', () => {
    expect(errorMessage(en, new TypeError('Failed to fetch'))).toBe('Could not reach the server. Check your connection and try again.');
  });
});
