import type { Locale } from '../../../../shared/locale.ts';
import { isolate, link, type MailContent } from './content.ts';
import { appointmentTime, inLanguage, picker, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';
import type { Bilingual } from './types.ts';

export interface SeriesVisitDueMailData {
  name: string;
  labName: Bilingual;
  /** The visit: its start, its length and the lab's time zone; its place in the series and how many. */
  startsAt: string;
  slotMinutes: number;
  timeZone: string;
  visit: number;
  visits: number;
  /** Until when it is kept unpaid, after which its time goes to others. */
  payBy: string;
  /** The customer's bookings, where the visit is paid for (or let go). */
  link: string;
}

/**
 * A visit of a series paid each when due comes due (issue #58, ADR 0075): the lab, the time, its place in the
 * series and the deadline to pay it, after which its time is let go. Like every booking mail it names the lab
 * and the time, never the test.
 */
export function seriesVisitDueMail(data: SeriesVisitDueMailData, locale: Locale): MailContent {
  const t = picker(locale);
  const when = appointmentTime(data.startsAt, data.slotMinutes, data.timeZone, locale);
  const payBy = appointmentTime(data.payBy, 0, data.timeZone, locale);
  const lab = isolate(inLanguage(data.labName, locale));
  const place = t(`الزيارة ${data.visit} من ${data.visits}`, `Visit ${data.visit} of ${data.visits}`);
  return {
    subject: subject(t, t(`حان موعد دفع زيارتك يوم ${when.shortDate}`, `Time to pay for your visit on ${when.shortDate}`)),
    preheader: t(`ادفع قبل ${payBy.shortDate} الساعة ${payBy.time} ليبقى موعدك`, `Pay by ${payBy.shortDate} at ${payBy.time} to keep it`),
    heading: t('حان موعد دفع زيارتك القادمة', 'Your next visit is due'),
    intro: [
      greeting(t, data.name),
      [
        t('اقترب موعد زيارتك القادمة في ', 'Your next visit at '),
        lab,
        t(
          ' من سلسلة الزيارات التي حجزتها، وقد اخترت أن تدفع كل زيارة عند استحقاقها.',
          ' in the series you booked is coming up, and you chose to pay for each visit when it is due.',
        ),
      ],
    ],
    details: [
      { label: t('المختبر', 'Lab'), value: [lab] },
      { label: t('الزيارة', 'Visit'), value: [place] },
      { label: t('التاريخ', 'Date'), value: [when.date], note: when.hijriDate },
      { label: t('الوقت', 'Time'), value: [`${when.time} (${when.zone})`] },
      { label: t('ادفع قبل', 'Pay by'), value: [`${payBy.date} ${payBy.time} (${payBy.zone})`] },
    ],
    action: { label: t('ادفع لهذه الزيارة', 'Pay for this visit'), href: webAddress(data.link) },
    notes: [
      [
        t(
          'إن لم تدفع حتى ذلك الوقت، نُتيح الموعد لغيرك، وتبقى زياراتك الأخرى كما هي.',
          'If it is not paid by then, its time goes to others; your other visits stay as they are.',
        ),
      ],
      [
        t('لا تحتاج هذه الزيارة؟ ألغِها من ', 'Do not need this visit? Let it go in '),
        link(data.link, t('حجوزاتك', 'your bookings')),
        t('.', '.'),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأنك حجزت سلسلة زيارات عبر تحاليل تُدفع كل منها عند استحقاقها.',
          'You received this e-mail because you booked a series of visits on Tahaleel, each paid when it is due.',
        ),
      ],
    ],
  };
}
