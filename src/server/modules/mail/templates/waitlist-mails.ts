import type { Locale } from '../../../../shared/locale.ts';
import { isolate, link, type MailContent } from './content.ts';
import { appointmentTime, inLanguage, picker, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';
import type { Bilingual } from './types.ts';

export interface WaitlistOfferMailData {
  name: string;
  labName: Bilingual;
  /** The seat offered: its start, its length and the lab's time zone. */
  startsAt: string;
  slotMinutes: number;
  timeZone: string;
  /** Until when the seat is kept for the reader, after which it goes to the next person waiting. */
  heldUntil: string;
  /** The customer's bookings, where the offer is taken (or the list left). */
  link: string;
}

/**
 * A seat freed on a day the reader waits for (issue #58): the lab, the time, and until when it is kept
 * for them. Like every booking mail it names the lab and the time, never the test.
 */
export function waitlistOfferMail(data: WaitlistOfferMailData, locale: Locale): MailContent {
  const t = picker(locale);
  const when = appointmentTime(data.startsAt, data.slotMinutes, data.timeZone, locale);
  const until = appointmentTime(data.heldUntil, 0, data.timeZone, locale).time;
  const lab = isolate(inLanguage(data.labName, locale));
  return {
    subject: subject(t, t(`توفّر موعد يوم ${when.shortDate} الساعة ${when.time}`, `A time is free on ${when.shortDate} at ${when.time}`)),
    preheader: t(`محجوز لك حتى الساعة ${until}`, `Held for you until ${until}`),
    heading: t('توفّر موعد كنت تنتظره', 'A time you were waiting for is free'),
    intro: [
      greeting(t, data.name),
      [
        t('أُتيح موعد في ', 'A time has come free at '),
        lab,
        t(
          ' في اليوم الذي سجّلت فيه في قائمة الانتظار، وحجزناه لك مؤقتًا.',
          ' on the day you joined the waitlist for, and we are holding it for you.',
        ),
      ],
    ],
    details: [
      { label: t('المختبر', 'Lab'), value: [lab] },
      { label: t('التاريخ', 'Date'), value: [when.date], note: when.hijriDate },
      { label: t('الوقت', 'Time'), value: [`${when.time} (${when.zone})`] },
      { label: t('محجوز لك حتى', 'Held for you until'), value: [`${until} (${when.zone})`] },
    ],
    action: { label: t('احجز هذا الموعد', 'Book this time'), href: webAddress(data.link) },
    notes: [
      [
        t(
          'إن لم تحجزه حتى ذلك الوقت، نعرضه على الشخص التالي في قائمة الانتظار وتخرج أنت منها.',
          'If you do not book it by then, it goes to the next person waiting, and you leave the waitlist.',
        ),
      ],
      [
        t('لا تريد الموعد؟ اخرج من قائمة الانتظار من ', 'Do not want it? Leave the waitlist in '),
        link(data.link, t('حجوزاتك', 'your bookings')),
        t('، فنعرضه على غيرك فورًا.', ', and we offer it to someone else at once.'),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأنك سجّلت في قائمة الانتظار لموعد عبر تحاليل.',
          'You received this e-mail because you joined a waitlist for an appointment on Tahaleel.',
        ),
      ],
    ],
  };
}
