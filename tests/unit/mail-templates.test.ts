import { describe, expect, it } from 'vitest';
import { bookingCalendarEvent } from '../../src/server/modules/mail/calendar.ts';
import { type BookingMailData, type MailMessage, mailCategory, renderMail } from '../../src/server/modules/mail/templates.tsx';
import { LOCALES, type Locale } from '../../src/shared/locale.ts';

// A trailing slash on purpose: the templates normalise it.
const context = { publicUrl: 'https://tahaleel.sa/' };
const SITE = 'https://tahaleel.sa';
const SCRIPT = '<script>alert(1)</script>';

const booking: BookingMailData = {
  name: 'Sarah Al-Qahtani',
  bookingReference: 'TH-3F2A9C',
  labName: { ar: 'مختبرات البرج', en: 'Al Borg Labs' },
  labAddress: { ar: 'طريق الملك فهد، حي العليا، الرياض', en: 'King Fahd Road, Al Olaya, Riyadh' },
  labPhone: '+966 11 234 5678',
  startsAt: '2026-12-01T06:30:00.000Z',
  minutes: 30,
  timeZone: 'Asia/Riyadh',
  link: 'https://tahaleel.sa/dashboard?section=bookings&booking=TH-3F2A9C',
};

/** One message per template; the type makes a new template fail here until it has an example. */
const examples: { [T in MailMessage['template']]: Extract<MailMessage, { template: T }> } = {
  'verify-email': { template: 'verify-email', data: { name: 'سارة', link: 'https://tahaleel.sa/verify-email?token=abc&next=%2Fcheckout' } },
  'reset-password': { template: 'reset-password', data: { name: 'Sarah', link: 'https://tahaleel.sa/reset-password?token=r3s3t' } },
  'password-changed': { template: 'password-changed', data: { name: 'Sarah' } },
  'two-factor-reset': { template: 'two-factor-reset', data: { name: 'Sarah' } },
  'sign-in-method-changed': { template: 'sign-in-method-changed', data: { name: 'سارة', change: 'passkey_added', passkeyName: 'هاتفي' } },
  'sign-in-methods-removed': {
    template: 'sign-in-methods-removed',
    data: { name: 'Sarah', passkeyNames: ['هاتفي', 'Work laptop'], twoFactor: true },
  },
  'email-changed': { template: 'email-changed', data: { name: 'Sarah', newEmail: 'sarah.new@example.com' } },
  'address-in-use': { template: 'address-in-use', data: { name: 'سارة' } },
  'booking-confirmed': { template: 'booking-confirmed', data: booking },
  'booking-cancelled': { template: 'booking-cancelled', data: booking },
  'booking-rescheduled': { template: 'booking-rescheduled', data: { ...booking, sequence: 1 } },
  'booking-reminder': { template: 'booking-reminder', data: booking },
  'payment-refunded': {
    template: 'payment-refunded',
    data: { name: 'Sarah', amount: 149.5, reason: 'seat_lost', link: 'https://tahaleel.sa/checkout' },
  },
  'checkout-interrupted': { template: 'checkout-interrupted', data: { name: 'سارة', link: 'https://tahaleel.sa/checkout' } },
  'results-ready': {
    template: 'results-ready',
    data: { name: 'Sarah', link: 'https://tahaleel.sa/dashboard?section=results&booking=TH-3F2A9C' },
  },
  'results-amended': {
    template: 'results-amended',
    data: { name: 'Sarah', link: 'https://tahaleel.sa/dashboard?section=results&report=TH-3F2A9C' },
  },
  'critical-value-received': {
    template: 'critical-value-received',
    data: { name: 'Al Borg Olaya', reference: 'TH-7K3M-9QX2', link: 'https://tahaleel.sa/dashboard?section=bookings&q=TH-7K3M-9QX2' },
  },
  'interpretation-to-sign': {
    template: 'interpretation-to-sign',
    data: {
      name: 'مختبرات البرج - العليا',
      reference: 'TH-7K3M-9QX2',
      link: 'https://tahaleel.sa/dashboard?section=bookings&q=TH-7K3M-9QX2',
    },
  },
  'result-opened-by-staff': {
    template: 'result-opened-by-staff',
    // 09:05 UTC is 12:05 in Riyadh.
    data: {
      name: 'Sarah',
      openedAt: '2026-12-01T09:05:00.000Z',
      reason: 'Support request #4512: the patient could not open the file',
      link: 'https://tahaleel.sa/dashboard?section=results',
    },
  },
  'result-share-locked': {
    template: 'result-share-locked',
    // 21:30 UTC on 30 November is 00:30 on 1 December in Riyadh.
    data: {
      name: 'Sarah',
      sharedAt: '2026-11-28T06:00:00.000Z',
      lockedAt: '2026-11-30T21:30:00.000Z',
      results: 2,
      link: 'https://tahaleel.sa/dashboard?section=results',
    },
  },
  'insurance-claim-rejected': {
    template: 'insurance-claim-rejected',
    data: {
      name: 'Sarah',
      testName: { ar: 'فيتامين د', en: 'Vitamin D' },
      labName: booking.labName,
      memberName: null,
      bookingReference: 'TH-3F2A9C',
      link: 'https://tahaleel.sa/dashboard?section=bookings',
    },
  },
  'retest-reminder': {
    template: 'retest-reminder',
    data: {
      name: 'Sarah',
      testName: { ar: 'الهيموغلوبين السكري (HbA1c)', en: 'Glycated Hemoglobin (HbA1c)' },
      memberName: null,
      bookLink: 'https://tahaleel.sa/test/Glycated%20Hemoglobin%20(HbA1c)',
      remindersLink: 'https://tahaleel.sa/dashboard?section=ai-analysis',
    },
  },
  'waitlist-offer': {
    template: 'waitlist-offer',
    data: {
      name: 'سارة',
      labName: booking.labName,
      startsAt: '2026-12-01T06:30:00.000Z',
      slotMinutes: 30,
      timeZone: 'Asia/Riyadh',
      heldUntil: '2026-11-30T10:15:00.000Z',
      link: 'https://tahaleel.sa/dashboard?section=bookings',
    },
  },
  'series-visit-due': {
    template: 'series-visit-due',
    data: {
      name: 'سارة',
      labName: booking.labName,
      startsAt: '2027-04-15T05:00:00.000Z',
      slotMinutes: 30,
      timeZone: 'Asia/Riyadh',
      visit: 2,
      visits: 4,
      payBy: '2027-04-13T05:00:00.000Z',
      link: 'https://tahaleel.sa/dashboard?section=bookings',
    },
  },
  'lab-approved': { template: 'lab-approved', data: { name: 'Al Borg Labs', link: 'https://tahaleel.sa/dashboard?section=lab' } },
  'lab-rejected': { template: 'lab-rejected', data: { name: 'Al Borg Labs' } },
  'test-request-decided': {
    template: 'test-request-decided',
    data: {
      name: 'Al Borg Labs',
      testName: { ar: 'فيتامين د (25-OH)', en: 'Vitamin D (25-OH)' },
      decision: 'approved',
      link: 'https://tahaleel.sa/dashboard?section=test-requests',
    },
  },
  'package-decided': {
    template: 'package-decided',
    data: {
      name: 'Al Borg Labs',
      packageName: { ar: 'باقة صحة المرأة', en: "Women's Health Package" },
      decision: 'rejected',
      note: 'Name the vitamin D test as the catalogue does',
      link: 'https://tahaleel.sa/dashboard?section=packages',
    },
  },
  'wallet-credited': {
    template: 'wallet-credited',
    data: {
      name: 'Sarah',
      amount: 25,
      reason: 'referral_referrer',
      expiresAt: '2027-02-28T12:00:00.000Z',
      link: 'https://tahaleel.sa/dashboard?section=wallet',
    },
  },
  'guarantee-credited': {
    template: 'guarantee-credited',
    data: {
      name: 'Sarah',
      amount: 20,
      kind: 'late_results',
      lateMinutes: 95,
      expiresAt: '2027-02-28T12:00:00.000Z',
      link: 'https://tahaleel.sa/dashboard?section=wallet',
    },
  },
  'store-order-confirmed': {
    template: 'store-order-confirmed',
    data: { name: 'Sarah', orderReference: 'ST-7K2P', total: 149.5, itemCount: 3, link: 'https://tahaleel.sa/store/checkout/ord_123' },
  },
  'store-payment-refunded': {
    template: 'store-payment-refunded',
    data: { name: 'Sarah', orderReference: 'ST-7K2P', amount: 149.5, reason: 'stock_lost', link: 'https://tahaleel.sa/store' },
  },
  'plan-renewal-failed': {
    template: 'plan-renewal-failed',
    data: {
      name: 'Sarah',
      plan: 'professional',
      amount: 499,
      graceUntil: '2026-12-31T09:00:00.000Z',
      link: 'https://tahaleel.sa/dashboard?section=payments',
    },
  },
  'plan-ending-unpaid': {
    template: 'plan-ending-unpaid',
    data: { name: 'سارة', plan: 'premium', graceUntil: '2026-12-31T09:00:00.000Z', link: 'https://tahaleel.sa/pricing' },
  },
  'plan-card-changed': {
    template: 'plan-card-changed',
    data: { name: 'Sarah', plan: 'professional', brand: 'mada', lastFour: '1010', link: 'https://tahaleel.sa/dashboard?section=payments' },
  },
  'plan-payment-refunded': {
    template: 'plan-payment-refunded',
    data: { name: 'سارة', plan: 'premium', amount: 99, reason: 'duplicate', link: 'https://tahaleel.sa/pricing' },
  },
  'newsletter-confirm': {
    template: 'newsletter-confirm',
    data: {
      confirmLink: 'https://tahaleel.sa/newsletter/confirm?token=c0nf&lang=ar',
      unsubscribeLink: 'https://tahaleel.sa/newsletter/unsubscribe?token=uns&lang=ar',
    },
  },
};

const messages: MailMessage[] = Object.values(examples);
const cases = messages.flatMap((message) => LOCALES.map((locale) => [message.template, locale, message] as const));

/** The links a message carries in its data. */
function linksOf(message: MailMessage): string[] {
  return Object.values(message.data).filter((value): value is string => typeof value === 'string' && value.startsWith('http'));
}

function unescapeHtml(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every http(s) address written anywhere in the HTML, attribute or text. */
function addressesIn(html: string): string[] {
  return [...html.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => unescapeHtml(match[0]));
}

function render(message: MailMessage, locale: Locale) {
  return renderMail(message, locale, context);
}

/** The calendar's content lines, unfolded, as [name with parameters, value]. */
function calendarLines(ics: string): [string, string][] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon), line.slice(colon + 1)];
    });
}

function calendarValue(ics: string, name: string): string | undefined {
  return calendarLines(ics).find(([key]) => key === name || key.startsWith(`${name};`))?.[1];
}

describe('renderMail: every template in both languages', () => {
  it.each(cases)('%s (%s) has a subject, an HTML document and a plain-text part with every link', (_, locale, message) => {
    const mail = render(message, locale);
    expect(mail.subject.trim()).not.toBe('');
    expect(mail.subject).toMatch(locale === 'ar' ? / — تحاليل$/ : / — Tahaleel$/);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html.startsWith('<!doctype html><html')).toBe(true);
    expect(mail.html).toMatch(/<meta charset="utf-8"\/?>/i);
    expect(mail.html).toContain(`<title>${mail.subject.replace(/&/g, '&amp;')}</title>`);
    expect(mail.html).toContain('تحاليل | Tahaleel');
    expect(mail.text).toContain('تحاليل | Tahaleel');
    expect(mail.text.length).toBeGreaterThan(200);

    for (const link of linksOf(message)) {
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
      // In the text part each link stands on a line of its own, so it can be copied whole.
      expect(mail.text.split('\n')).toContain(link);
    }
    // The footer always leads back to the site, with the trailing slash removed.
    expect(mail.text.split('\n')).toContain(SITE);
    expect(mail.html).toContain(`href="${SITE}"`);
  });

  it.each(cases)('%s (%s) is in the right language and direction', (_, locale, message) => {
    const mail = render(message, locale);
    if (locale === 'ar') {
      expect(mail.html).toContain('<html lang="ar" dir="rtl">');
      expect(mail.html).toContain('text-align:right');
      expect(mail.html).not.toContain('text-align:left');
      expect(mail.subject).toMatch(/[\u0600-\u06ff]/);
      expect(mail.text).toContain('وصلتك هذه الرسالة');
    } else {
      expect(mail.html).toContain('<html lang="en" dir="ltr">');
      expect(mail.html).toContain('text-align:left');
      expect(mail.html).not.toContain('text-align:right');
      // English copy: no Arabic words beyond the logo and the footer's brand line (and the Arabic name of the example).
      expect(mail.subject).not.toMatch(/[\u0600-\u06ff]/);
      expect(mail.text).toContain('You received this e-mail because');
    }
  });

  it.each(cases)('%s (%s) loads nothing remote and links only to its own addresses', (_, locale, message) => {
    const { html } = render(message, locale);
    expect(html).not.toMatch(/<img|<link|<style|<script|<iframe|url\(/i);
    expect(html).not.toMatch(/@import|@font-face/i);
    const allowed = new Set([...linksOf(message), SITE, `${SITE}/dashboard`, `${SITE}/forgot-password`]);
    for (const address of addressesIn(html)) expect(allowed).toContain(address);
  });
});

describe('renderMail: content', () => {
  it('escapes a name that holds markup, in the HTML of every mail that shows a name', () => {
    for (const message of messages) {
      if (!('name' in message.data)) continue;
      const hostile = { ...message, data: { ...message.data, name: SCRIPT } } as MailMessage;
      for (const locale of LOCALES) {
        const mail = render(hostile, locale);
        expect(mail.html).not.toContain('<script');
        expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(mail.text).toContain(SCRIPT);
      }
    }
  });

  it('escapes markup in the lab, address, phone, reference and e-mail values', () => {
    const hostileBooking: BookingMailData = {
      ...booking,
      bookingReference: `TH-1"><img src=x>`,
      labName: { ar: SCRIPT, en: SCRIPT },
      labAddress: { ar: '<b onmouseover="x()">', en: '<b onmouseover="x()">' },
      labPhone: '<i>1</i>',
    };
    for (const locale of LOCALES) {
      for (const template of ['booking-confirmed', 'booking-cancelled', 'booking-reminder'] as const) {
        const { html } = render({ template, data: hostileBooking }, locale);
        expect(html).not.toMatch(/<script|<img|<b |<i>/);
      }
      const changed = render(
        { template: 'email-changed', data: { name: 'Sarah', newEmail: '"><script>x()</script>@example.com' } },
        locale,
      );
      expect(changed.html).not.toContain('<script');
      const order = render(
        { ...examples['store-order-confirmed'], data: { ...examples['store-order-confirmed'].data, orderReference: SCRIPT } },
        locale,
      );
      expect(order.html).not.toContain('<script');
    }
  });

  it('keeps a typed value on one line and strips direction overrides from it', () => {
    const mail = render({ template: 'password-changed', data: { name: 'Sarah\r\nhttps://evil.example\u202e' } }, 'en');
    expect(mail.text).toContain('Hello \u2068Sarah https://evil.example\u2069,');
    expect(mail.html).not.toContain('\u202e');
  });

  it('isolates names, references and phone numbers so they read correctly inside Arabic text', () => {
    const mail = render(examples['booking-confirmed'], 'ar');
    expect(mail.html).toContain('<bdi>Sarah Al-Qahtani</bdi>');
    expect(mail.html).toContain('<bdi dir="ltr">TH-3F2A9C</bdi>');
    expect(mail.html).toContain('<bdi dir="ltr">+966 11 234 5678</bdi>');
    expect(mail.text).toContain('مرحبًا \u2068Sarah Al-Qahtani\u2069،');
    expect(mail.text).toContain('رقم الحجز: \u2068TH-3F2A9C\u2069');
    const changed = render(examples['email-changed'], 'ar');
    expect(changed.html).toContain('<bdi dir="ltr">sarah.new@example.com</bdi>');
  });

  it('shows a booking in the lab’s time zone, not the server’s', () => {
    // The tests run with TZ=UTC: 06:30Z is 9:30 in Riyadh (UTC+3) and 10:30 in Dubai (UTC+4).
    const ar = render(examples['booking-confirmed'], 'ar');
    expect(ar.text).toContain('الوقت: 9:30 ص');
    expect(ar.text).toContain('الثلاثاء، 1 ديسمبر 2026');
    expect(ar.text).toContain('توقيت المملكة العربية السعودية');
    expect(ar.subject).toBe('تم تأكيد موعدك يوم الثلاثاء، 1 ديسمبر — تحاليل');
    const en = render(examples['booking-confirmed'], 'en');
    expect(en.text).toContain('Time: 9:30 AM');
    expect(en.text).toContain('Tuesday, December 1, 2026');
    expect(en.text).toContain('Duration: 30 minutes');
    expect(en.html).toContain('9:30 AM');

    const dubai = render({ template: 'booking-reminder', data: { ...booking, timeZone: 'Asia/Dubai' } }, 'en');
    expect(dubai.subject).toBe('Reminder: your appointment on Tuesday at 10:30 AM — Tahaleel');

    // 22:30Z on 1 December is already 2 December, 1:30 in the morning, in Riyadh.
    const late = render({ template: 'booking-cancelled', data: { ...booking, startsAt: '2026-12-01T22:30:00.000Z' } }, 'en');
    expect(late.text).toContain('Wednesday, December 2, 2026');
    expect(late.text).toContain('1:30 AM');
  });

  it('uses Latin digits and the Gregorian calendar in Arabic, with the Hijri date beside it', () => {
    const { text } = render(examples['booking-reminder'], 'ar');
    expect(text).not.toMatch(/[\u0660-\u0669]/);
    expect(text).toContain('2026');
    expect(text).toContain('1448 هـ');
  });

  it('never puts the booked test or any result in a booking mail or its calendar file', () => {
    const withTest = { ...booking, testName: 'HbA1c glycated haemoglobin', result: '9.1%' } as BookingMailData;
    for (const locale of LOCALES) {
      for (const template of ['booking-confirmed', 'booking-cancelled', 'booking-reminder'] as const) {
        const mail = render({ template, data: withTest }, locale);
        for (const part of [mail.subject, mail.html, mail.text, ...mail.attachments.map((file) => file.content)]) {
          expect(part).not.toContain('HbA1c');
          expect(part).not.toContain('9.1%');
        }
      }
    }
  });

  it('attaches the calendar file to the booking confirmation and the moved booking only', () => {
    for (const message of messages) {
      const { attachments } = render(message, 'ar');
      if (message.template === 'booking-confirmed' || message.template === 'booking-rescheduled') {
        expect(attachments).toHaveLength(1);
        expect(attachments[0]?.filename).toBe('tahaleel-appointment.ics');
        expect(attachments[0]?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
      } else {
        expect(attachments).toEqual([]);
      }
    }
  });

  it('gives a moved booking’s calendar file the same UID and the next SEQUENCE, so it replaces the old entry', () => {
    const first = render(examples['booking-confirmed'], 'en').attachments[0]!.content;
    const moved = render(examples['booking-rescheduled'], 'en').attachments[0]!.content;
    const uid = (ics: string) => ics.match(/^UID:(.*)$/m)?.[1];
    expect(uid(moved)).toBe(uid(first));
    expect(first).toMatch(/^SEQUENCE:0\r?$/m);
    expect(moved).toMatch(/^SEQUENCE:1\r?$/m);
    expect(render(examples['booking-rescheduled'], 'en').subject).toContain('Appointment moved to');
    expect(render(examples['booking-rescheduled'], 'ar').subject).toContain('تم تغيير موعدك');
  });

  it('names each paid plan as Arabic joins it: "باقة المؤسسات", "الباقة المميزة"', () => {
    const failed = (plan: string, locale: 'ar' | 'en') =>
      render({ ...examples['plan-renewal-failed'], data: { ...examples['plan-renewal-failed'].data, plan } }, locale).text;
    expect(failed('enterprise', 'ar')).toContain('اشتراكك في باقة المؤسسات');
    expect(failed('enterprise', 'ar')).not.toContain('الباقة المؤسسات');
    expect(failed('premium', 'ar')).toContain('اشتراكك في الباقة المميزة');
    expect(failed('enterprise', 'en')).toContain('renewing the Enterprise plan');
  });

  it('uses the wording each mail promises', () => {
    expect(render(examples['verify-email'], 'ar').subject).toBe('أكّد بريدك الإلكتروني — تحاليل');
    expect(render(examples['verify-email'], 'en').subject).toBe('Confirm your e-mail — Tahaleel');
    expect(render(examples['verify-email'], 'en').text).toContain('24 hours');
    expect(render(examples['verify-email'], 'ar').text).toContain('24 ساعة');

    const reset = render(examples['reset-password'], 'en').text;
    expect(reset).toContain('30 minutes');
    expect(reset).toContain('only once');
    expect(reset).toContain('your password has not changed');
    expect(render(examples['reset-password'], 'ar').text).toContain('كلمة مرورك لم تتغيّر');

    const results = render(examples['results-ready'], 'ar');
    expect(results.subject).toBe('نتائج تحاليلك جاهزة — تحاليل');
    expect(results.text).toContain('لا نرسل النتائج عبر البريد الإلكتروني');

    expect(render(examples['email-changed'], 'en').text).toContain('sarah.new@example.com');
    expect(render(examples['lab-rejected'], 'en').html).toContain('href="mailto:support@tahaleel.sa"');

    const rejected = render(
      { ...examples['test-request-decided'], data: { ...examples['test-request-decided'].data, decision: 'rejected' } },
      'en',
    );
    expect(rejected.subject).toBe('Your test request was not approved — Tahaleel');
    expect(rejected.text).toContain('“\u2068Vitamin D (25-OH)\u2069”');
    const approved = render(examples['test-request-decided'], 'ar');
    expect(approved.subject).toBe('تم قبول طلب إضافة التحليل — تحاليل');
    expect(approved.text).toContain('«\u2068فيتامين د (25-OH)\u2069»');
  });

  it("tells a lab its package was approved, or turned down with the reviewer's note, the package's name isolated", () => {
    const rejected = render(examples['package-decided'], 'en');
    expect(rejected.subject).toBe('Your package was not approved — Tahaleel');
    expect(rejected.text).toContain("“\u2068Women's Health Package\u2069”");
    expect(rejected.text).toContain('Name the vitamin D test as the catalogue does');
    const approved = render(
      { ...examples['package-decided'], data: { ...examples['package-decided'].data, decision: 'approved', note: null } },
      'ar',
    );
    expect(approved.subject).toBe('تم اعتماد باقتك — تحاليل');
    expect(approved.text).toContain('«\u2068باقة صحة المرأة\u2069»');
    expect(approved.text).not.toContain('ملاحظة المراجعة');
  });

  it('tells a customer how much credit reached the wallet, why and until when, never whom they invited', () => {
    const english = render(examples['wallet-credited'], 'en');
    expect(english.subject).toBe('SAR\u00a025.00 added to your wallet — Tahaleel');
    expect(english.text).toContain('Someone you invited has completed their first paid test');
    expect(english.text).toContain('28 February 2027');
    expect(english.text).toContain('https://tahaleel.sa/dashboard?section=wallet');
    const arabic = render(
      { ...examples['wallet-credited'], data: { ...examples['wallet-credited'].data, reason: 'referral_referred' } },
      'ar',
    );
    expect(arabic.subject).toBe('أضفنا 25.00\u00a0ر.س إلى محفظتك — تحاليل');
    expect(arabic.text).toContain('أكملت أول تحليل مدفوع لك بدعوة من صديق');
    expect(arabic.text).toContain('28 فبراير 2027');
    const goodwill = { ...examples['wallet-credited'], data: { ...examples['wallet-credited'].data, reason: 'goodwill' as const } };
    expect(render(goodwill, 'en').text).toContain('customer care team added SAR\u00a025.00 to your wallet');
    expect(render(goodwill, 'ar').text).toContain('أضاف فريق خدمة العملاء في تحاليل 25.00\u00a0ر.س إلى محفظتك');
  });

  it('tells a customer a lab missed its promise, which one, and the credit charged to the lab', () => {
    const english = render(examples['guarantee-credited'], 'en');
    expect(english.text).toContain('Your results came later than the lab promised');
    const arabic = render(
      { ...examples['guarantee-credited'], data: { ...examples['guarantee-credited'].data, kind: 'late_collector' } },
      'ar',
    );
    expect(arabic.text).toContain('بعد أكثر من 30 دقيقة من بداية موعد الزيارة');
    // A package visit's test that came late is named, the others having come on time.
    const vitaminD = { ...examples['guarantee-credited'].data, lateTest: { ar: 'فيتامين د', en: 'Vitamin D' } };
    expect(render({ ...examples['guarantee-credited'], data: vitaminD }, 'ar').text).toContain(
      'صدرت نتيجة تحليل «\u2068فيتامين د\u2069» من باقتك بعد الموعد الذي التزم به المختبر لهذا التحليل',
    );
    expect(render({ ...examples['guarantee-credited'], data: vitaminD }, 'en').text).toContain(
      'Your “\u2068Vitamin D\u2069” result, a test of your package, came later than the lab promised for it',
    );
  });

  it('tells a customer whose wallet changed while they paid that nothing was booked and the card goes back', () => {
    const message = { ...examples['payment-refunded'], data: { ...examples['payment-refunded'].data, reason: 'wallet_changed' as const } };
    expect(render(message, 'en').text).toContain('Your wallet balance changed while you paid');
    expect(render(message, 'en').text).toContain('Choose another time');
    expect(render(message, 'ar').text).toContain('تغيّر رصيد محفظتك أثناء الدفع');
  });

  it('tells a customer who changed their checkout after paying that the earlier payment went back, and where their bookings are', () => {
    const message = {
      ...examples['payment-refunded'],
      data: { ...examples['payment-refunded'].data, reason: 'amount_changed' as const, link: 'https://tahaleel.sa/dashboard' },
    };
    const english = render(message, 'en');
    expect(english.text).toContain('Your checkout was changed (a promo code, or the part your wallet pays) after this payment was made');
    expect(english.text).toContain('View my bookings');
    expect(render(message, 'ar').text).toContain('عُدِّل طلبك (رمز الخصم أو الجزء الذي تدفعه من محفظتك)');
    const store = {
      ...examples['store-payment-refunded'],
      data: { ...examples['store-payment-refunded'].data, reason: 'amount_changed' as const },
    };
    expect(render(store, 'en').text).toContain('The part of your order paid from your wallet was changed after this card payment was made');
    expect(render(store, 'ar').text).toContain('عُدِّل الجزء الذي تدفعه من محفظتك');
  });

  it('tells the patient when staff opened a result (Riyadh time) and the reason given, without the test or the result', () => {
    const message = examples['result-opened-by-staff'];
    const english = render(message, 'en');
    expect(english.subject).toBe('Tahaleel staff opened one of your results — Tahaleel');
    expect(english.text).toContain('December 1, 2026');
    expect(english.text).toContain('12:05 PM');
    expect(english.text).toContain('Support request #4512: the patient could not open the file');
    expect(english.html).toContain(`href="${SITE}/dashboard?section=results"`);
    const arabic = render(message, 'ar');
    expect(arabic.subject).toBe('اطّلع أحد موظفي تحاليل على نتيجتك — تحاليل');
    expect(arabic.text).toContain('1 ديسمبر 2026');
    expect(arabic.text).toContain('12:05');
    expect(arabic.text).toContain('\u2068Support request #4512: the patient could not open the file\u2069');
    for (const mail of [english, arabic]) expect(mail.text).not.toMatch(/%PDF|\.pdf|Vitamin|CBC/);
  });

  it('tells the patient a link for their doctor locked: which one by the day it was shared, that it opens nothing, and where to issue a new code', () => {
    const message = examples['result-share-locked'];
    const english = render(message, 'en');
    expect(english.subject).toBe('A link you shared with a doctor was locked — Tahaleel');
    expect(english.text).toContain('you shared with a doctor on Saturday, November 28, 2026');
    expect(english.text).toContain('The link opens nothing now, even with the right code.');
    expect(english.text).toContain('Results in the link: 2');
    expect(english.text).toContain('Tuesday, December 1, 2026, 12:30 AM');
    expect(english.html).toContain(`href="${SITE}/dashboard?section=results"`);
    expect(english.text).toContain('Issue a new code');
    const arabic = render(message, 'ar');
    expect(arabic.subject).toBe('قُفل رابط نتائجك الذي شاركته مع طبيب — تحاليل');
    expect(arabic.text).toContain('يوم السبت، 28 نوفمبر 2026');
    expect(arabic.text).toContain('لم يعد الرابط يفتح شيئًا الآن');
    expect(arabic.text).toContain('إصدار رمز جديد');
    for (const mail of [english, arabic]) {
      expect(mail.text.split('\n')).toContain(`${SITE}/dashboard?section=results`);
      expect(mail.text).not.toContain('/share/');
    }
  });

  it('tells a reader who did not change the password where to reset it', () => {
    for (const locale of LOCALES) {
      const mail = render(examples['password-changed'], locale);
      expect(mail.html).toContain(`href="${SITE}/forgot-password"`);
      expect(mail.text.split('\n')).toContain(`${SITE}/forgot-password`);
    }
    expect(render(examples['password-changed'], 'en').text).toContain('If this was not you, reset your password now');
  });

  it('reminds of a retest by the test’s name and whom it is for, with the way to book it, and never a value', () => {
    const english = render(examples['retest-reminder'], 'en');
    expect(english.subject).toBe('Time for your Glycated Hemoglobin (HbA1c) test — Tahaleel');
    expect(english.text).toContain('It is time for your “\u2068Glycated Hemoglobin (HbA1c)\u2069” test, as you asked us to remind you.');
    const arabic = render(examples['retest-reminder'], 'ar');
    expect(arabic.subject).toBe('حان موعد تحليل الهيموغلوبين السكري (HbA1c) — تحاليل');
    expect(arabic.text).toContain('حان موعد إجراء تحليل «\u2068الهيموغلوبين السكري (HbA1c)\u2069»، كما طلبت منّا أن نذكّرك.');
    const forMember = { ...examples['retest-reminder'], data: { ...examples['retest-reminder'].data, memberName: 'Noura' } };
    expect(render(forMember, 'en').text).toContain(
      'It is time for the “\u2068Glycated Hemoglobin (HbA1c)\u2069” test for \u2068Noura\u2069,',
    );
    expect(render(forMember, 'ar').text).toContain('لفرد عائلتك \u2068Noura\u2069،');
    expect(render(forMember, 'en').subject).toBe('Time for a family member’s Glycated Hemoglobin (HbA1c) test — Tahaleel');
    expect(render(forMember, 'ar').subject).not.toContain('Noura');
    for (const locale of LOCALES) {
      const mail = render(examples['retest-reminder'], locale);
      expect(mail.text.split('\n')).toContain(examples['retest-reminder'].data.bookLink);
      expect(mail.text.split('\n')).toContain(examples['retest-reminder'].data.remindersLink);
      // Like the booking reminder, it says where reminders are turned off.
      expect(mail.text.slice(mail.text.indexOf('\n--\n')).split('\n')).toContain(`${SITE}/dashboard`);
      for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toMatch(/\d\.\d\s*%|mmol|prediabet/i);
    }
  });

  it('tells the owner of an address someone tried to use for another account that nothing changed, and how to sign in', () => {
    for (const locale of LOCALES) {
      expect(render(examples['address-in-use'], locale).text.split('\n')).toContain(`${SITE}/forgot-password`);
    }
    const mail = render(examples['address-in-use'], 'en').text;
    expect(mail).toContain('nothing in your account changed');
    expect(mail).toContain('If it was you, sign in with this address');
    expect(render(examples['address-in-use'], 'ar').text).toContain('لم يتغيّر شيء في حسابك');
  });

  it('says in the reminder how to turn reminders off, and in the newsletter mail how to unsubscribe', () => {
    for (const locale of LOCALES) {
      const reminder = render(examples['booking-reminder'], locale);
      const footer = reminder.text.slice(reminder.text.indexOf('\n--\n'));
      expect(footer.split('\n')).toContain(`${SITE}/dashboard`);
      expect(reminder.html).toContain(`href="${SITE}/dashboard"`);

      const newsletter = render(examples['newsletter-confirm'], locale);
      const unsubscribe = examples['newsletter-confirm'].data.unsubscribeLink;
      expect(newsletter.text.slice(newsletter.text.indexOf('\n--\n')).split('\n')).toContain(unsubscribe);
      // The unsubscribe link is in the footer, after the button.
      expect(newsletter.html.lastIndexOf(unsubscribe.replace(/&/g, '&amp;'))).toBeGreaterThan(
        newsletter.html.indexOf(examples['newsletter-confirm'].data.confirmLink.replace(/&/g, '&amp;')),
      );
    }
    expect(render(examples['booking-reminder'], 'en').text).toContain('You can turn reminders off in your account settings');
    expect(render(examples['booking-reminder'], 'ar').text).toContain('يمكنك إيقاف رسائل التذكير من إعدادات حسابك');
  });

  it('formats the store total as Saudi riyals with two decimals', () => {
    expect(render(examples['store-order-confirmed'], 'en').text).toContain('Total: SAR\u00a0149.50');
    const ar = render(examples['store-order-confirmed'], 'ar').text;
    expect(ar).toContain('149.50');
    expect(ar).toContain('ر.س');
    expect(ar).toContain('عدد المنتجات: 3');
    // Without a name the greeting has none.
    const guest = render({ ...examples['store-order-confirmed'], data: { ...examples['store-order-confirmed'].data, name: null } }, 'en');
    expect(guest.text).toContain('\nHello,\n');
  });

  it('refuses a link that is not a web address', () => {
    expect(() => render({ template: 'results-ready', data: { name: 'Sarah', link: 'javascript:alert(1)' } }, 'en')).toThrow();
    expect(() => renderMail(examples['lab-rejected'], 'en', { publicUrl: 'tahaleel.sa' })).toThrow();
  });
});

describe('bookingCalendarEvent', () => {
  it('is one VEVENT in a VCALENDAR with CRLF lines of at most 75 octets', () => {
    const { content } = bookingCalendarEvent(booking, 'ar');
    const lines = calendarLines(content);
    expect(lines[0]).toEqual(['BEGIN', 'VCALENDAR']);
    expect(lines.at(-1)).toEqual(['END', 'VCALENDAR']);
    expect(calendarValue(content, 'VERSION')).toBe('2.0');
    expect(calendarValue(content, 'METHOD')).toBe('PUBLISH');
    expect(lines.filter(([key, value]) => key === 'BEGIN' && value === 'VEVENT')).toHaveLength(1);
    expect(content).not.toMatch(/[^\r]\n/);
    for (const line of content.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('starts and ends on the lab’s clock, in the lab’s time zone, with that zone’s definition', () => {
    const { content } = bookingCalendarEvent(booking, 'en');
    expect(calendarValue(content, 'DTSTART;TZID=Asia/Riyadh')).toBe('20261201T093000');
    expect(calendarValue(content, 'DTEND;TZID=Asia/Riyadh')).toBe('20261201T100000');
    expect(content).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Riyadh');
    expect(content).toContain('TZOFFSETTO:+0300');
    // DTSTAMP is UTC, as RFC 5545 requires.
    expect(calendarValue(content, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    const dubai = bookingCalendarEvent({ ...booking, timeZone: 'Asia/Dubai' }, 'en').content;
    expect(calendarValue(dubai, 'DTSTART;TZID=Asia/Dubai')).toBe('20261201T103000');
    // The lab's own clock is in the description too.
    expect(calendarValue(content, 'DESCRIPTION')).toContain('9:30 AM (Saudi Arabia Time)');
  });

  it('keeps one UID per booking reference, whatever the language or the time', () => {
    const uid = (data: BookingMailData, locale: Locale) => calendarValue(bookingCalendarEvent(data, locale).content, 'UID');
    const first = uid(booking, 'ar');
    expect(first).toBe('booking-TH-3F2A9C@tahaleel.sa');
    expect(uid(booking, 'en')).toBe(first);
    expect(uid({ ...booking, startsAt: '2026-12-02T07:00:00.000Z' }, 'ar')).toBe(first);
    expect(uid({ ...booking, bookingReference: 'TH-000001' }, 'ar')).not.toBe(first);
  });

  it('has the title, the lab’s address in the mail’s language and the bookings link', () => {
    const ar = bookingCalendarEvent(booking, 'ar').content;
    expect(calendarValue(ar, 'SUMMARY')).toBe('موعد تحليل في مختبرات البرج');
    expect(calendarValue(ar, 'LOCATION')).toBe('طريق الملك فهد، حي العليا، الرياض');
    expect(calendarValue(ar, 'DESCRIPTION')).toContain(booking.link);

    const en = bookingCalendarEvent(booking, 'en').content;
    expect(calendarValue(en, 'SUMMARY')).toBe('Lab appointment at Al Borg Labs');
    // Commas are escaped in iCalendar text.
    expect(calendarValue(en, 'LOCATION')).toBe('King Fahd Road\\, Al Olaya\\, Riyadh');
    expect(calendarValue(en, 'DESCRIPTION')).toContain(booking.link);
  });
});

describe('mailCategory', () => {
  it('lets users switch off reminders only; the newsletter confirmation and everything else always go out', () => {
    const reminders = ['booking-reminder', 'retest-reminder'];
    for (const template of reminders) expect(mailCategory(template as MailMessage['template'])).toBe('reminders');
    expect(mailCategory('newsletter-confirm')).toBe('transactional');
    for (const message of messages) {
      if (!reminders.includes(message.template)) expect(mailCategory(message.template)).toBe('transactional');
    }
  });
});

describe('an insurance claim not accepted (ADR 0100)', () => {
  it('names the visit and that nothing more is charged without telling, never the insurer’s reasons; the subject names neither test nor member', () => {
    for (const locale of LOCALES) {
      const mail = renderMail(examples['insurance-claim-rejected'], locale, context);
      expect(mail.subject).not.toContain(locale === 'ar' ? 'فيتامين' : 'Vitamin');
      expect(mail.text).toContain(locale === 'ar' ? 'فيتامين د' : 'Vitamin D');
      expect(mail.text).toContain('TH-3F2A9C');
      expect(mail.text).toContain(locale === 'ar' ? 'لن يُطلب منك دفع أي مبلغ إضافي' : 'You will not be asked to pay anything more');
    }
    const forMember = {
      ...examples['insurance-claim-rejected'],
      data: { ...examples['insurance-claim-rejected'].data, memberName: 'Noura' },
    };
    const mail = renderMail(forMember, 'en', context);
    expect(mail.text).toContain('Noura');
    expect(mail.subject).not.toContain('Noura');
  });
});
